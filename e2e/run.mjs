// `npm run test:e2e`: the browser tests against the built site (dist/), with Debian's Chromium.
// Builds first when dist/ is missing or older than the sources (or with --build), so a
// developer never tests a stale build. Node's own test runner reports the results.
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

const built = join(root, 'dist', 'index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => newest(join(root, p)));
const stale = !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources);
if (stale || process.argv.includes('--build')) run('npx', ['vite', 'build']);

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = only.length ? only : readdirSync(join(root, 'e2e')).filter((f) => f.endsWith('.test.ts')).map((f) => join('e2e', f));
run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files]);
