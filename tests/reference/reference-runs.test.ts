import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_RUNS } from './runs';
import { referenceOutput } from './output';

// Recorded with `npx tsx tests/reference/record.ts`. A refactor must leave every byte of
// these runs as it was; a change of behaviour re-records them in its own commit and says why.
const recorded = JSON.parse(readFileSync(new URL('../fixtures/reference-runs.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('the ten reference runs are bit-identical to their recording', () => {
  it('records exactly the runs listed', () => {
    expect(Object.keys(recorded)).toEqual(REFERENCE_RUNS.map((r) => r.name));
  });
  for (const run of REFERENCE_RUNS) {
    it(`${run.name}: npm run sim -- ${run.argv.join(' ')}`, () => {
      expect(referenceOutput(run)).toEqual(recorded[run.name]);
    });
  }
});
