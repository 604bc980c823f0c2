import { describe, expect, it } from 'vitest';
import { createPrng } from '../cluster';
import { goQueryEscape } from './url';

/** The escaper as it was: one character at a time, the unreserved test per character. */
function referenceEscape(value: string): string {
  const utf8 = new TextEncoder();
  let out = '';
  for (const ch of value) {
    if (ch === ' ') out += '+';
    else if (ch.length === 1 && /[A-Za-z0-9\-_.~]/.test(ch)) out += ch;
    else for (const b of utf8.encode(ch)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

describe('goQueryEscape', () => {
  it("gives Go's url.QueryEscape output for every printable ASCII character", () => {
    // Go: QueryEscape(" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~")
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    expect(goQueryEscape(ascii)).toBe(
      '+%21%22%23%24%25%26%27%28%29%2A%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~',
    );
  });

  it('escapes control characters, multi-byte UTF-8 and a lone surrogate (as U+FFFD) byte by byte in uppercase hex', () => {
    expect(goQueryEscape('\u0000\t\n\r\u007f')).toBe('%00%09%0A%0D%7F');
    expect(goQueryEscape('é日😀\u00a0\u0085\ufeff')).toBe('%C3%A9%E6%97%A5%F0%9F%98%80%C2%A0%C2%85%EF%BB%BF');
    expect(goQueryEscape('a\ud800b\udc00')).toBe('a%EF%BF%BDb%EF%BF%BD');
    expect(goQueryEscape('%20 %2520')).toBe('%2520+%252520');
  });

  it('agrees with the per-character escaper on 2,000 random strings', () => {
    const p = createPrng('query-escape');
    const alphabet = [" !'()*%+,", 'az09-_.~', '\u00e9\u65e5\u00a0', '\ud83d\ude00', '\ud800', '\udfff'];
    for (let c = 0; c < 2_000; c++) {
      let s = '';
      const n = p.int(24);
      for (let i = 0; i < n; i++) {
        const group = alphabet[p.int(alphabet.length)]!;
        s += group.length === 2 && group.codePointAt(0)! > 0xffff ? group : group[p.int(group.length)]!;
      }
      expect(goQueryEscape(s), JSON.stringify(s)).toBe(referenceEscape(s));
    }
  });
});
