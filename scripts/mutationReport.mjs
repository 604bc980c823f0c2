// Reading and combining StrykerJS's mutation reports (mutation-testing-report-schema 1.x) for
// scripts/mutate.mjs: the score per folder, and one report from the runs of `--each`.
import { posix, relative, sep } from 'node:path';

const STATUS_KEYS = {
  Killed: 'killed',
  Survived: 'survived',
  NoCoverage: 'noCoverage',
  Timeout: 'timeout',
  RuntimeError: 'runtimeError',
  CompileError: 'compileError',
  Ignored: 'ignored',
};

/**
 * Whether a survivor's run completed fewer tests than cover it. StrykerJS's vitest runner
 * (9.6.1) scores a run that lost its tests (none or some never ran, typically right after a
 * run that bailed) as survived (stryker-js bugs
 * github.com/stryker-mutator/stryker-js/issues/6073 and /issues/6213). Such a survivor is not
 * evidence; `lostTests` counts them, inside `survived`.
 */
export function lostTests(m) {
  return m.status === 'Survived' && Array.isArray(m.coveredBy) && typeof m.testsCompleted === 'number' && m.testsCompleted < m.coveredBy.length;
}

/** Counts per status and Stryker's score: detected / (detected + undetected). */
export function tally(entries) {
  const t = { killed: 0, survived: 0, noCoverage: 0, timeout: 0, runtimeError: 0, compileError: 0, ignored: 0, lostTests: 0 };
  for (const [, mutants] of entries) {
    for (const m of mutants) {
      if (STATUS_KEYS[m.status]) t[STATUS_KEYS[m.status]]++;
      if (lostTests(m)) t.lostTests++;
    }
  }
  const detected = t.killed + t.timeout;
  const valid = detected + t.survived + t.noCoverage;
  return { ...t, score: valid === 0 ? null : Math.round((10000 * detected) / valid) / 100 };
}

/**
 * Per folder (the files directly in it), per scope (an --only entry and the files it
 * resolved to), and in total. File names in the report may be absolute (under `root`).
 */
export function summarize(report, scopes, root) {
  const files = Object.entries(report.files).map(([name, f]) => [
    (name.startsWith('/') ? relative(root, name) : name).split(sep).join('/'),
    f.mutants,
  ]);
  const folders = [...new Set(files.map(([f]) => posix.dirname(f)))].sort();
  return {
    folders: folders.map((folder) => ({ folder, ...tally(files.filter(([f]) => posix.dirname(f) === folder)) })),
    scopes: scopes.map(({ entry, files: own }) => ({ scope: entry, ...tally(files.filter(([f]) => own.includes(f))) })),
    total: tally(files),
  };
}

/**
 * One report from several runs that each mutated other files. Test ids are per run ("0",
 * "1"...), so a test keeps one id across the runs: the first id given to its file and name.
 * The mutants' `coveredBy` and `killedBy` are mapped to those ids. A file mutated by two runs
 * keeps the later run's mutants. The rest (schema, thresholds, framework) is the last run's.
 */
export function mergeReports(reports) {
  if (reports.length === 0) throw new Error('no report to merge');
  const files = {};
  const testFiles = {};
  const idOf = new Map(); // `${testFile}\0${testName}` -> merged id
  for (const report of reports) {
    const remap = new Map(); // this run's id -> merged id
    for (const [file, tf] of Object.entries(report.testFiles ?? {})) {
      const merged = (testFiles[file] ??= { ...tf, tests: [] });
      for (const test of tf.tests) {
        const key = `${file}\0${test.name}`;
        if (!idOf.has(key)) {
          idOf.set(key, String(idOf.size));
          merged.tests.push({ ...test, id: idOf.get(key) });
        }
        remap.set(test.id, idOf.get(key));
      }
    }
    const mapIds = (ids) => (ids === undefined ? undefined : ids.map((id) => remap.get(id) ?? `unknown:${id}`));
    for (const [file, f] of Object.entries(report.files)) {
      files[file] = {
        ...f,
        mutants: f.mutants.map((m) => {
          const out = { ...m };
          if (m.coveredBy !== undefined) out.coveredBy = mapIds(m.coveredBy);
          if (m.killedBy !== undefined) out.killedBy = mapIds(m.killedBy);
          return out;
        }),
      };
    }
  }
  return { ...reports[reports.length - 1], files, testFiles };
}

/** A mutant's identity across runs: where it is and what it changes (ids are per run). */
function mutantKey(m) {
  const { start, end } = m.location;
  return `${start.line}:${start.column}-${end.line}:${end.column} ${m.mutatorName} ${m.replacement ?? ''}`;
}

/**
 * Stryker `mutate` patterns for a retry of the runs that lost their tests: one range per such
 * survivor (`file:line:column-line:column`; Stryker counts lines from 1 and columns from 0,
 * the report both from 1). A range takes in every mutant inside it, so a retry may test a few
 * neighbours too; `applyRetry` only reads the lost ones back. File names as in the report.
 */
export function retryPatterns(report) {
  const patterns = [];
  for (const [file, f] of Object.entries(report.files)) {
    for (const m of f.mutants) {
      if (!lostTests(m)) continue;
      const { start, end } = m.location;
      patterns.push(`${file}:${start.line}:${start.column - 1}-${end.line}:${end.column}`);
    }
  }
  return patterns;
}

/**
 * `report` with each survivor that lost its tests replaced by the same mutant (same place,
 * mutator and replacement) from `retry`, a run of those mutants alone, unless it lost its
 * tests again. Test ids are unified as `mergeReports` does. Also says how many were retried,
 * how many the retry detected, and how many lost their tests again (or were not in it).
 */
export function applyRetry(report, retry) {
  // The same test id space for both: report's tests first, then the retry's new ones.
  const base = mergeReports([report, { ...retry, files: {} }]);
  const again = mergeReports([report, retry]);
  let retried = 0;
  let detected = 0;
  let lost = 0;
  const files = {};
  for (const [file, f] of Object.entries(base.files)) {
    const byKey = new Map((retry.files[file] ? again.files[file].mutants : []).map((m) => [mutantKey(m), m]));
    files[file] = {
      ...f,
      mutants: f.mutants.map((m) => {
        if (!lostTests(m)) return m;
        retried++;
        const r = byKey.get(mutantKey(m));
        if (r === undefined || lostTests(r)) {
          lost++;
          return m;
        }
        if (r.status === 'Killed' || r.status === 'Timeout') detected++;
        return { ...r, id: m.id };
      }),
    };
  }
  return { report: { ...base, files }, retried, detected, lost };
}

const REPORT_LINE = /^(\s*app\.report = ).*;$/m;

/**
 * Stryker's HTML report with another report in it: the page holds its report as one line,
 * `app.report = {...};`. `<` is escaped so that no text in a source file can close the
 * script. Null when the page has no such line (another Stryker version's layout).
 */
export function embedReport(html, report) {
  if (!REPORT_LINE.test(html)) return null;
  const json = JSON.stringify(report).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return html.replace(REPORT_LINE, (_, head) => `${head}${json};`);
}
