// `npm run test:e2e`: the browser tests against the built site (dist/) and the single file
// (dist-single/shardscope.html), with Debian's Chromium, then the Firefox smoke suite
// (e2e/firefox.test.ts, Debian's firefox-esr over WebDriver BiDi). Builds both once first when
// missing or older than the sources (or with --build), so a developer never tests a stale
// build. Node's own test runner reports the results.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
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

const FIREFOX = join('e2e', 'firefox.test.ts');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = only.length ? only : readdirSync(join(root, 'e2e')).filter((f) => f.endsWith('.test.ts')).map((f) => join('e2e', f));
const suite = (list) => run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...list]);
// The Chromium suites, then the Firefox suite in a run of its own (one Firefox at a time).
const chromiumFiles = files.filter((f) => f !== FIREFOX && !f.endsWith('/firefox.test.ts'));
if (chromiumFiles.length) suite(chromiumFiles);
if (chromiumFiles.length !== files.length) suite([FIREFOX]);
