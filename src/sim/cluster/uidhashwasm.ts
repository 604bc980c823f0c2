/**
 * FNV-1a 64 of many uids' text at once, in WebAssembly when the engine allows it.
 *
 * JavaScript has no 64-bit integer multiply that stays unboxed, so {@link hashUidWordsInto}
 * splits the hash into four 16-bit limbs: about ten integer operations per text byte.
 * WebAssembly has `i64.mul`, so one step is one xor and one multiply, and a million uids
 * (36 million steps) hash in a fraction of the time. The module is a few hundred bytes,
 * assembled below by hand (no toolchain, no fetch): it reads uid words from its memory and
 * writes the hashes' high and low halves after them, one block of uids at a time so its
 * memory stays small. Where WebAssembly is missing or refused (a Content-Security-Policy
 * without 'wasm-unsafe-eval'), the same hashes come from the JavaScript loop. A test pins
 * both to the same values.
 */
import { hashUidWordsInto } from './uidhash';

/** Uids hashed per call into the module: 16 bytes in, 8 out each (1.5 MiB of memory). */
const BLOCK = 1 << 16;
const WASM_PAGE = 65_536;

/** The subset of the WebAssembly API used here (sim is type-checked without DOM types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
interface HashExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  hash: (n: number) => void;
}

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of a 64-bit value. */
function sleb64(v: bigint): number[] {
  const out: number[] = [];
  for (;;) {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

// Opcodes used.
const LOCAL_GET = 0x20, LOCAL_SET = 0x21, I32_CONST = 0x41, I64_CONST = 0x42;
const BLOCK_OP = 0x02, LOOP = 0x03, END = 0x0b, BR = 0x0c, BR_IF = 0x0d, VOID = 0x40;
const I32_LOAD = 0x28, I32_STORE = 0x36;
const I32_GT_U = 0x4b, I32_GE_U = 0x4f;
const I32_ADD = 0x6a, I32_MUL = 0x6c, I32_AND = 0x71, I32_SHL = 0x74, I32_SHR_U = 0x76;
const I64_MUL = 0x7e, I64_XOR = 0x85, I64_SHR_U = 0x88, I32_WRAP_I64 = 0xa7, I64_EXTEND_I32_U = 0xad;

/**
 * The module: `memory` and `hash(n)`. Words of uid i at bytes 16i..16i+15; the hash's high
 * halves at 16n + 4i, low halves at 20n + 4i. The text is 8-4-4-4-12 hex: a dash before word
 * 1 and word 2 and in the middle of each (before nibble 0 or 4 of words 1 and 2).
 */
function moduleBytes(): Uint8Array {
  // Locals: 0 n (param); 1 i, 2 w, 3 d (i32); 4 h (i64).
  const [n, i, w, d, h] = [0, 1, 2, 3, 4];
  const prime = [I64_CONST, ...sleb64(0x100000001b3n)];
  const step = (byte: number[]) => [LOCAL_GET, h, ...byte, I64_EXTEND_I32_U, I64_XOR, ...prime, I64_MUL, LOCAL_SET, h];
  // The 36 steps unrolled (shifts and dashes are constants): no inner loop, no branch.
  const unrolled: number[] = [];
  for (let word = 0; word < 4; word++) {
    unrolled.push(LOCAL_GET, i, I32_CONST, 4, I32_SHL, I32_LOAD, 2, word * 4, LOCAL_SET, w);
    for (let nib = 0; nib < 8; nib++) {
      if ((word === 1 || word === 2) && (nib === 0 || nib === 4)) unrolled.push(...step([I32_CONST, 45]));
      // d = (w >> shift) & 15; byte = d + 48 + (d > 9) * 39
      unrolled.push(LOCAL_GET, w, I32_CONST, 28 - 4 * nib, I32_SHR_U, I32_CONST, 15, I32_AND, LOCAL_SET, d);
      unrolled.push(...step([LOCAL_GET, d, I32_CONST, 48, I32_ADD, LOCAL_GET, d, I32_CONST, 9, I32_GT_U, I32_CONST, 39, I32_MUL, I32_ADD]));
    }
  }
  const code = [
    ...[I32_CONST, 0, LOCAL_SET, i],
    ...[BLOCK_OP, VOID, LOOP, VOID],
    ...[LOCAL_GET, i, LOCAL_GET, n, I32_GE_U, BR_IF, 1],
    ...[I64_CONST, ...sleb64(BigInt.asIntN(64, 0xcbf29ce484222325n)), LOCAL_SET, h],
    ...unrolled,
    // store hi at 16n + 4i, lo at 20n + 4i
    ...[LOCAL_GET, n, I32_CONST, 4, I32_SHL, LOCAL_GET, i, I32_CONST, 2, I32_SHL, I32_ADD],
    ...[LOCAL_GET, h, I32_CONST, 32, I64_EXTEND_I32_U, I64_SHR_U, I32_WRAP_I64, I32_STORE, 2, 0],
    ...[LOCAL_GET, n, I32_CONST, 20, I32_MUL, LOCAL_GET, i, I32_CONST, 2, I32_SHL, I32_ADD],
    ...[LOCAL_GET, h, I32_WRAP_I64, I32_STORE, 2, 0],
    ...[LOCAL_GET, i, I32_CONST, 1, I32_ADD, LOCAL_SET, i, BR, 0],
    ...[END, END, END],
  ];
  const body = [2, 3, 0x7f, 1, 0x7e, ...code];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 1, 0x7f, 0]), // type 0: (i32) -> ()
    ...section(3, [1, 0]), // function 0 has type 0
    ...section(5, [1, 0x00, ...uleb(Math.ceil((BLOCK * 24) / WASM_PAGE))]), // memory: min pages, no max
    ...section(7, [2, 6, ...[...'memory'].map((c) => c.charCodeAt(0)), 0x02, 0, 4, ...[...'hash'].map((c) => c.charCodeAt(0)), 0x00, 0]),
    ...section(10, [1, ...uleb(body.length), ...body]),
  ];
  return new Uint8Array(bytes);
}

let instance: HashExports | null | undefined;

/** The module's exports, or null where WebAssembly is unavailable or refused. */
export function wasmUidHasher(): HashExports | null {
  if (instance !== undefined) return instance;
  instance = null;
  const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) return null;
  try {
    const mod = new api.Module(moduleBytes());
    instance = new api.Instance(mod, {}).exports as unknown as HashExports;
  } catch {
    instance = null;
  }
  return instance;
}

/**
 * Writes the FNV-1a 64 of the text of uids 0..n-1 (`words[4i..4i+3]`) to `hiOut[i]` and
 * `loOut[i]`: in WebAssembly when available (unless `useWasm` is false), else in JavaScript.
 */
export function hashUidsInto(words: Uint32Array, n: number, hiOut: Uint32Array, loOut: Uint32Array, useWasm = true): void {
  const wasm = useWasm ? wasmUidHasher() : null;
  if (!wasm) {
    for (let i = 0; i < n; i++) hashUidWordsInto(words, i * 4, hiOut, loOut, i);
    return;
  }
  for (let from = 0; from < n; from += BLOCK) {
    const m = Math.min(BLOCK, n - from);
    const mem = new Uint32Array(wasm.memory.buffer, 0, m * 6);
    mem.set(words.subarray(from * 4, (from + m) * 4));
    wasm.hash(m);
    hiOut.set(mem.subarray(m * 4, m * 5), from);
    loOut.set(mem.subarray(m * 5, m * 6), from);
  }
}
