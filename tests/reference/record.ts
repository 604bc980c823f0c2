/**
 * Records the reference runs into tests/fixtures/reference-runs.json:
 *   npx tsx tests/reference/record.ts
 * Only when behaviour changes on purpose; the commit that re-records says why.
 */
import { writeFileSync } from 'node:fs';
import { REFERENCE_RUNS } from './runs';
import { referenceOutput } from './output';

const out: Record<string, unknown> = {};
for (const run of REFERENCE_RUNS) {
  out[run.name] = referenceOutput(run);
  process.stderr.write(`${run.name}\n`);
}
writeFileSync(new URL('../fixtures/reference-runs.json', import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
