// `npm run test:e2e`: the browser tests against the built site (dist/) and the single file
// (dist-single/shardscope.html), with Debian's Chromium, and the Firefox suite
// (e2e/firefox.test.ts, Debian's firefox-esr over WebDriver BiDi), two suites at a time and
// the timing-sensitive ones alone.
// Builds both once first when missing or older than the sources (or with --build), so a
// developer never tests a stale build. Node's own test runner reports the results.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
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
// Issue 10: the single file, built once for every suite that opens it.
if (force || stale(join(root, 'dist-single', 'shardscope.html'))) run('npx', ['vite', 'build', '--mode', 'single']);

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const all = readdirSync(join(root, 'e2e')).filter((f) => f.endsWith('.test.ts')).map((f) => join('e2e', f));
// The longest suites first (their times in CI run 9, 2026-12-02, and the changes after), so that two at a time end
// together rather than one long suite running alone at the end.
const LONGEST_FIRST = ['focus-view', 'video', 'stage-story', 'caption-figures', 'layout-rules', 'stories', 'zh', 'firefox', 'presentation', 'story-state', 'export', 'ui'];
const rank = (f) => {
  const i = LONGEST_FIRST.findIndex((name) => f.endsWith(`${name}.test.ts`));
  return i < 0 ? LONGEST_FIRST.length : i;
};
const files = only.length ? only : all.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
// Suites that measure the page's long tasks (no task over 50 ms) or count what a slow seek
// shows: a second browser beside them steals the core the page runs on, so they run alone,
// after the others. The Firefox suite is one file (one Firefox at a time).
const ALONE = ['perf', 'engine', 'flow-smooth', 'import-smooth', 'bounded-export'];
const alone = (f) => ALONE.some((name) => f.endsWith(`${name}.test.ts`));
// The other suites two at a time (each its own process, one shared Chromium): most of a browser test
// is waiting for the page, and the machine's two cores are half idle with one. The Firefox
// suite is one file, so there is never more than one Firefox. SHARDSCOPE_E2E_CONCURRENCY=1
// runs one at a time.
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

const browser = await sharedChromium();
const env = browser ? { ...process.env, SHARDSCOPE_CHROMIUM_WS: browser.ws } : process.env;
const suite = (list, n) => {
  if (!list.length) return 0;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${n}`, '--test-reporter=spec', ...list], { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
};
// Both phases run even when the first fails, so one run reports every failure.
const shared = suite(files.filter((f) => !alone(f)), concurrency);
const single = suite(files.filter(alone), 1);
browser?.stop();
process.exitCode = shared || single;
