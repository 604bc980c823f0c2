// `npm run mutate [-- --only <path-or-glob>[,<more>]] [-- --tests <glob>[,<more>]] [--each | --together] [stryker options]`
//
// Mutation testing with StrykerJS (stryker.config.mjs). Without --only it mutates src/core.
// A path is a folder (every non-test .ts/.tsx file under it), a file, or a glob (`*`, `**`,
// `?`, `{a,b}`) matched against files and folders, resolved now, so folders that appear
// later need no change here. The tests run are the mutated layer's own (see testGlobsFor),
// or the ones --tests names. Other options go to Stryker as they are (`--concurrency 1`).
// src/core is mutated one file per Stryker run (--each), the rest in one run (--together);
// see `each` below for why. A run's survivors that lost their tests (a runner bug, see
// lostTests in mutationReport.mjs) are run again alone, up to twice. At the end: the score per folder as a table and in
// reports/mutation/summary.json, with the runs of --each merged into one report.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyRetry, embedReport, mergeReports, retryPatterns, summarize } from './mutationReport.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = 'reports/mutation/mutation.json';
const SUMMARY = 'reports/mutation/summary.json';
const HTML = 'reports/mutation/mutation.html';
const EACH_DIR = 'reports/mutation/each';
const SKIP_DIRS = new Set(['node_modules', '.git', '.stryker-tmp', 'reports', 'dist', 'dist-single', 'coverage']);

function fail(message) {
  console.error(`mutate: ${message}`);
  process.exit(2);
}

/** A list split at its commas, except those inside a glob's `{a,b}`. */
function splitTopLevel(value) {
  const out = [''];
  let depth = 0;
  for (const c of value) {
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    if (c === ',' && depth === 0) out.push('');
    else out[out.length - 1] += c;
  }
  return out;
}

/** `--name a,b` and `--name=a,b`, repeatable; `--each`, `--together`; the rest is Stryker's. */
function parseArgs(argv) {
  const lists = { only: [], tests: [], each: false, together: false };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--each' || argv[i] === '--together') {
      lists[argv[i].slice(2)] = true;
      continue;
    }
    const m = /^--(only|tests)(?:=(.*))?$/.exec(argv[i]);
    if (!m) {
      rest.push(argv[i]);
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (value === undefined || value === '') fail(`--${m[1]} needs a path or glob`);
    lists[m[1]].push(...splitTopLevel(value).map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean));
  }
  return { ...lists, rest };
}

/** Every file and folder of the repository (posix paths from its root), outputs excluded. */
function walk(dir = root, out = { files: [], dirs: [] }) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    const rel = relative(root, path).split(sep).join('/');
    if (statSync(path).isDirectory()) {
      out.dirs.push(rel);
      walk(path, out);
    } else out.files.push(rel);
  }
  return out;
}

/** A glob as a regular expression over whole posix paths. */
function globRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') re += '(?:';
    else if (c === '}') re += ')';
    else if (c === ',') re += '|';
    else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

// Generated code (the CEL parser antlr-ng writes) is regenerated, not written: never mutated.
const isSource = (f) => /\.tsx?$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !/(^|\/)generated\//.test(f);

/** The source files one --only entry names; empty when it matches none. */
function resolveEntry(entry, tree) {
  const path = entry.replace(/^\.\//, '');
  const under = (d) => tree.files.filter((f) => f.startsWith(`${d}/`));
  if (!/[*?{]/.test(path)) {
    if (!existsSync(join(root, path))) return [];
    return (statSync(join(root, path)).isDirectory() ? under(path) : [path]).filter(isSource);
  }
  const re = globRegExp(path);
  const hits = new Set(tree.files.filter((f) => re.test(f)));
  for (const d of tree.dirs.filter((x) => re.test(x))) for (const f of under(d)) hits.add(f);
  return [...hits].filter(isSource).sort();
}

/**
 * The test files whose job is to specify the mutated code: a layer's own tests, so a score
 * says how well src/core's tests pin src/core (the sim's tests run core code too, slowly,
 * without being its spec). Code outside core and sim gets every test file (each mutant then
 * runs only the tests that executed it in the initial run: `perTest` coverage).
 */
function testGlobsFor(files) {
  const own = {
    core: ['src/core/**/*.test.ts', 'tests/core/**/*.test.ts'],
    sim: ['src/sim/**/*.test.ts', 'tests/reference/**/*.test.ts'],
  };
  const layers = new Set(files.map((f) => f.split('/')[1]));
  if (![...layers].every((l) => l in own)) return [];
  return [...layers].flatMap((l) => own[l]);
}

function printTable(summary) {
  const rows = [
    ...summary.folders.map((r) => [r.folder, r]),
    null,
    ...summary.scopes.map((r) => [`${r.scope} (all)`, r]),
    ...(summary.scopes.length > 1 ? [['total', summary.total]] : []),
  ];
  const width = Math.max(6, ...rows.filter(Boolean).map(([name]) => name.length));
  const head = ['killed', 'survived', 'tests lost', 'no cov', 'timeout', 'score'];
  const line = (name, cells) => `${name.padEnd(width)}  ${cells.map((c, i) => String(c).padStart(head[i].length + 1)).join(' ')}`;
  console.log(`\nMutation score per folder (a folder row counts the files directly in it; "tests lost": survivors whose run completed fewer tests than cover them, see scripts/mutationReport.mjs)\n`);
  console.log(line('folder', head));
  for (const row of rows) {
    if (row === null) console.log('-'.repeat(width + 56));
    else {
      const [name, r] = row;
      console.log(line(name, [r.killed, r.survived, r.lostTests, r.noCoverage, r.timeout, r.score === null ? 'n/a' : `${r.score.toFixed(2)}%`]));
    }
  }
}

const args = parseArgs(process.argv.slice(2));
const tree = walk();
const entries = args.only.length > 0 ? args.only : ['src/core'];
const scopes = entries.map((entry) => ({ entry, files: resolveEntry(entry, tree) }));
for (const s of scopes) {
  if (s.files.length === 0) fail(`--only ${s.entry} matches no .ts source file (a folder, file or glob from the repository root)`);
}
const mutate = [...new Set(scopes.flatMap((s) => s.files))].sort();
const testFiles = args.tests.length > 0 ? args.tests : testGlobsFor(mutate);
if (args.each && args.together) fail('--each and --together exclude each other');
// One Stryker run per file, or one for all. Instrumented code counts its coverage and checks
// the active mutant at every mutable expression, and all tests run against it: with the 35
// files of src/core instrumented at once, core's tests take 77 s instead of 7 s and a run
// would take about 5 hours. One file at a time, only that file is slowed, for
// the price of a dry run per file: seconds for core's tests, minutes for the sim's, whose
// tests run whole simulations. So core goes file by file unless --together is given.
const each = args.each || (!args.together && mutate.length > 1 && mutate.every((f) => f.startsWith('src/core/')));
const incremental = args.rest.includes('--incremental');

console.log(
  `mutate: ${mutate.length} files${each && mutate.length > 1 ? ', one Stryker run each' : ''}; tests: ${testFiles.length > 0 ? testFiles.join(', ') : 'every test file importing them'}`,
);

/** One Stryker run over `files` (files, globs or ranges); its report, read back. `rest`: Stryker's options. */
function runStryker(files, extra = [], rest = args.rest) {
  const run = spawnSync(process.execPath, [join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', ...rest, ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SHARDSCOPE_MUTATE: JSON.stringify(files), SHARDSCOPE_MUTATE_TESTS: JSON.stringify(testFiles) },
  });
  if (run.status !== 0) return { error: `Stryker exited with ${run.status ?? run.signal}` };
  return { report: JSON.parse(readFileSync(join(root, REPORT), 'utf8')), html: readFileSync(join(root, HTML), 'utf8') };
}

/**
 * How many retries a run's lost survivors get (StrykerJS bugs
 * github.com/stryker-mutator/stryker-js/issues/6073 and /issues/6213; retried as its
 * pull/6146 does).
 */
const RETRIES = 2;

/**
 * `report` with its survivors that lost their tests run again, each alone in a Stryker run of
 * their ranges (never incremental: that would hand back the lost result), up to RETRIES times.
 */
function retryLost(report, label) {
  for (let round = 1; round <= RETRIES; round++) {
    const patterns = retryPatterns(report).map((p) => (p.startsWith(root) ? relative(root, p).split(sep).join('/') : p));
    if (patterns.length === 0) return report;
    console.log(`\nmutate: ${label}: ${patterns.length} survivors lost their tests; retry ${round} of ${RETRIES}`);
    const retry = runStryker(patterns, [], args.rest.filter((a) => a !== '--incremental'));
    if (retry.error) {
      console.warn(`mutate: the retry failed (${retry.error}); the lost survivors stay as they were`);
      return report;
    }
    const out = applyRetry(report, retry.report);
    console.log(`mutate: ${label}: retried ${out.retried}, detected ${out.detected}, lost again ${out.lost}`);
    report = out.report;
  }
  return report;
}

const started = Date.now();
const elapsed = (since) => Math.round((Date.now() - since) / 1000);
const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
let report;
if (!each) {
  const run = runStryker(mutate);
  if (run.error) fail(`${run.error} after ${elapsed(started)} s`);
  report = retryLost(run.report, 'the run');
  writeFileSync(join(root, REPORT), JSON.stringify(report));
  const page = embedReport(run.html, report);
  if (page !== null) writeFileSync(join(root, HTML), page);
} else {
  const reports = [];
  let html = null;
  const lines = [];
  for (const [i, file] of mutate.entries()) {
    const fileStart = Date.now();
    console.log(`\nmutate: [${i + 1}/${mutate.length}] ${file}`);
    // Each file keeps its own incremental record: one shared file would hold the last run's only.
    const own = incremental ? ['--incrementalFile', `${EACH_DIR}/${file.replace(/[/\\]/g, '__')}.incremental.json`] : [];
    const run = runStryker([file], own);
    if (run.error) fail(`${file}: ${run.error} after ${elapsed(fileStart)} s (files before it: ${lines.length} done)`);
    const fileReport = retryLost(run.report, file);
    reports.push(fileReport);
    html = run.html;
    const t = summarize(fileReport, [{ entry: file, files: [file] }], root).scopes[0];
    lines.push(`${file}: ${t.killed + t.survived + t.noCoverage + t.timeout} mutants, ${t.score === null ? 'n/a' : `${t.score.toFixed(2)}%`}, ${minutes(elapsed(fileStart))}`);
    console.log(`mutate: ${lines[lines.length - 1]}`);
  }
  report = mergeReports(reports);
  writeFileSync(join(root, REPORT), JSON.stringify(report));
  const merged = html === null ? null : embedReport(html, report);
  if (merged === null) console.warn(`mutate: ${HTML} shows the last file only (its report line was not found)`);
  else writeFileSync(join(root, HTML), merged);
  console.log(`\nmutate: one run per file\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
const seconds = elapsed(started);

const summary = summarize(report, scopes, root);
printTable(summary);
mkdirSync(dirname(join(root, SUMMARY)), { recursive: true });
writeFileSync(
  join(root, SUMMARY),
  `${JSON.stringify({ date: new Date(started).toISOString(), seconds, each, only: entries, testFiles, mutate, ...summary }, null, 2)}\n`,
);
console.log(`\n${minutes(seconds)}; ${SUMMARY}, ${HTML}`);
