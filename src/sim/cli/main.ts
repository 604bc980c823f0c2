/**
 * The command line's entry point: `npm run sim -- [flags]` (`tsx src/sim/cli/main.ts`).
 * Everything else in this room is importable by tests without running anything.
 */
import { loadSyntaxErrors } from '../../core/sharding';
import { runCli } from './cli';

// A selector's syntax error is worded by a model loaded on demand; the command line prints
// the apiserver's exact message (also under --json), so it loads the model before anything.
await loadSyntaxErrors();

// A slow run says how far it is on stderr as it goes.
// SHARDSCOPE_PROGRESS_AFTER_MS moves the threshold (tests set 0, so progress is seen however fast the machine).
const after = Number(process.env['SHARDSCOPE_PROGRESS_AFTER_MS']);
const r = runCli(process.argv.slice(2), undefined, {
  write: (line) => process.stderr.write(line),
  now: () => performance.now(),
  ...(Number.isFinite(after) && after >= 0 && process.env['SHARDSCOPE_PROGRESS_AFTER_MS'] !== '' ? { afterMs: after } : {}),
});
if (r.stdout) process.stdout.write(r.stdout);
if (r.stderr) process.stderr.write(r.stderr);
process.exitCode = r.code;
