// `npm run mutate [-- --only <path-or-glob>[,<more>]] [-- --tests <glob>[,<more>]] [stryker options]`
//
// Mutation testing with StrykerJS (stryker.config.mjs). Without --only it mutates src/core.
// A path is a folder (every non-test .ts/.tsx file under it), a file, or a glob (`*`, `**`,
// `?`, `{a,b}`) matched against files and folders, resolved now, so folders that appear
// later need no change here. The tests run are the mutated layer's own (see testGlobsFor),
// or the ones --tests names. Other options go to Stryker as they are (`--concurrency 1`).
// At the end: the score per folder as a table and in reports/mutation/summary.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = 'reports/mutation/mutation.json';
const SUMMARY = 'reports/mutation/summary.json';
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

/** `--name a,b` and `--name=a,b`, repeatable; everything else is left for Stryker. */
function parseArgs(argv) {
  const lists = { only: [], tests: [] };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
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

const isSource = (f) => /\.tsx?$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith('.d.ts');

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

const STATUS_KEYS = {
  Killed: 'killed',
  Survived: 'survived',
  NoCoverage: 'noCoverage',
  Timeout: 'timeout',
  RuntimeError: 'runtimeError',
  CompileError: 'compileError',
  Ignored: 'ignored',
};

/** Counts per status and Stryker's score: detected / (detected + undetected). */
function tally(entries) {
  const t = { killed: 0, survived: 0, noCoverage: 0, timeout: 0, runtimeError: 0, compileError: 0, ignored: 0 };
  for (const [, mutants] of entries) for (const m of mutants) if (STATUS_KEYS[m.status]) t[STATUS_KEYS[m.status]]++;
  const detected = t.killed + t.timeout;
  const valid = detected + t.survived + t.noCoverage;
  return { ...t, score: valid === 0 ? null : Math.round((10000 * detected) / valid) / 100 };
}

/** Per folder (the files directly in it), per --only entry (everything under it), total. */
function summarize(report, scopes) {
  const files = Object.entries(report.files).map(([name, f]) => [
    (name.startsWith('/') ? relative(root, name) : name).split(sep).join('/'),
    f.mutants,
  ]);
  const folders = [...new Set(files.map(([f]) => dirname(f)))].sort();
  return {
    folders: folders.map((folder) => ({ folder, ...tally(files.filter(([f]) => dirname(f) === folder)) })),
    scopes: scopes.map(({ entry, files: own }) => ({ scope: entry, ...tally(files.filter(([f]) => own.includes(f))) })),
    total: tally(files),
  };
}

function printTable(summary) {
  const rows = [
    ...summary.folders.map((r) => [r.folder, r]),
    null,
    ...summary.scopes.map((r) => [`${r.scope} (all)`, r]),
    ...(summary.scopes.length > 1 ? [['total', summary.total]] : []),
  ];
  const width = Math.max(6, ...rows.filter(Boolean).map(([name]) => name.length));
  const head = ['killed', 'survived', 'no cov', 'timeout', 'score'];
  const line = (name, cells) => `${name.padEnd(width)}  ${cells.map((c, i) => String(c).padStart(head[i].length + 1)).join(' ')}`;
  console.log(`\nMutation score per folder (a folder row counts the files directly in it)\n`);
  console.log(line('folder', head));
  for (const row of rows) {
    if (row === null) console.log('-'.repeat(width + 45));
    else {
      const [name, r] = row;
      console.log(line(name, [r.killed, r.survived, r.noCoverage, r.timeout, r.score === null ? 'n/a' : `${r.score.toFixed(2)}%`]));
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

console.log(`mutate: ${mutate.length} files; tests: ${testFiles.length > 0 ? testFiles.join(', ') : 'every test file importing them'}`);
const started = Date.now();
const stryker = spawnSync(process.execPath, [join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', ...args.rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SHARDSCOPE_MUTATE: JSON.stringify(mutate), SHARDSCOPE_MUTATE_TESTS: JSON.stringify(testFiles) },
});
const seconds = Math.round((Date.now() - started) / 1000);
if (stryker.status !== 0) fail(`Stryker exited with ${stryker.status ?? stryker.signal} after ${seconds} s`);

const summary = summarize(JSON.parse(readFileSync(join(root, REPORT), 'utf8')), scopes);
printTable(summary);
mkdirSync(dirname(join(root, SUMMARY)), { recursive: true });
writeFileSync(
  join(root, SUMMARY),
  `${JSON.stringify({ date: new Date(started).toISOString(), seconds, only: entries, testFiles, mutate, ...summary }, null, 2)}\n`,
);
console.log(`\n${Math.floor(seconds / 60)} min ${seconds % 60} s; ${SUMMARY}, ${REPORT.replace('.json', '.html')}`);
