import { describe, expect, it } from 'vitest';
import { hashField, hexLess } from '../../core/sharding';
import { runCli } from './cli';
import { namespaceName } from '../cluster';
import type { SimParams } from '../params';

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

describe('command line flags', () => {
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

describe('command line flag parsing and errors', () => {
  const HINT = '(run with --help for every flag)';
  function fails(argv: readonly string[]) {
    const r = runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    return r.stderr;
  }

  it('echoes an out-of-range number as typed, not as a 309-digit expansion', () => {
    const err = fails(['--pods', '1e308']);
    expect(err).toContain('error: --pods must be an integer from 1 to 1,000,000, got 1e308');
    expect(err).not.toMatch(/\d{20}/);
    expect(err).toContain(HINT);
  });

  it.each(['0x10', '0o20', '0b10000', 'Infinity', '-Infinity', 'NaN', '16abc', '1,000', '', ' ', '1__0', '_10', '1e', '.'])(
    'refuses the non-decimal number %j for --pods, naming the flag',
    (text) => {
      const err = fails(['--pods', text]);
      expect(err).toContain(`error: --pods must be a decimal number such as 100000 or 100_000, got ${JSON.stringify(text)}`);
      expect(err).toContain(HINT);
    },
  );

  it('accepts plain decimals, _ grouping and exponents', () => {
    expect(json(['--pods', '2_000', '--seconds', '0.5']).params.cluster.pods).toBe(2000);
    expect(json(['--pods', '2e3', '--seconds', '0.5']).params.cluster.pods).toBe(2000);
    expect(json(['--pods=1500', '--seconds', '.5', '--adds', '+10.5']).params.churn.addsPerSecond).toBe(10.5);
  });

  it.each([
    [['--pods', '5', '--pods', '7'], '--pods is given twice ("5", then "7"); give it once'],
    [['--seed', 'a', '--seed=b'], '--seed is given twice ("a", then "b"); give it once'],
    [['--json', '--json'], '--json is given twice; give it once'],
  ])('refuses the repeated flag in %j instead of taking the last value', (argv, message) => {
    const err = fails([...argv, '--seconds', '0.01']);
    expect(err).toContain(`error: ${message}`);
    expect(err).toContain(HINT);
  });

  it.each([
    [['--api-servers', '9'], '--api-servers must be an integer from 1 to 5, got 9'],
    [['--replicas', '2.5'], '--replicas must be an integer from 1 to 64, got 2.5'],
    [['--namespaces', '0'], '--namespaces must be an integer from 1 to 10,000, got 0'],
    [['--adds', '-5'], '--adds must be a number from 0 to 1,000,000, got -5'],
    [['--modifies', '1e400'], '--modifies must be a number from 0 to 1,000,000, got 1e400'],
    [['--seconds', '1e9'], '--seconds must be a number from 0.01 to 86,400, got 1e9'],
    [['--gates', 'on,off,on,on,on,on'], '--gates lists 6 API servers, more than the most (5)'],
    [['--gates', 'on,off,on', '--api-servers', '2'], '--gates lists 3 API servers but --api-servers is 2; give one on/off per API server'],
  ])('names the flag, never an internal field, and adds the --help hint for %j', (argv, message) => {
    const err = fails(argv);
    expect(err).toContain(`error: ${message}`);
    expect(err).not.toMatch(/apiServers|cluster\.|churn\.|replicas\.count/);
    expect(err.trimEnd().endsWith(HINT)).toBe(true);
  });

  it('--help says numbers are decimal and each flag is given once', () => {
    expect(runCli(['--help']).stdout).toContain('Numbers are decimal (100000, 100_000, 2.5, 1e5); give each flag at most once.');
  });

  it('says a flag needs a value when the next argument is another flag', () => {
    expect(fails(['--pods', '--replicas', '4'])).toContain('error: --pods needs a value');
  });

  it('truncates a very long bad value in the message', () => {
    const err = fails(['--pods', '9'.repeat(5000)]);
    expect(err.length).toBeLessThan(400);
    expect(err).toContain('--pods must be an integer from 1 to 1,000,000, got 9999');
  });

  it('turns an unexpected failure into a message that says what to change, never a stack trace', async () => {
    const sim = await import('../engine');
    const { vi } = await import('vitest');
    const spy = vi.spyOn(sim, 'createSimulation').mockImplementation(() => {
      throw new RangeError('Array buffer allocation failed');
    });
    try {
      const r = runCli(['--pods', '1000', '--seconds', '1']);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('error: the simulation stopped: RangeError: Array buffer allocation failed');
      expect(r.stderr).toContain('try a smaller run: fewer --pods, lower --adds, or fewer --seconds');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      spy.mockRestore();
    }
  });
});
