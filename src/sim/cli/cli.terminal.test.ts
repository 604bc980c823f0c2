import { describe, expect, it } from 'vitest';
import { runCli } from './cli';

const ESC = '\u001b';
/** The escape sequences of a file that clears the screen and draws a fake green success line. */
const SPOOF = `${ESC}[2J${ESC}[H${ESC}[32m imported 5000 objects OK ${ESC}[0m`;
/** One character of every class a terminal acts on or hides: C0, DEL, C1, bidi embeddings, overrides and isolates, zero-width, separators. */
const EVERY_CLASS = '\u0000\u0007\u0008\t\r\u001b\u007f\u0080\u009b\u009d\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u200e\u2028\u2029\ufeff';
/** Any character the output must never hold raw (the line feed is the output's own). */
const RAW = /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const pod = (name: string, uid: string, kind = 'Pod') => ({ kind, metadata: { name, namespace: 'default', uid } });
const UID = '6f1c1f9e-3c55-4a57-9d0e-2b8c7f0e4a11';

describe('the command line never echoes a file, a flag or a link raw to the terminal', () => {
  it('a malformed file with escape sequences on its error line: no ESC byte on stderr, the sequence shown escaped, the caret under the failing character', () => {
    const text = `{"kind":"List","items":[{"metadata":{"name":"${SPOOF}"}}]}`;
    const r = runCli(['--import', 'spoof.json'], () => text);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain(ESC);
    expect(r.stdout).not.toContain(ESC);
    expect(r.stderr).toMatch(/spoof\.json:1:46: Not valid JSON at line 1, column 46: expected no control character inside a string/);
    const lines = r.stderr.split('\n');
    const at = lines.findIndex((l) => l.includes('\\u001B[2J'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at]).toContain('"name":"\\u001B[2J\\u001B[H\\u001B[32m imported 5000 objects OK');
    // The caret points at the first escape, where the scan stopped.
    expect(lines[at + 1]!.indexOf('^')).toBe(lines[at]!.indexOf('\\u001B[2J'));
  });

  it('every control class in a kind, a name, a uid and the file name is escaped, in text and in --json, and --json still reads back the file text', () => {
    const name = `n${EVERY_CLASS}`;
    const file = `f${EVERY_CLASS}.json`;
    const text = JSON.stringify({ kind: 'List', items: [pod('ok', UID, `K${EVERY_CLASS}${'k'.repeat(500)}`), pod(name, 'not-a-uuid'), pod('x', `u${EVERY_CLASS}`)] });
    const plain = runCli(['--import', file, '--seconds', '1'], () => text);
    expect(plain.code).toBe(0);
    const json = runCli(['--import', file, '--seconds', '1', '--json'], () => text);
    expect(json.code).toBe(0);
    for (const r of [plain, json]) {
      expect(r.stdout).not.toMatch(RAW);
      expect(r.stderr).not.toMatch(RAW);
    }
    const head = plain.stdout.split('\n').slice(0, 3);
    // The kind is cut to 64 characters after escaping.
    const kind = /; 1 (K[^;]*);/.exec(head[0]!)![1]!;
    expect([...kind]).toHaveLength(64);
    expect(kind).toMatch(/^K\\u0000\\u0007\\u0008\\u0009\\u000D\\u001B\\u007F.*…$/);
    expect(head[0]).toContain('from f\\u0000\\u0007');
    expect(head[1]).toMatch(/^ {2}item 1 \(line 1\) left out: "n\\u0000\\u0007\\b\\t\\r\\u001b\\u007F\\u0080\\u009B\\u009D\\u202A\\u202B\\u202C\\u202D\\u202E\\u2066\\u2067\\u2068\\u2069\\u200B\\u200E\\u2028\\u2029\\uFEFF" has uid "not-a-uuid"/);
    const body = JSON.parse(json.stdout) as { imported: { file: string; rejected: { reason: string }[] } };
    expect(body.imported.file).toBe(file);
    expect(body.imported.rejected[0]!.reason).toBe(`${JSON.stringify(name)} has uid "not-a-uuid", not a lowercase UUID as Kubernetes writes them`);
    expect(body.imported.rejected[1]!.reason).toContain(JSON.stringify(`u${EVERY_CLASS}`));
  });

  it('a file that cannot be read is named escaped; a flag value is quoted escaped', () => {
    const missing = runCli(['--import', `${SPOOF}.json`], () => {
      throw new Error(`ENOENT: no such file or directory, open '${SPOOF}.json'`);
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).not.toMatch(RAW);
    expect(missing.stderr).toMatch(/^error: --import "\\u001B\[2J\\u001B\[H\\u001B\[32m imported 5000 objects OK \\u001B\[0m\.…" cannot be read: ENOENT: no such file or directory, open '\\u001B\[2J/);
    const flag = runCli(['--pods', `1${EVERY_CLASS}`]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).not.toMatch(RAW);
    const flagName = runCli([`--x${SPOOF}`]);
    expect(flagName.stderr).not.toMatch(RAW);
    expect(flagName.stderr).toContain('unknown flag --x\\u001B[2J');
  });
});
