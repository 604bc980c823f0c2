/**
 * The command line's entry point: `npm run sim -- [flags]` (`tsx src/sim/cli/main.ts`).
 * Everything else in this room is importable by tests without running anything.
 */
import { runCli } from './cli';

const r = runCli(process.argv.slice(2));
if (r.stdout) process.stdout.write(r.stdout);
if (r.stderr) process.stderr.write(r.stderr);
process.exitCode = r.code;
