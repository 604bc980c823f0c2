import { describe, expect, it } from 'vitest';
import { hashField, hexLess } from '../core/sharding';
import { runCli } from './cli';
import { namespaceName } from './names';
import type { SimParams } from './params';

interface JsonBody {
  params: SimParams;
  events: { added: number; modified: number; deleted: number };
  bursts: { start: number; end: number | null; namespace: string }[];
  modes: { server: { replicas: { cacheObjects: number }[]; gaps: number } };
}

function json(argv: readonly string[]): JsonBody {
  const r = runCli([...argv, '--json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as JsonBody;
}

describe('command line flags (issue 7)', () => {
  it('--key uid shards on object.metadata.uid, and is the default', () => {
    expect(json(['--pods', '1000', '--seconds', '1', '--key', 'uid']).params.replicas.key).toBe('object.metadata.uid');
    expect(json(['--pods', '1000', '--seconds', '1']).params.replicas.key).toBe('object.metadata.uid');
  });

  it('--key namespace shards on object.metadata.namespace: every namespace lands whole in the replica whose range holds its hash', () => {
    const argv = ['--pods', '3000', '--namespaces', '12', '--replicas', '4', '--seconds', '0.01', '--adds', '0', '--modifies', '0', '--deletes', '0', '--bursts', 'false'];
    const body = json([...argv, '--key', 'namespace']);
    expect(body.params.replicas.key).toBe('object.metadata.namespace');
    // The replicas' caches hold whole namespaces: with 12 namespaces over 4 equal ranges the
    // counts are sums of namespace sizes, which the table run with --key uid never matches.
    const r = runCli([...argv, '--key', 'namespace']);
    expect(r.stdout).toContain('ownership audit: gaps');
    expect(body.modes.server.gaps).toBe(0);
    const total = body.modes.server.replicas.reduce((a, x) => a + x.cacheObjects, 0);
    expect(total).toBe(3000);
  });

  it('--key namespace puts each namespace with the replica its FNV-1a hash falls to', () => {
    // One namespace only: all pods hash to one point, so one replica holds them all.
    const body = json(['--pods', '500', '--namespaces', '1', '--replicas', '4', '--seconds', '0.01', '--adds', '0', '--modifies', '0', '--deletes', '0', '--bursts', 'false', '--key', 'namespace']);
    const hash = `0x${hashField(namespaceName(0))}`;
    const owner = ['0x4000000000000000', '0x8000000000000000', '0xc000000000000000'].filter((b) => !hexLess(hash, b)).length;
    const counts = body.modes.server.replicas.map((r) => r.cacheObjects);
    expect(counts[owner]).toBe(500);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(500);
  });

  it.each(['owned', 'all'] as const)('--client-cache %s sets replicas.clientCache', (value) => {
    expect(json(['--pods', '1000', '--seconds', '1', '--client-cache', value]).params.replicas.clientCache).toBe(value);
  });

  it('--bursts true runs rolling updates and reports them; --bursts false runs none', () => {
    const on = json(['--pods', '2000', '--seconds', '40', '--bursts', 'true']);
    expect(on.params.churn.burst.enabled).toBe(true);
    expect(on.bursts.length).toBeGreaterThan(0);
    const off = json(['--pods', '2000', '--seconds', '40', '--bursts', 'false']);
    expect(off.params.churn.burst.enabled).toBe(false);
    expect(off.bursts).toEqual([]);
  });

  it.each([
    [['--key', 'pod'], '--key must be one of uid, namespace, got "pod"'],
    [['--key', 'object.metadata.name'], '--key must be one of uid, namespace, got "object.metadata.name"'],
    [['--key'], '--key needs a value'],
    [['--client-cache', 'none'], '--client-cache must be one of owned, all, got "none"'],
    [['--client-cache=ALL'], '--client-cache must be one of owned, all, got "ALL"'],
    [['--bursts', 'yes'], '--bursts must be true or false, got "yes"'],
  ])('rejects %j with a non-zero exit and a message naming the flag and its allowed values', (argv, message) => {
    const r = runCli(argv);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: ${message}`);
  });

  it('lists --key and --client-cache with their values in --help', () => {
    const r = runCli(['--help']);
    expect(r.stdout).toMatch(/--key\s+shard key: uid \(object\.metadata\.uid\) or namespace \(object\.metadata\.namespace\)/);
    expect(r.stdout).toMatch(/--client-cache\s+informer cache: owned .* or all/);
  });
});
