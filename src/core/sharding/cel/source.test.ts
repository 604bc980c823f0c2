import { describe, expect, it } from 'vitest';
import { parseCel } from './parse';
import { codePoints, hasSurrogates, toWellFormed } from './source';
import { mulberry32 } from '../../../../tests/support/mulberry32';

// cel-go receives a Go string: well-formed Unicode, measured in code points. A JavaScript
// string may hold unpaired surrogates, which reach the apiserver as U+FFFD.

describe('toWellFormed', () => {
  it('replaces every unpaired surrogate with U+FFFD and keeps pairs and offsets', () => {
    const cases: [string, string][] = [
      ['a\ud800', 'a\ufffd'],
      ['\udfffa', '\ufffda'],
      ['\ud800a\udc00', '\ufffda\ufffd'],
      ['\udc00\ud800', '\ufffd\ufffd'],
      ['\ud800\ud800\udc00', '\ufffd\ud800\udc00'],
      ['\udbff\udfff\udfff', '\udbff\udfff\ufffd'],
      ['x😀y', 'x😀y'],
    ];
    for (const [input, expected] of cases) {
      expect(toWellFormed(input), JSON.stringify(input)).toBe(expected);
      // What TextEncoder sends for it, read back: U+FFFD for each unpaired surrogate.
      expect(toWellFormed(input)).toBe(new TextDecoder().decode(new TextEncoder().encode(input)));
    }
  });

  it('leaves text without surrogates as it is', () => {
    expect(toWellFormed('abc\ud7ff\ue000')).toBe('abc\ud7ff\ue000');
    expect(hasSurrogates('abc\ud7ff\ue000')).toBe(false);
    expect(hasSurrogates('\ud800')).toBe(true);
    expect(hasSurrogates('\udfff')).toBe(true);
  });
});

describe('codePoints', () => {
  it('counts a surrogate pair as one code point and an unpaired surrogate as one', () => {
    expect(codePoints('a😀b', 10)).toEqual({ count: 3, limitOffset: 4 });
    expect(codePoints('\ud800a', 10)).toEqual({ count: 2, limitOffset: 2 });
    expect(codePoints('\udc00\ud800', 10)).toEqual({ count: 2, limitOffset: 2 });
  });

  it('gives the UTF-16 offset where the code point at the limit starts', () => {
    // a 😀 b 😀 c: code points start at offsets 0, 1, 3, 4, 6.
    expect(codePoints('a😀b😀c', 3)).toEqual({ count: 5, limitOffset: 4 });
    expect(codePoints('a😀b😀c', 2)).toEqual({ count: 5, limitOffset: 3 });
    expect(codePoints('a😀b😀c', 5)).toEqual({ count: 5, limitOffset: 7 });
    expect(codePoints('abc', 2)).toEqual({ count: 3, limitOffset: 2 });
    expect(codePoints('abc', 5)).toEqual({ count: 3, limitOffset: 3 });
  });

  it('places the size-limit error over the whole expression, as cel-go gives it no location', () => {
    const text = '😀'.repeat(100_000) + 'ab';
    const r = parseCel(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe('expression code point size exceeds limit: size: 100002, limit 100000');
    expect([r.error.start, r.error.end]).toEqual([0, 200_002]);
  });
});

describe('against the platform, over strings built from the surrogate ranges’ edges', () => {
  // The code units on both sides of every boundary the code tests: below, at and above each
  // end of the high (D800-DBFF) and low (DC00-DFFF) surrogate ranges, and plain text.
  const UNITS = [0x41, 0xd7ff, 0xd800, 0xd801, 0xdbfe, 0xdbff, 0xdc00, 0xdc01, 0xdffe, 0xdfff, 0xe000, 0xfffd];
  const strings = (): string[] => {
    const rand = mulberry32(0x0800);
    return Array.from({ length: 3_000 }, () => String.fromCharCode(...Array.from({ length: Math.floor(rand() * 7) }, () => UNITS[Math.floor(rand() * UNITS.length)]!)));
  };

  it('toWellFormed is String.prototype.toWellFormed, and hasSurrogates finds any surrogate', () => {
    for (const s of strings()) {
      expect(toWellFormed(s), JSON.stringify(s)).toBe((s as string & { toWellFormed(): string }).toWellFormed());
      expect(hasSurrogates(s)).toBe([...s].some((c) => c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff));
    }
  });

  it('codePoints counts what the string iterator counts, and the limit offset is where that code point starts', () => {
    for (const s of strings()) {
      const points = [...s];
      const starts = points.map((_, i) => points.slice(0, i).join('').length);
      for (let limit = 0; limit <= points.length + 1; limit++) {
        const want = { count: points.length, limitOffset: limit < points.length ? starts[limit]! : s.length };
        expect(codePoints(s, limit), `${JSON.stringify(s)} at ${limit}`).toEqual(want);
        // Told it has no surrogates, it counts code units (only ever told so when true).
        if (!hasSurrogates(s)) expect(codePoints(s, limit, true)).toEqual(want);
      }
    }
  });
});
