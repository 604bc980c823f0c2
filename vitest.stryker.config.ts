import { mergeConfig, type ConfigEnv } from 'vite';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vite.config';

/**
 * Vitest's order reversed: cheapest test files first (by the last recorded duration, else by
 * size). Stryker stops a mutant's run at the first failing test, and the focused unit tests
 * that kill most mutants are the quick ones; vitest's own order runs the slow property and
 * cost suites first.
 */
class CheapestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).reverse();
  }
}

// The vitest configuration Stryker runs (stryker.config.mjs): vite.config.ts's, test files
// ordered for mutation testing. Nothing else changes.
export default (env: ConfigEnv) => mergeConfig(base(env), { test: { sequence: { sequencer: CheapestFirst } } });
