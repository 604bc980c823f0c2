import { describe, expect, it, vi } from 'vitest';
import { formatHex, hexToParts, splitHashSpace, type ShardRangeRequirement } from '../../core/sharding';
import { buildCutTable, type CutOwner, type CutTable } from './cuttable';
import { createPrng, type Prng } from '../cluster';
import { createSimulation } from './simulation';

vi.mock('./cuttable', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./cuttable')>();
  return { ...actual, buildCutTable: vi.fn(actual.buildCutTable) };
});

const UID = 'object.metadata.uid' as const;
const TWO_64 = 1n << 64n;

/**
 * The table as it used to be built (every piece tested against every range of every owner,
 * cubic in the range count): the reference the sweep must agree with.
 */
function referenceCutTable(owners: readonly CutOwner[]): CutTable {
  const cuts: number[][] = [
    [0, 0],
    [4294967296, 0],
  ];
  const parsed = owners.map((o) => ({
    o,
    ranges:
      o.ranges === null
        ? null
        : o.ranges.map((q) => {
            const s = hexToParts(q.start);
            const e = hexToParts(q.end);
            cuts.push([s.hi, s.lo], [e.hi, e.lo]);
            return [s.hi, s.lo, e.hi, e.lo];
          }),
  }));
  cuts.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  const starts: number[][] = [];
  for (const c of cuts) {
    const last = starts[starts.length - 1];
    if (c[0]! >= 4294967296) break;
    if (!last || last[0] !== c[0] || last[1] !== c[1]) starts.push(c);
  }
  const n = starts.length;
  const out = {
    hi: new Float64Array(n),
    lo: new Float64Array(n),
    passLo: new Uint32Array(n),
    passHi: new Uint32Array(n),
    keepLo: new Uint32Array(n),
    keepHi: new Uint32Array(n),
  };
  const le = (h1: number, l1: number, h2: number, l2: number) => h1 < h2 || (h1 === h2 && l1 <= l2);
  for (let i = 0; i < n; i++) {
    const [ah, al] = starts[i]!;
    const [bh, bl] = i + 1 < n ? starts[i + 1]! : [4294967296, 0];
    out.hi[i] = ah!;
    out.lo[i] = al!;
    for (const { o, ranges } of parsed) {
      const covers = ranges === null || ranges.some((r) => le(r[0]!, r[1]!, ah!, al!) && le(bh!, bl!, r[2]!, r[3]!));
      if (!covers) continue;
      const bitL = o.k < 32 ? (1 << o.k) >>> 0 : 0;
      const bitH = o.k >= 32 ? (1 << (o.k - 32)) >>> 0 : 0;
      if (o.pass) {
        out.passLo[i] = (out.passLo[i]! | bitL) >>> 0;
        out.passHi[i] = (out.passHi[i]! | bitH) >>> 0;
      } else {
        out.keepLo[i] = (out.keepLo[i]! | bitL) >>> 0;
        out.keepHi[i] = (out.keepHi[i]! | bitH) >>> 0;
      }
    }
  }
  return out;
}

/** A bound: often one of a few shared values (so ranges touch and overlap), else anywhere. */
function randomBound(p: Prng, shared: readonly bigint[]): bigint {
  if (p.int(3) > 0) return shared[p.int(shared.length)]!;
  return (BigInt(p.int(2 ** 32)) << 32n) | BigInt(p.int(2 ** 32));
}

function randomRanges(p: Prng, shared: readonly bigint[]): ShardRangeRequirement[] {
  const out: ShardRangeRequirement[] = [];
  const n = 1 + p.int(6);
  while (out.length < n) {
    const a = randomBound(p, shared);
    const b = randomBound(p, shared);
    if (a === b) continue;
    const [s, e] = a < b ? [a, b] : [b, a];
    out.push({ key: UID, start: formatHex(s), end: formatHex(e) });
  }
  return out;
}

function randomOwners(p: Prng): CutOwner[] {
  const shared = [0n, TWO_64, ...splitHashSpace(1 + p.int(8)).map((r) => BigInt(r.start)), BigInt(p.int(2 ** 32)) << 32n];
  const ks = Array.from({ length: 64 }, (_, i) => i);
  const owners: CutOwner[] = [];
  const count = 1 + p.int(12);
  for (let i = 0; i < count; i++) {
    const k = ks.splice(p.int(ks.length), 1)[0]!;
    const pass = p.int(2) === 0;
    owners.push({ k, pass, ranges: !pass && p.int(6) === 0 ? null : randomRanges(p, shared) });
  }
  return owners;
}

describe('buildCutTable', () => {
  it('agrees piece for piece with the all-pairs table on 500 random sets of selectors', () => {
    const p = createPrng('cut-table-property');
    for (let c = 0; c < 500; c++) {
      const owners = randomOwners(p);
      expect(buildCutTable(owners), JSON.stringify(owners)).toEqual(referenceCutTable(owners));
    }
  });

  it('cuts interleaved ranges (64 replicas x 126 ranges) into 8,064 pieces, each owned by its replica', () => {
    const pieces = splitHashSpace(64 * 126);
    const owners: CutOwner[] = Array.from({ length: 64 }, (_, k) => ({
      k,
      pass: true,
      ranges: Array.from({ length: 126 }, (_, i) => ({ key: UID, ...pieces[i * 64 + k]! })),
    }));
    const t = buildCutTable(owners);
    expect(t.hi.length).toBe(8_064);
    const wrong = Array.from(t.hi, (_, i) => i).filter((i) => {
      const k = i % 64;
      return t.passLo[i] !== (k < 32 ? 2 ** k : 0) || t.passHi[i] !== (k < 32 ? 0 : 2 ** (k - 32));
    });
    expect(wrong).toEqual([]);
    expect([...t.keepLo, ...t.keepHi].every((m) => m === 0)).toBe(true);
  });

  it('starts a piece at 0 even when no range does, owned by whoever covers everything', () => {
    const t = buildCutTable([
      { k: 3, pass: false, ranges: null },
      { k: 40, pass: true, ranges: [{ key: UID, start: '0x8000000000000000', end: '0x10000000000000000' }] },
    ]);
    expect([...t.hi]).toEqual([0, 0x80000000]);
    expect([...t.keepLo]).toEqual([8, 8]);
    expect([...t.passHi]).toEqual([0, 2 ** 8]);
  });
});

describe('ModeEngine cut table', () => {
  it('is built once per selector change, not once per step', () => {
    const build = vi.mocked(buildCutTable);
    const pieces = splitHashSpace(8 * 16);
    const selectors = (shift: number) =>
      Array.from({ length: 8 }, (_, k) => ({ kind: 'ranges' as const, ranges: Array.from({ length: 16 }, (_, i) => pieces[(i * 8 + k + shift) % pieces.length]!) }));
    const sim = createSimulation({ seed: 'cut-once', cluster: { pods: 2_000 }, replicas: { count: 8, selectors: selectors(0) } });
    build.mockClear();
    for (let i = 0; i < 20; i++) sim.step(0.25);
    // One table per mode (server-side watchers, client-side replicas keeping by ranges).
    expect(build).toHaveBeenCalledTimes(2);
    sim.reconfigure({ replicas: { count: 8, selectors: selectors(1) } });
    for (let i = 0; i < 20; i++) sim.step(0.25);
    expect(build).toHaveBeenCalledTimes(4);
  });
});
