// `npm run test:e2e`: the browser tests against the built site (dist/), with Debian's Chromium.
// Builds first when dist/ is missing. Node's own test runner reports the results.
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (!existsSync(join(root, 'dist', 'index.html')) || process.argv.includes('--build')) run('npx', ['vite', 'build']);
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = (only.length ? only : readdirSync(join(root, 'e2e')).filter((f) => f.endsWith('.test.ts')).map((f) => join('e2e', f)));
run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files]);
