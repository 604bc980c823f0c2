import { parseArgs, runCli, scenarioOf } from '../../src/sim/cli';
import { createSimulation } from '../../src/sim';
import type { SimParamsInput } from '../../src/sim';
import type { ReferenceRun } from './runs';

/** FNV-1a 32 over text and typed arrays: a short digest of what the page reads. */
function digest(parts: (string | ArrayBufferView)[]): string {
  let h = 0x811c9dc5;
  const enc = new TextEncoder();
  for (const part of parts) {
    const b = typeof part === 'string' ? enc.encode(part) : new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
    for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * Everything the page reads from a simulation at time `t`, as one digest: the hash space,
 * the recent events, LIST pages and watch events of the first and last replica in both
 * modes, the metrics, the nearest objects and a snapshot.
 */
function pageReads(input: SimParamsInput): string {
  const sim = createSimulation(input);
  const reads = (): string => {
    const hs = sim.hashSpace();
    const now = sim.snapshot();
    const parts: (string | ArrayBufferView)[] = [hs.positions, hs.ownerClient, hs.ownerServer, JSON.stringify(hs.namespaces)];
    for (const mode of ['client', 'server'] as const) {
      for (const r of [0, now.modes[mode].replicas.length - 1]) {
        parts.push(JSON.stringify(sim.listFor(mode, r, { limit: 3 })));
        parts.push(JSON.stringify(sim.watchEventsFor(mode, r, 3)));
      }
      parts.push(sim.metricsText(mode, 0));
    }
    parts.push(JSON.stringify(sim.recentEvents(20)), JSON.stringify(sim.objectsNear(0.5, 4)));
    const snap = sim.snapshot();
    // The step-back store's own memory (stepBack.bytes) is bookkeeping of the checkpoints,
    // not the model: it follows the size of the model's scratch arrays, so it is left out.
    parts.push(JSON.stringify({ ...snap, version: 0, stepBack: { quickFrom: snap.stepBack.quickFrom } }));
    return digest(parts);
  };
  const end = sim.params.schedule.length > 0 ? Math.max(...sim.params.schedule.map((e) => e.at)) + 15 : 30;
  for (let t = 0; t < end; t++) sim.step(1);
  const atEnd = reads();
  // Step back to the middle and forward again: the restore must read the same.
  sim.seek(end / 2);
  const atMiddle = reads();
  sim.seek(end);
  const again = reads();
  return `${atEnd}/${atMiddle}/${again}`;
}

/** What a reference run printed (exit code, stdout parsed when JSON, stderr) and, for JSON runs, a digest of the page's reads. */
export function referenceOutput(run: ReferenceRun): { code: number; stdout: unknown; stderr: string; pageReads?: string } {
  const readFile = (path: string): string => {
    if (run.scenario === undefined || path !== 'reference.json') throw new Error(`no such file: ${path}`);
    return JSON.stringify(run.scenario);
  };
  const r = runCli(run.argv, readFile);
  if (!run.argv.includes('--json')) return { code: r.code, stdout: r.stdout.split('\n'), stderr: r.stderr };
  const { input } = scenarioOf(parseArgs(run.argv), readFile);
  return { code: r.code, stdout: JSON.parse(r.stdout), stderr: r.stderr, pageReads: pageReads(input) };
}
