/**
 * Reading a `--scenario` file from disk. The path is looked at before it is
 * opened: only a regular file of at most {@link MAX_SCENARIO_BYTES} is read, so a device
 * (`/dev/zero`, `/dev/urandom`) cannot fill memory and a FIFO cannot hang the run. Each refusal
 * is one line saying why; the caller prefixes the flag and the path.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/** The largest scenario file read: 16 MB (real scenarios are a few kilobytes). */
export const MAX_SCENARIO_BYTES = 16 * 1024 * 1024;

/** What a path is, in words, when it is not a regular file. */
function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

/** Why `st` cannot be a scenario file, or null when it can. */
function refusal(st: Stats): string | null {
  if (!st.isFile()) return `it is ${kindOf(st)}, not a regular file${st.isFIFO() ? ' (reading one waits for a writer)' : ''}; give a JSON file`;
  if (st.size > MAX_SCENARIO_BYTES) return `it is ${mb(st.size)}; a scenario file holds at most ${mb(MAX_SCENARIO_BYTES)}`;
  return null;
}

/**
 * The text of the scenario file at `path`. Throws an Error with a one-line message when the
 * path is not a regular file, is larger than {@link MAX_SCENARIO_BYTES}, or cannot be read.
 * The path is stat'ed first (a stat never opens it), opened without blocking, checked again
 * through the open descriptor (the path may have changed in between), and read up to the
 * limit only.
 */
export function readScenarioFile(path: string): string {
  const why = refusal(statSync(path));
  if (why) throw new Error(why);
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const again = refusal(fstatSync(fd));
    if (again) throw new Error(again);
    const buf = Buffer.alloc(MAX_SCENARIO_BYTES + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n > MAX_SCENARIO_BYTES) throw new Error(`it holds more than ${mb(MAX_SCENARIO_BYTES)}; a scenario file holds at most ${mb(MAX_SCENARIO_BYTES)}`);
    }
    return buf.toString('utf8', 0, n);
  } finally {
    closeSync(fd);
  }
}
