import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { parseDuration, parseReshardFlag } from '../time';

const quiet = ['--pods', '20000', '--adds', '0', '--modifies', '0', '--deletes', '0', '--bursts', 'false'];

interface Handoff {
  movedPercent: number;
  orphanObjectSeconds: number;
  duplicateObjectSeconds: number;
  settleSeconds: number;
  relists: number;
  relistBytes: number;
}
interface Body {
  reshards: { at: number; from: number; to: number; client: Handoff; server: Handoff; relistBytesClientOverServer: number }[];
  params: { replicas: { count: number } };
  seconds: number;
}

function run(argv: string[], files: Record<string, string> = {}) {
  return runCli(argv, (path) => {
    const text = files[path];
    if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
    return text;
  });
}

function json(argv: string[], files: Record<string, string> = {}): Body {
  const r = run([...argv, '--json'], files);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Body;
}

describe('--reshard', () => {
  it('reads from:to@time:strategy[:rollout[/interval]]', () => {
    expect(parseReshardFlag('4:5@30s:equal:one-by-one/5s')).toEqual({
      from: 4,
      event: { kind: 'reshard', at: 30, to: 5, strategy: 'equal-ranges', rollout: { kind: 'one-by-one', everySeconds: 5 } },
    });
    expect(parseReshardFlag('5:3@1.5m:split:new-first').event).toMatchObject({ at: 90, to: 3, strategy: 'range-splitting', rollout: { kind: 'new-first' } });
    expect(parseReshardFlag('4:5@500ms:jump').event.rollout).toEqual({ kind: 'all-at-once' });
    expect(parseReshardFlag('4:5@2:mod:new-first/250ms').event).toMatchObject({ at: 2, strategy: 'hash-mod', rollout: { kind: 'new-first', everySeconds: 0.25 } });
    expect(parseDuration('1h')).toBe(3600);
  });

  it('reports the hand-off window per mode in --json: moved share, orphan and duplicate object-seconds, settle time, relist bytes', () => {
    const body = json([...quiet, '--seconds', '30', '--reshard', '4:5@5s:equal:all']);
    expect(body.params.replicas.count).toBe(5);
    const r = body.reshards[0]!;
    expect(r).toMatchObject({ at: 5, from: 4, to: 5 });
    expect(Math.abs(r.client.movedPercent - 50)).toBeLessThan(2);
    // All at once: every object waits one whole LIST client-side, a fifth of one server-side.
    expect(r.client.orphanObjectSeconds / r.client.settleSeconds).toBeCloseTo(20_000, 6);
    expect(r.client.relists).toBe(5);
    expect(r.relistBytesClientOverServer).toBeCloseTo(5, 2);
    expect(r.server.settleSeconds).toBeLessThan(r.client.settleSeconds);
  });

  it('is the only repeatable flag: each --reshard chains from the count the previous one left', () => {
    const body = json([...quiet, '--seconds', '30', '--reshard', '4:6@5s:equal', '--reshard', '6:3@15s:split:one-by-one/1s']);
    expect(body.reshards.map((r) => `${r.from}->${r.to}`)).toEqual(['4->6', '6->3']);
    expect(body.params.replicas.count).toBe(3);
    expect(run([...quiet, '--pods', '1', '--seconds', '1']).stderr).toMatch(/--pods is given twice/);
  });

  it('prints the hand-off under the table', () => {
    const r = run([...quiet, '--seconds', '10', '--reshard', '4:5@2s:jump:new-first']);
    expect(r.stdout).toContain('reshard at 2 s: 4 -> 5 replicas, new-first');
    expect(r.stdout).toContain('client-side jump-hash, server-side equal-ranges');
    expect(r.stdout).toMatch(/orphan object-seconds \(no owner\)/);
  });

  it('refuses bad values with a message naming the flag and the grammar', () => {
    const err = (v: string, extra: string[] = []) => run([...quiet, '--seconds', '60', ...extra, '--reshard', v]);
    expect(err('4:5').stderr).toMatch(/^error: --reshard "4:5": unreadable; the form is from:to@time:strategy/);
    expect(err('4:5@30s:ring').stderr).toMatch(/the strategy must be one of equal, split, jump, mod, got "ring"/);
    expect(err('4:5@soon:equal').stderr).toMatch(/the time must be a duration such as 30s/);
    expect(err('4:5@30s:equal:one-by-one').stderr).toMatch(/rollout one-by-one needs an interval/);
    expect(err('4:5@30s:equal:all/5s').stderr).toMatch(/rollout all takes no interval/);
    expect(err('4:5@30s:equal:rolling').stderr).toMatch(/the rollout must be all, one-by-one\/<dur> or new-first/);
    expect(err('4:65@30s:equal').stderr).toMatch(/to must be an integer from 1 to 64, got 65/);
    expect(err('3:5@30s:equal').stderr).toMatch(/from is 3 but the run has 4 replicas at 30 s; write 4:5@/);
    expect(err('6:5@30s:equal', ['--replicas', '6']).code).toBe(0);
    expect(err('4:5@90s:equal').stderr).toMatch(/happens at 90 s, after the run ends \(--seconds 60\)/);
    expect(err('4:4@30s:equal').stderr).toMatch(/schedule\[0\]\.to is 4, the replica count at 30 s already/);
    expect(run(['--reshard']).stderr).toMatch(/--reshard needs a value/);
  });
});

describe('--scenario', () => {
  const file = (o: unknown) => ({ 's.json': JSON.stringify(o) });

  it('runs the documented example file: 4 -> 5 at 30 s, one by one every 5 s', () => {
    const text = readFileSync('docs/examples/reshard-4-to-5.json', 'utf8');
    const body = json(['--scenario', 'x.json', '--pods', '20000'], { 'x.json': text });
    expect(body.seconds).toBe(90);
    expect(body.reshards).toHaveLength(1);
    expect(body.reshards[0]).toMatchObject({ at: 30, from: 4, to: 5 });
    expect(body.reshards[0]!.client.relists).toBe(5);
  });

  it('lets flags override its parameters and appends --reshard events after its own', () => {
    const body = json(['--scenario', 's.json', '--seconds', '20', '--reshard', '5:2@10s:equal'], file({ params: { cluster: { pods: 5000 } }, events: [{ kind: 'reshard', at: 3, to: 5, strategy: 'hash-mod', rollout: { kind: 'all-at-once' } }] }));
    expect(body.reshards.map((r) => `${r.at}:${r.from}->${r.to}`)).toEqual(['3:4->5', '10:5->2']);
    expect(body.seconds).toBe(20);
  });

  it('names the JSON path of every problem', () => {
    const r = run(
      ['--scenario', 's.json'],
      file({
        params: { cluster: { podz: 3 }, replicas: { count: 0 } },
        events: [{ kind: 'reshard', at: 5, to: 5, strategy: 'jump-hash', serverStrategy: 'jump-hash', rollout: { kind: 'one-by-one' } }],
        extra: 1,
      }),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: s.json: $.extra is not a scenario field; known: params, events, seconds, description');
    expect(r.stderr).toContain('error: s.json: $.params.cluster.podz is not a parameter; known here: pods, namespaces');
    const r2 = run(['--scenario', 's.json'], file({ params: { replicas: { count: 0 } }, events: [{ kind: 'reshard', at: 5, to: 5, strategy: 'jump-hash', serverStrategy: 'jump-hash', rollout: { kind: 'one-by-one' } }] }));
    expect(r2.stderr).toContain('error: s.json: $.params.replicas.count must be an integer from 1 to 64, got 0');
    expect(r2.stderr).toContain("error: s.json: $.events[0].serverStrategy must be 'equal-ranges' or 'range-splitting', got \"jump-hash\": jump hash and mod N are client-side only");
    expect(r2.stderr).toContain('error: s.json: $.events[0].rollout.everySeconds must be a number from 0.01 to 3,600, got nothing');
  });

  it('says when the file cannot be read or is not JSON', () => {
    expect(run(['--scenario', 'missing.json']).stderr).toMatch(/^error: --scenario "missing.json" cannot be read: ENOENT/);
    expect(run(['--scenario', 's.json'], { 's.json': '{"events": [' }).stderr).toMatch(/^error: s.json: not JSON/);
    expect(run(['--scenario', 's.json'], { 's.json': '[]' }).stderr).toMatch(/\$ must be an object/);
    expect(run(['--scenario', 's.json'], file({ events: {} })).stderr).toMatch(/\$\.events must be an array/);
  });
});
