import { describe, expect, it } from 'vitest';
import { applyRetry, embedReport, lostTests, mergeReports, retryPatterns, summarize, tally, type MutationReport } from '../../scripts/mutationReport.mjs';

const mutant = (id: string, status: string, coveredBy: string[], killedBy?: string[]) => ({
  id,
  status,
  coveredBy,
  ...(killedBy ? { killedBy } : {}),
});

/** Two runs as `npm run mutate -- --each` gets them: each numbers its tests from 0. */
function twoRuns(): [MutationReport, MutationReport] {
  const a: MutationReport = {
    schemaVersion: '1.0',
    files: { 'src/core/a.ts': { language: 'typescript', source: 'a', mutants: [mutant('0', 'Killed', ['0', '1'], ['1']), mutant('1', 'Survived', ['0'])] } },
    testFiles: { 'src/core/a.test.ts': { source: '', tests: [{ id: '0', name: 'a works' }, { id: '1', name: 'a fails' }] } },
  };
  const b: MutationReport = {
    schemaVersion: '1.0',
    files: {
      'src/core/sub/b.ts': { language: 'typescript', source: 'b', mutants: [mutant('0', 'Killed', ['0', '1'], ['0']), mutant('1', 'Timeout', ['1']), mutant('2', 'NoCoverage', [])] },
    },
    // The same test as run a's "a fails", under another id, and one test of its own.
    testFiles: {
      'src/core/a.test.ts': { source: '', tests: [{ id: '0', name: 'a fails' }] },
      'src/core/sub/b.test.ts': { source: '', tests: [{ id: '1', name: 'b works' }] },
    },
  };
  return [a, b];
}

describe('mergeReports', () => {
  it('keeps one id per test across runs and maps every mutant to it', () => {
    const merged = mergeReports(twoRuns());
    const ids = Object.fromEntries(
      Object.values(merged.testFiles ?? {}).flatMap((tf) => tf.tests.map((t) => [t.name, t.id])),
    );
    expect(ids).toEqual({ 'a works': '0', 'a fails': '1', 'b works': '2' });
    expect(merged.testFiles?.['src/core/a.test.ts']?.tests).toHaveLength(2);
    const b = merged.files['src/core/sub/b.ts']!.mutants;
    expect(b[0]!.killedBy).toEqual([ids['a fails']]);
    expect(b[0]!.coveredBy).toEqual([ids['a fails'], ids['b works']]);
    expect(b[1]!.coveredBy).toEqual([ids['b works']]);
    expect(merged.files['src/core/a.ts']!.mutants[0]!.killedBy).toEqual([ids['a fails']]);
    expect(merged.files['src/core/a.ts']!.mutants[1]!.coveredBy).toEqual([ids['a works']]);
  });

  it('keeps the later run of a file mutated twice, and every file once', () => {
    const [a, b] = twoRuns();
    const again: MutationReport = { ...a, files: { 'src/core/a.ts': { ...a.files['src/core/a.ts']!, mutants: [mutant('0', 'Killed', ['0'], ['0'])] } } };
    const merged = mergeReports([a, b, again]);
    expect(Object.keys(merged.files).sort()).toEqual(['src/core/a.ts', 'src/core/sub/b.ts']);
    expect(merged.files['src/core/a.ts']!.mutants.map((m) => m.status)).toEqual(['Killed']);
  });

  it('refuses nothing to merge', () => {
    expect(() => mergeReports([])).toThrow(/no report/);
  });
});

describe('summarize', () => {
  it('scores a folder by the files directly in it and a scope by everything it resolved to', () => {
    const merged = mergeReports(twoRuns());
    const s = summarize(merged, [{ entry: 'src/core', files: ['src/core/a.ts', 'src/core/sub/b.ts'] }], '/repo');
    expect(s.folders.map((f) => [f.folder, f.killed, f.survived, f.noCoverage, f.timeout, f.score])).toEqual([
      ['src/core', 1, 1, 0, 0, 50],
      ['src/core/sub', 1, 0, 1, 1, 66.67],
    ]);
    // (1 + 1 + 1 detected) of 5: a timeout counts as detected, no coverage as not.
    expect(s.scopes[0]).toMatchObject({ scope: 'src/core', killed: 2, timeout: 1, survived: 1, noCoverage: 1, score: 60 });
    expect(s.total.score).toBe(60);
  });

  it('reads absolute file names relative to the root', () => {
    const report: MutationReport = { files: { '/repo/src/x.ts': { mutants: [mutant('0', 'Ignored', [])] } } };
    const s = summarize(report, [{ entry: 'src', files: ['src/x.ts'] }], '/repo');
    expect(s.folders).toEqual([expect.objectContaining({ folder: 'src', ignored: 1, score: null })]);
  });
});

describe('survivors whose run lost tests', () => {
  it('are counted apart: fewer tests completed than cover the mutant', () => {
    const lost = { id: '0', status: 'Survived', coveredBy: ['0', '1', '2'], testsCompleted: 0 };
    const partial = { id: '1', status: 'Survived', coveredBy: ['0', '1', '2'], testsCompleted: 2 };
    const whole = { id: '2', status: 'Survived', coveredBy: ['0', '1'], testsCompleted: 2 };
    const killed = { id: '3', status: 'Killed', coveredBy: ['0'], testsCompleted: 0 };
    expect([lost, partial, whole, killed].map(lostTests)).toEqual([true, true, false, false]);
    const t = tally([['a.ts', [lost, partial, whole, killed]]]);
    expect([t.survived, t.lostTests, t.killed]).toEqual([3, 2, 1]);
    // Still counted as survived in the score, as Stryker counts them.
    expect(t.score).toBe(25);
  });
});

describe('a retry of the runs that lost their tests', () => {
  const at = (line: number, column: number, endLine: number, endColumn: number) => ({ start: { line, column }, end: { line: endLine, column: endColumn } });
  /** A run: a killed mutant, two that lost their tests (one of them partly), a true survivor. */
  function firstRun(): MutationReport {
    return {
      files: {
        'src/core/a.ts': {
          mutants: [
            { id: '0', status: 'Killed', coveredBy: ['0'], killedBy: ['0'], testsCompleted: 1, location: at(3, 5, 3, 9), mutatorName: 'EqualityOperator', replacement: 'a <= b' },
            { id: '1', status: 'Survived', coveredBy: ['0', '1'], testsCompleted: 0, location: at(7, 3, 9, 4), mutatorName: 'BlockStatement', replacement: '{}' },
            { id: '2', status: 'Survived', coveredBy: ['0', '1'], testsCompleted: 1, location: at(12, 10, 12, 20), mutatorName: 'StringLiteral', replacement: '""' },
            { id: '3', status: 'Survived', coveredBy: ['1'], testsCompleted: 1, location: at(20, 1, 20, 8), mutatorName: 'BooleanLiteral', replacement: 'false' },
          ],
        },
      },
      testFiles: { 'src/core/a.test.ts': { tests: [{ id: '0', name: 'one' }, { id: '1', name: 'two' }] } },
    };
  }

  it('asks Stryker for each lost survivor alone: its lines from 1, its columns from 0', () => {
    expect(retryPatterns(firstRun())).toEqual(['src/core/a.ts:7:2-9:4', 'src/core/a.ts:12:9-12:20']);
    const none = firstRun();
    none.files['src/core/a.ts']!.mutants.splice(1, 2);
    expect(retryPatterns(none)).toEqual([]);
  });

  it('takes the retry’s verdict for each, by place, mutator and replacement; not a neighbour’s, nor a run that lost its tests again', () => {
    // The retry numbers its tests its own way, and its ranges took in a neighbour (same place,
    // another replacement) that must not stand in for the lost one.
    const retry: MutationReport = {
      files: {
        'src/core/a.ts': {
          mutants: [
            { id: '0', status: 'Killed', coveredBy: ['5', '4'], killedBy: ['4'], testsCompleted: 1, location: at(7, 3, 9, 4), mutatorName: 'BlockStatement', replacement: '{}' },
            { id: '1', status: 'Killed', coveredBy: ['5'], killedBy: ['5'], testsCompleted: 1, location: at(12, 10, 12, 20), mutatorName: 'StringLiteral', replacement: '"Stryker was here!"' },
            { id: '2', status: 'Survived', coveredBy: ['5', '4'], testsCompleted: 0, location: at(12, 10, 12, 20), mutatorName: 'StringLiteral', replacement: '""' },
          ],
        },
      },
      testFiles: { 'src/core/a.test.ts': { tests: [{ id: '4', name: 'two' }, { id: '5', name: 'one' }] } },
    };
    const { report, retried, detected, lost } = applyRetry(firstRun(), retry);
    expect({ retried, detected, lost }).toEqual({ retried: 2, detected: 1, lost: 1 });
    const [killed, blocked, string, survivor] = report.files['src/core/a.ts']!.mutants;
    const name = (id: string) => report.testFiles!['src/core/a.test.ts']!.tests.find((t) => t.id === id)!.name;
    // The block statement is killed by "two", whatever id each run gave it.
    expect(blocked).toMatchObject({ id: '1', status: 'Killed', testsCompleted: 1 });
    expect(blocked!.killedBy!.map(name)).toEqual(['two']);
    expect(blocked!.coveredBy!.map(name).sort()).toEqual(['one', 'two']);
    // The string lost its tests again: it stays as it was; the others are untouched.
    expect(string).toMatchObject({ id: '2', status: 'Survived', testsCompleted: 1 });
    expect(killed!.killedBy!.map(name)).toEqual(['one']);
    expect(survivor).toMatchObject({ id: '3', status: 'Survived' });
    expect(tally(Object.entries(report.files).map(([f, x]) => [f, x.mutants])).killed).toBe(2);
  });
});

describe('embedReport', () => {
  const page = '<html><body><script>\n      const app = document.querySelector("x");\n      app.report = {"files":{}};\n      function updateTheme() {}\n</script></body></html>';

  it('puts the merged report on the page, with no way for a source text to close the script', () => {
    const report: MutationReport = { files: { 'a.ts': { source: 'x = "</script><b>"', mutants: [] } } };
    const html = embedReport(page, report)!;
    expect(html).not.toContain('</script><b>');
    const line = html.split('\n').find((l) => l.trimStart().startsWith('app.report = '))!;
    const json = line.trim().slice('app.report = '.length, -1);
    expect(JSON.parse(json)).toEqual(report);
    expect(html.split('\n')).toHaveLength(page.split('\n').length);
  });

  it('says when the page has no report line', () => {
    expect(embedReport('<html></html>', { files: {} })).toBeNull();
  });
});
