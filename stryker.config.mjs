// StrykerJS configuration for `npm run mutate` (scripts/mutate.mjs).
// Not part of `npm test` or CI: a run over src/core takes minutes.
//
// The wrapper resolves `--only` to files and chooses the test files, and hands both over in
// two environment variables (a list of files can be longer than a command line). Run alone
// (`npx stryker run`), this mutates src/core against src/core's own tests.

/** A JSON array of strings from the environment, or the fallback. */
function listFromEnv(name, fallback) {
  const raw = process.env[name];
  return raw === undefined ? fallback : JSON.parse(raw);
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Straight to vitest (vite.config.ts with both of its projects), never `npm test`, which
  // type-checks first. Not `related`: a test runner restarted after a timeout has an empty
  // module graph, finds no related test, runs none, and every later mutant "survives" with
  // 0 tests (514 of 708 mutants on src/sim/report). Each mutant still runs only
  // the tests that cover it (`perTest`), by their ids.
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  // Per mutant, only the tests that executed it run.
  coverageAnalysis: 'perTest',
  // A static mutant (in a module-level table: the reserved words, the token maps, a regexp)
  // runs while a module loads, so it needs a fresh load and every test, not just its own:
  // minutes each on a busy 2-core machine. They are left out (reported as ignored); add them
  // with `npm run mutate -- --ignoreStatic false`.
  ignoreStatic: true,
  // Generated code is never mutated (scripts/mutate.mjs leaves it out of --only lists too).
  mutate: [...listFromEnv('SHARDSCOPE_MUTATE', ['src/core/**/*.ts', '!src/core/**/*.test.ts']), '!src/core/sharding/cel/generated/**'],
  // Empty means every test file of vite.config.ts (narrowed by `related`).
  testFiles: listFromEnv('SHARDSCOPE_MUTATE_TESTS', ['src/core/**/*.test.ts', 'tests/core/**/*.test.ts']),
  // Two cores: two vitest workers; the Stryker process itself mostly waits.
  concurrency: 2,
  // Absolute slack over a mutant's expected time (Stryker's default): a mutant stuck in a
  // loop costs this much, and the worker's restart after it.
  timeoutMS: 5_000,
  // `npm run mutate -- --incremental` reuses the results of mutants whose code and covering
  // tests did not change since the last run.
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  // Build and browser-test outputs need not be copied into the sandbox.
  ignorePatterns: ['dist', 'dist-single', 'coverage', 'test-results', 'playwright-report', 'e2e/.out', 'reports', '.vite'],
  reporters: ['progress', 'clear-text', 'json', 'html'],
  clearTextReporter: { reportTests: false, reportMutants: false, reportScoreTable: true },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  thresholds: { high: 90, low: 80, break: null },
};
