// `npm run test:e2e`: the browser tests against the built site (dist/) and the single file
// (dist-single/shardscope.html), with Debian's Chromium, and the Firefox suite
// (e2e/firefox.test.ts, Debian's firefox-esr over WebDriver BiDi), two suites at a time. No
// suite times the page (wall-clock figures are benchmarks: npm run bench), so every suite may
// share the machine.
// Builds both once first when missing or older than the sources (or with --build), so a
// developer never tests a stale build. Node's own test runner runs each suite file; every line
// a suite prints is prefixed with its name, and each file's wall time is printed, sorted, at
// the end.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

/** The newest modification time under `path` (a file or a folder). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

const sources = Math.max(...['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => newest(join(root, p))));
const stale = (built) => !existsSync(built) || statSync(built).mtimeMs < sources;
const force = process.argv.includes('--build');
if (force || stale(join(root, 'dist', 'index.html'))) run('npx', ['vite', 'build']);
// The single file, built once for every suite that opens it.
if (force || stale(join(root, 'dist-single', 'shardscope.html'))) run('npx', ['vite', 'build', '--mode', 'single']);

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const all = readdirSync(join(root, 'e2e')).filter((f) => f.endsWith('.test.ts')).map((f) => join('e2e', f));
// The longest suites first (each file's wall time is printed at the end of every run: re-rank
// from those), so that two at a time end together rather than one long suite running alone at
// the end.
const LONGEST_FIRST = ['story-walk-zh', 'story-walk-en', 'firefox', 'video', 'zh', 'ui', 'stories', 'story-state', 'export', 'perf', 'lookup', 'links', 'layout-rules', 'bounded-export', 'flow', 'deck', 'import', 'rates', 'presenter', 'engine', 'presentation', 'lab', 'jargon'];
const rank = (f) => {
  const i = LONGEST_FIRST.findIndex((name) => f.endsWith(`${name}.test.ts`));
  return i < 0 ? LONGEST_FIRST.length : i;
};
const files = only.length ? only : all.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
// The suites two at a time (each its own process, one shared Chromium): most of a browser test
// is waiting for the page, and the machine's two cores are half idle with one. The Firefox suite
// is one file (one Firefox at a time). SHARDSCOPE_E2E_CONCURRENCY=1 runs one at a time.
const concurrency = Math.max(1, Number(process.env.SHARDSCOPE_E2E_CONCURRENCY ?? 2) || 1);

/**
 * One Chromium for every suite (e2e/browserServer.ts): each suite connects to it rather than
 * starting its own, about a second saved per suite. SHARDSCOPE_SHARED_BROWSER=0 gives each
 * suite its own, as a single suite run by hand has.
 */
async function sharedChromium() {
  if (process.env.SHARDSCOPE_SHARED_BROWSER === '0') return null;
  const child = spawn(process.execPath, ['--import', 'tsx', join('e2e', 'browserServer.ts')], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const first = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the shared Chromium exited (${code}) before it was ready`)));
  });
  return { ws: String(first).trim(), stop: () => child.stdin.end() };
}

const throttle = Number(process.env.SHARDSCOPE_CPU_THROTTLE ?? 1);
if (throttle > 1) console.log(`SHARDSCOPE_CPU_THROTTLE=${throttle}: every Chromium page runs ${throttle}x slower.`);

const browser = await sharedChromium();
const env = browser ? { ...process.env, SHARDSCOPE_CHROMIUM_WS: browser.ws } : process.env;
/** Each file's wall time and result, in the order they finished. */
const results = [];

/** Runs one suite file in its own process; its lines go out prefixed with its name as they come. */
function suite(file) {
  const name = basename(file, '.test.ts');
  const started = Date.now();
  return new Promise((resolve) => {
    // The file run as a script (node:test runs the tests it registers and sets the exit code),
    // not under --test, which would start a second Node process with its own TypeScript loader.
    const child = spawn(process.execPath, ['--import', 'tsx', '--test-reporter=spec', file], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    child.once('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      results.push({ name, seconds, ok: code === 0 });
      console.log(`[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`);
      resolve(code ?? 1);
    });
  });
}

/** Runs `list` n files at a time; resolves to the worst exit code. */
async function pool(list, n) {
  const queue = [...list];
  let worst = 0;
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      // Read `worst` after the await: read before it, a suite that fails meanwhile in another
      // worker would be overwritten by this one's stale value, and a failed run would pass.
      const code = await suite(f);
      worst = Math.max(worst, code);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, queue.length) }, worker));
  return worst;
}

const t0 = Date.now();
const worst = await pool(files, concurrency);
const t1 = Date.now();
browser?.stop();

const rows = [...results].sort((a, b) => b.seconds - a.seconds);
const width = Math.max(...rows.map((r) => r.name.length), 5);
console.log('\nsuite file wall times, longest first:');
for (const r of rows) console.log(`  ${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(7)} s  ${r.ok ? 'ok' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(width)}  ${((t1 - t0) / 1000).toFixed(1).padStart(7)} s (${concurrency} at a time)`);
process.exitCode = worst;
