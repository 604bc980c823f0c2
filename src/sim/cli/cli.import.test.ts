import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli';

const DIR = join(__dirname, '../../../tests/fixtures/import');
const readFixture = (path: string): string => readFileSync(join(DIR, path), 'utf8');

describe('npm run sim -- --import FILE', () => {
  it('runs the imported pods and reports their count and the per-mode figures', () => {
    const r = runCli(['--import', 'pods-kind.json', '--replicas', '3', '--seconds', '5', '--json'], readFixture);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { params: { cluster: { pods: number; namespaces: number } }; imported: { objects: number; rejected: unknown[] }; modes: { server: unknown; client: unknown } };
    expect(body.imported).toEqual({ file: 'pods-kind.json', format: 'json-list', sizes: 'file', objects: 32, rejected: [] });
    expect(body.params.cluster.pods).toBe(32);
    expect(body.params.cluster.namespaces).toBe(5);
    expect(body.modes.server).toBeTruthy();
    const text = runCli(['--import', 'pods-duplicate-uid.json', '--seconds', '1'], readFixture);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n').slice(0, 3)).toEqual([
      'imported 30 objects from pods-duplicate-uid.json: JSON List (kubectl get -o json); 30 Pod; 5 namespaces; sizes: bytes in the file',
      expect.stringMatching(/^ {2}item 7 \(line 423\) left out: "[a-z0-9-]+" repeats the uid [0-9a-f-]{36} of item 3$/),
      expect.stringMatching(/^ {2}item 9 \(line 541\) left out: "[a-z0-9-]+" has no metadata\.uid$/),
    ]);
  });

  it('exits non-zero with the place a malformed file breaks, or the reason a file is refused', () => {
    const bad = runCli(['--import', 'pods-truncated.json'], readFixture);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^error: --import pods-truncated\.json:760:34: Not valid JSON at line 760, column 34: expected a closing quote \("\), found the end of the file \(12 objects were read before it\)\n/);
    expect(runCli(['--import', 'deployments.json'], readFixture).stderr).toMatch(/--import deployments\.json: The file holds no objects/);
    expect(runCli(['--import', 'pods.yaml', '--import-size', 'big'], readFixture).stderr).toMatch(/--import-size must be file or compact, got "big"/);
    expect(runCli(['--import', 'missing.json'], readFixture).stderr).toMatch(/^error: --import "missing\.json" cannot be read: /);
    expect(runCli(['--import'], readFixture).stderr).toMatch(/--import needs a value/);
    expect(runCli(['--import', 'a', '--import', 'b'], readFixture).stderr).toMatch(/--import is given twice/);
  });

  it('reads every fixture format and reports the count, the format and the per-mode figures', () => {
    const cases: [string, string, number][] = [
      ['pods-kind.json', 'json-list', 32],
      ['pods-pages.json', 'json-pages', 32],
      ['pods.yaml', 'yaml', 32],
      ['watch-events.json', 'watch-events', 12],
      ['watch-objects.json', 'json-objects', 13],
      ['watch-replay.json', 'watch-events', 19],
      ['pods-columns.txt', 'columns', 32],
      ['pods-columns-no-headers.txt', 'columns-no-headers', 32],
      ['mixed-kinds.json', 'json-list', 16],
      ['pods-duplicate-uid.json', 'json-list', 30],
    ];
    for (const [file, format, objects] of cases) {
      const r = runCli(['--import', file, '--seconds', '1', '--json'], readFixture);
      expect(r.code, file).toBe(0);
      const body = JSON.parse(r.stdout) as { imported: { format: string; objects: number }; livePods: number; modes: { client: { replicas: { watchBytesPerSec: number }[] }; server: { replicas: { watchBytesPerSec: number }[] } } };
      expect(body.imported.format, file).toBe(format);
      expect(body.imported.objects, file).toBe(objects);
      // Both modes, every replica (4 by default), with their figures.
      for (const mode of [body.modes.client, body.modes.server]) {
        expect(mode.replicas.length, file).toBe(4);
        for (const x of mode.replicas) expect(Number.isFinite(x.watchBytesPerSec), file).toBe(true);
      }
      const text = runCli(['--import', file, '--seconds', '1'], readFixture);
      expect(text.stdout, file).toMatch(new RegExp(`^imported ${objects} objects from ${file.replace('.', '\\.')}: `));
      expect(text.stdout, file).toMatch(/^ +client-side +server-side +server\/client$/m);
      expect(text.stdout, file).toMatch(/^replica 0 watch bytes received /m);
    }
    for (const size of ['file', 'compact']) {
      const r = runCli(['--import', 'pods-kind.json', '--import-size', size, '--seconds', '1', '--json'], readFixture);
      expect((JSON.parse(r.stdout) as { imported: { sizes: string } }).imported.sizes).toBe(size);
    }
    expect(runCli(['--import', 'pods-columns.txt', '--seconds', '1'], readFixture).stdout).toMatch(/sizes drawn from the model \(custom-columns carry no object\)/);
    // Malformed YAML: refused with its place, as the yaml package reports it.
    const badYaml = runCli(['--import', 'bad.yaml'], () => 'apiVersion: v1\nitems:\n- metadata:\n    name: a\n    uid: 0a0a0a0a-0000-4000-8000-000000000001\n  kind: Pod\n- metadata: {name: b, uid: "x\n');
    expect(badYaml.code).toBe(2);
    expect(badYaml.stdout).toBe('');
    expect(badYaml.stderr).toMatch(/^error: --import bad\.yaml:8:1: Not valid YAML at line 8, column 1: .*\(1 objects were read before it\)/);
    const yaml = runCli(['--import', 'watch-truncated.json'], readFixture);
    expect(yaml.code).toBe(2);
    expect(yaml.stderr).toMatch(/^error: --import watch-truncated\.json:527:28: Not valid JSON at line 527, column 28: expected a closing quote/);
  });
});

describe('npm run sim -- --import on a watch stream: the replay', () => {
  // First principles: FNV-1a 64 of the uid, replica i of N owns [floor(i·2^64/N), floor((i+1)·2^64/N)).
  const fnv = (s: string): bigint => {
    let h = 0xcbf29ce484222325n;
    for (const b of Buffer.from(s, 'utf8')) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
    return h;
  };
  const owner = (h: bigint, n: number): number => [...Array(n).keys()].find((i) => h >= (BigInt(i) << 64n) / BigInt(n) && h < (BigInt(i + 1) << 64n) / BigInt(n))!;

  it('prints measured events and bytes per replica in both modes, and the ratio, from the stream’s own sizes', () => {
    const lines = readFixture('watch-replay.json').split('\n').filter((l) => l !== '');
    const events = lines.map((l) => JSON.parse(l) as { type: string; object: { metadata: { uid?: string } } });
    const total = lines.reduce((a, l) => a + Buffer.byteLength(l), 0);
    const want = [0, 0, 0];
    events.forEach((e, i) => {
      const b = Buffer.byteLength(lines[i]!);
      if (e.type === 'BOOKMARK') for (let r = 0; r < 3; r++) want[r]! += b;
      else want[owner(fnv(e.object.metadata.uid!), 3)]! += b;
    });
    const r = runCli(['--import', 'watch-replay.json', '--replicas', '3', '--seconds', '1', '--json'], readFixture);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { replay: { events: number; bytes: number; ratio: number; types: Record<string, number>; replicas: { client: { bytes: number; events: number }; server: { bytes: number } }[] } };
    expect(body.replay.events).toBe(30);
    expect(body.replay.bytes).toBe(total);
    expect(body.replay.types).toEqual({ ADDED: 21, MODIFIED: 5, DELETED: 2, BOOKMARK: 2 });
    expect(body.replay.replicas.map((x) => x.server.bytes)).toEqual(want);
    expect(body.replay.replicas.map((x) => x.client.bytes)).toEqual([total, total, total]);
    expect(body.replay.ratio).toBeCloseTo(want.reduce((a, b) => a + b, 0) / (3 * total), 12);
    const text = runCli(['--import', 'watch-replay.json', '--replicas', '3', '--seconds', '1'], readFixture).stdout;
    expect(text).toMatch(/^replay of the imported watch stream \(30 events over 70 s: 21 ADDED, 5 MODIFIED, 2 DELETED, 2 BOOKMARK; 21 in the initial state at t = 0; times from the objects’ timestamps\)$/m);
    const row = (i: number) => new RegExp(`^replica ${i} +30 +${total.toLocaleString('en-US')} +\\d+ +${want[i]!.toLocaleString('en-US')} +${(want[i]! / total).toFixed(2)}x$`, 'm');
    for (let i = 0; i < 3; i++) expect(text).toMatch(row(i));
    expect(text).toMatch(new RegExp(`^all replicas +90 +${(3 * total).toLocaleString('en-US')} +\\d+ +${want.reduce((a, b) => a + b, 0).toLocaleString('en-US')} `, 'm'));
    expect(runCli(['--import', 'watch-replay.json', '--seconds', '1', '--lang', 'zh-CN'], readFixture).stdout).toMatch(/^导入的 Watch 事件流的回放（30 个事件，历时 70 秒/m);
  });

  it('every stream fixture is replayed; a list is not a stream and prints no replay', () => {
    for (const [file, events] of [['watch-events.json', 16], ['watch-objects.json', 16], ['watch-replay.json', 30]] as const) {
      const body = JSON.parse(runCli(['--import', file, '--seconds', '1', '--json'], readFixture).stdout) as { replay?: { events: number } };
      expect(body.replay?.events, file).toBe(events);
    }
    const list = runCli(['--import', 'pods-kind.json', '--seconds', '1'], readFixture).stdout;
    expect(list).not.toMatch(/replay/);
    expect(JSON.parse(runCli(['--import', 'pods-kind.json', '--seconds', '1', '--json'], readFixture).stdout)).not.toHaveProperty('replay');
  });
});
