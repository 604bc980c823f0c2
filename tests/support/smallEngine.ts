/**
 * An engine factory for component tests: the real model on this thread, with its cluster capped
 * at a few thousand pods. A story step asks for 100,000 objects so that a LIST is slow on stage;
 * a component test checks what the page shows of a run (times, steps, states), which does not
 * depend on the cluster's size, and the model's own tests check its figures at size.
 */
import type { SimParamsInput } from '../../src/sim';
import { createLocalEngine } from '../../src/state/localEngine';
import type { EngineFactory } from '../../src/state';
import type { SimEngine } from '../../src/state/engine';

const capped = (input: SimParamsInput, pods: number): SimParamsInput =>
  input.cluster?.pods !== undefined && input.cluster.pods > pods ? { ...input, cluster: { ...input.cluster, pods } } : input;

/** The local engine, building at most `pods` pods whatever the parameters ask for. */
export function smallEngineFactory(pods = 2_000): EngineFactory {
  return () => {
    const engine = createLocalEngine();
    const small: SimEngine = Object.create(engine) as SimEngine;
    return Object.assign(small, {
      create: (input: SimParamsInput, frame: Parameters<SimEngine['create']>[1], options?: Parameters<SimEngine['create']>[2]) => engine.create(capped(input, pods), frame, options),
      reconfigure: (input: SimParamsInput, frame: Parameters<SimEngine['reconfigure']>[1]) => engine.reconfigure(capped(input, pods), frame),
    });
  };
}
