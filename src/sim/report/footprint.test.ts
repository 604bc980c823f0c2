import { describe, expect, it } from 'vitest';
import { typedArrayBytes } from './footprint';

describe('typedArrayBytes', () => {
  it('is 0 for values that hold no typed array', () => {
    expect(typedArrayBytes(null)).toBe(0);
    expect(typedArrayBytes(undefined)).toBe(0);
    expect(typedArrayBytes(42)).toBe(0);
    expect(typedArrayBytes('a string of some length')).toBe(0);
    expect(typedArrayBytes({ a: 1, b: [2, 3], c: { d: 'e' } })).toBe(0);
  });

  it('sums the buffers reached through properties, arrays, map keys and values, and sets', () => {
    const root = {
      f64: new Float64Array(4), // 32 bytes
      nested: [{ u8: new Uint8Array(10) }], // 10
      map: new Map<unknown, unknown>([[new Int32Array(2), 'key'], ['value', new Uint16Array(3)]]), // 8 + 6
      set: new Set([new Float32Array(5)]), // 20
      raw: new ArrayBuffer(7), // 7
    };
    expect(typedArrayBytes(root)).toBe(32 + 10 + 8 + 6 + 20 + 7);
  });

  it('counts a buffer once, however many views or paths reach it, and follows cycles without end', () => {
    const buffer = new ArrayBuffer(64);
    const a = new Uint8Array(buffer, 0, 8);
    const b = new Float64Array(buffer, 8, 2);
    const root: Record<string, unknown> = { a, b, again: a, buffer, list: [a, b] };
    root.self = root;
    expect(typedArrayBytes(root)).toBe(64);
  });

  it('counts a view by its whole buffer, not by its own length', () => {
    const view = new Uint8Array(new ArrayBuffer(100), 10, 5);
    expect(typedArrayBytes({ view })).toBe(100);
    expect(typedArrayBytes(view)).toBe(100);
  });
});
