import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashField, hashFieldInto } from '../src/core/sharding/hash';
import type { BenchResult } from './types';
import { medianMs, uuids } from './timing';

/** The textbook FNV-1a 64 in BigInt over TextEncoder bytes: the reference. */
function bigIntFnv1a64(value: string, encoder: TextEncoder): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of encoder.encode(value)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

/** hashField over 1,000,000 UUIDv4 strings, against a BigInt FNV-1a in the same run. */
export function runHashBenchmarks(count = 1_000_000): BenchResult[] {
  const ids = uuids(count, 42);
  let sink = 0;
  const stringMs = medianMs(() => {
    for (let i = 0; i < ids.length; i++) sink += hashField(ids[i]!).length;
  });
  const out = new Uint32Array(2 * count);
  const numericMs = medianMs(() => {
    for (let i = 0; i < ids.length; i++) hashFieldInto(ids[i]!, out, 2 * i);
  });
  // The BigInt reference is slow; time it on a tenth of the input and scale per hash.
  const refIds = ids.slice(0, Math.max(1, Math.floor(count / 10)));
  const encoder = new TextEncoder();
  const refMs = medianMs(() => {
    for (let i = 0; i < refIds.length; i++) sink += bigIntFnv1a64(refIds[i]!, encoder).length;
  }, 3);
  if (sink === 42) console.log('');
  const ns = (ms: number, n: number) => (ms * 1e6) / n;
  const refNs = ns(refMs, refIds.length);
  const reference = { name: 'BigInt FNV-1a 64 (TextEncoder + BigInt multiply)', value: refNs, unit: 'ns/hash' };
  const stringNs = ns(stringMs, count);
  const numericNs = ns(numericMs, count);
  const native = nativeNsPerHash(ids);
  return [
    ...(native === undefined
      ? []
      : [
          {
            name: `native FNV-1a 64 (C, -O2), the stand-in for Go's hash/fnv: the same UUIDs`,
            value: native,
            unit: 'ns/hash',
            reference: { name: 'hashFieldInto', value: numericNs, unit: 'ns/hash' },
            ratio: native / numericNs,
            target: 'hashFieldInto within 2x of native (ratio >= 0.5)',
            pass: native / numericNs >= 0.5,
          },
        ]),
    {
      name: `hashField: ${count.toLocaleString('en')} UUIDv4 -> 16-digit hex`,
      value: stringNs,
      unit: 'ns/hash',
      reference,
      ratio: refNs / stringNs,
      target: '>= 10x faster than BigInt',
      pass: refNs / stringNs >= 10,
    },
    {
      name: `hashFieldInto: ${count.toLocaleString('en')} UUIDv4 -> two uint32`,
      value: numericNs,
      unit: 'ns/hash',
      reference,
      ratio: refNs / numericNs,
      target: 'faster than hashField',
      pass: numericNs < stringNs,
    },
  ];
}

/**
 * Go is not installed on the build machine, so a C loop doing what `hash/fnv` does is the
 * native reference. Skipped (undefined) when no C compiler is available.
 */
function nativeNsPerHash(ids: readonly string[]): number | undefined {
  const cc = ['cc', 'gcc', 'clang'].find((c) => spawnSync(c, ['--version']).status === 0);
  if (!cc) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'shardscope-fnv-'));
  const exe = join(dir, 'fnv');
  execFileSync(cc, ['-O2', '-o', exe, join(import.meta.dirname, 'native-fnv.c')]);
  const out = execFileSync(exe, { input: ids.join('\n') + '\n', maxBuffer: 1 << 20 }).toString();
  return Number(out.split(' ')[0]);
}
