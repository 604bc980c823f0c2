/**
 * UIDs as the API server assigns them, drawn from a seeded PRNG and kept as four 32-bit
 * words (16 bytes) per object instead of 36-character strings: a million uids are 16 MB of
 * typed array rather than ~60 MB of heap strings. The text form is made on demand.
 */
import type { Prng } from './prng';

/** Simulated wall-clock origin: the day the v1.36 blog post was published (2026-05-06T00:00:00Z). */
export const EPOCH_MS = Date.UTC(2026, 4, 6);

/** Writes a random (version 4, RFC 9562) UUID into `out[offset..offset+3]`, big-endian words. */
export function writeUuidV4(prng: Prng, out: Uint32Array, offset: number): void {
  out[offset] = prng.u32();
  out[offset + 1] = ((prng.u32() & 0xffff0fff) | 0x00004000) >>> 0; // version nibble = 4
  out[offset + 2] = ((prng.u32() & 0x3fffffff) | 0x80000000) >>> 0; // variant bits = 10
  out[offset + 3] = prng.u32();
}

/**
 * Writes a time-ordered (version 7-like) UUID: 48 bits of milliseconds since the Unix epoch,
 * then a 12-bit sequence for objects created in the same millisecond, then random bits.
 * Consecutive objects share long prefixes, so ranging over raw uids would pile them into one
 * shard; FNV-1a spreads them evenly.
 */
export function writeUuidV7(prng: Prng, unixMs: number, sequence: number, out: Uint32Array, offset: number): void {
  const ms = Math.max(0, Math.floor(unixMs));
  out[offset] = Math.floor(ms / 65536) >>> 0;
  out[offset + 1] = (((ms % 65536) << 16) | 0x7000 | (sequence & 0xfff)) >>> 0;
  out[offset + 2] = ((prng.u32() & 0x3fffffff) | 0x80000000) >>> 0;
  out[offset + 3] = prng.u32();
}

const HEX2: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex8(w: number): string {
  return HEX2[w >>> 24]! + HEX2[(w >>> 16) & 0xff]! + HEX2[(w >>> 8) & 0xff]! + HEX2[w & 0xff]!;
}

/** The canonical 8-4-4-4-12 lowercase text of the uid at `words[offset..offset+3]`. */
export function formatUuid(words: Uint32Array, offset: number): string {
  const a = words[offset]!;
  const b = words[offset + 1]!;
  const c = words[offset + 2]!;
  const d = words[offset + 3]!;
  const bh = hex8(b);
  const ch = hex8(c);
  return `${hex8(a)}-${bh.slice(0, 4)}-${bh.slice(4)}-${ch.slice(0, 4)}-${ch.slice(4)}${hex8(d)}`;
}

/** Parses the canonical text back into four words, or returns false. */
export function parseUuidInto(text: string, out: Uint32Array, offset: number): boolean {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text)) return false;
  const h = text.replace(/-/g, '');
  for (let i = 0; i < 4; i++) out[offset + i] = parseInt(h.slice(i * 8, i * 8 + 8), 16) >>> 0;
  return true;
}
