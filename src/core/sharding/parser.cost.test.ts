import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lineColumn, parseCel } from './cel';
import { lex } from './cel/lexer';
import { parseTokens } from './cel/parser';
import { FIXED_TOKENS } from './cel/tokens';
import { ShardSelectorError } from './errors';
import fixtures from '../../../tests/fixtures/selector-cases-celgo.json';
import { goTrimSpace, parseShardSelector } from './parser';
import { loadSyntaxErrors } from './cel';

// Syntax errors are checked word for word: the model that words them as cel-go does loads first.
beforeAll(() => loadSyntaxErrors());

/**
 * The parser's worst cases stay cheap. Tests never time anything; they
 * count the work done per character in JavaScript (calls of the string methods a
 * character-by-character loop makes), which is the same on every machine, and check that
 * the cheaper paths give exactly what the plain definitions give.
 */

const SELECTOR = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";

/** Go's `unicode.IsSpace`, written out plainly: the reference for the optimized trim. */
function isGoSpaceReference(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Go's `strings.TrimSpace` as a plain loop, with where the kept text starts. */
function trimReference(s: string): { text: string; offset: number } {
  let start = 0;
  let end = s.length;
  while (start < end && isGoSpaceReference(s.charCodeAt(start))) start++;
  while (end > start && isGoSpaceReference(s.charCodeAt(end - 1))) end--;
  return { text: s.slice(start, end), offset: start };
}

/** Counts calls of a String.prototype method while `fn` runs. */
function countCalls(method: 'charCodeAt' | 'indexOf' | 'codePointAt', fn: () => void): number {
  const spy = vi.spyOn(String.prototype, method);
  try {
    fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

function rejection(input: string): ShardSelectorError {
  try {
    parseShardSelector(input);
  } catch (e) {
    if (e instanceof ShardSelectorError) return e;
    throw e;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every character either trim treats specially: Go's spaces, JavaScript's extra U+FEFF, U+180E, and text. */
const trimCharArb = fc.constantFrom(
  ' ', '\t', '\n', '\v', '\f', '\r', '\x85', '\xa0', '\u1680', '\u2000', '\u2005', '\u200a', '\u200b',
  '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u180e', '\x1c', '\x84', '\x86', 'a', '(', '\ud800',
);

describe('goTrimSpace on long and unusual input', () => {
  it('trims exactly what Go trims, for any mix of Unicode spaces, U+FEFF and text', () => {
    fc.assert(
      fc.property(fc.array(trimCharArb, { maxLength: 40 }).map((cs) => cs.join('')), (s) => {
        expect(goTrimSpace(s)).toEqual(trimReference(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('trims exactly what Go trims, for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
        expect(goTrimSpace(s)).toEqual(trimReference(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('skips 100,000 leading and trailing spaces without a JavaScript loop over them', () => {
    const input = ' \t\n\u3000'.repeat(25_000) + SELECTOR + '\n \u2028 '.repeat(25_000);
    let trimmed: { text: string; offset: number } | undefined;
    const calls = countCalls('charCodeAt', () => {
      trimmed = goTrimSpace(input);
    });
    expect(trimmed).toEqual({ text: SELECTOR, offset: 100_000 });
    expect(calls).toBeLessThan(100);
  });
});

describe('parseShardSelector behind a long whitespace prefix', () => {
  it('points at the right line and column after 100,000 leading newlines, counting them in one pass', () => {
    const input = '\n'.repeat(100_000) + SELECTOR + ' &&';
    let error: ShardSelectorError | undefined;
    const calls = countCalls('indexOf', () => {
      error = rejection(input);
    });
    const at = lineColumn(input, input.length);
    expect(error!.message).toBe(
      "CEL parse error: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}",
    );
    expect(error!.hint).toBe(`unexpected end of input at ${at.line}:${at.column}, expected an expression`);
    expect(error!.span).toMatchObject({ offset: input.length, line: 100_001, column: SELECTOR.length + 4 });
    expect(calls).toBeLessThan(100);
  });

  it('reports the same message and span behind any whitespace prefix as without it, shifted', () => {
    const prefixArb = fc.array(fc.constantFrom(' ', '\n', '\t', '\r\n', '\x85', '\u3000', '\u2028'), { maxLength: 20 }).map((cs) => cs.join(''));
    const bodyArb = fc.constantFrom(SELECTOR + ' &&', 'a &&\n b', SELECTOR + '\n|| x', "shardRange(a, '0x1', '0x2')", '\n#');
    fc.assert(
      fc.property(prefixArb, bodyArb, (prefix, body) => {
        const e = rejection(prefix + body);
        const offset = e.span.offset;
        const at = lineColumn(prefix + body, offset);
        expect(e.span).toEqual({ offset, length: e.span.length, line: at.line, column: at.column });
        const plain = rejection(body);
        expect(offset - prefix.length).toBe(plain.span.offset);
        expect(e.span.length).toBe(plain.span.length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('lineColumn over long text', () => {
  /** Line and column by the definition: lines split at `\n`, columns in UTF-16 units. */
  function reference(text: string, offset: number): { line: number; column: number } {
    const before = text.slice(0, offset);
    return { line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
  }

  it('counts lines exactly over spans long enough to be counted in UTF-8 bytes', () => {
    const unitArb = fc.constantFrom('\n', '\r\n', ' ', 'a', '\u3000', '\u0a0a', '\ud83d\ude00', '\ud800', '\n\n\n\n', 'abcd');
    fc.assert(
      fc.property(fc.array(unitArb, { minLength: 1, maxLength: 64 }), fc.nat(), fc.nat(), (units, seed, cut) => {
        // 70,000+ characters: a repeated random pattern, with the offset anywhere in it.
        let text = units.join('');
        while (text.length < 70_000) text += units[(seed + text.length) % units.length]! + text.slice(0, 997);
        const offset = 66_000 + (cut % (text.length - 66_000 + 1));
        expect(lineColumn(text, offset)).toEqual(reference(text, offset));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the CEL front end keeps one shape per node type', () => {
  // V8 gives object literals a hidden class that can be dropped between two parses; it then
  // re-learned the shapes of every long input and threw its optimized lexer, parser and
  // visitor away on each parse (117-134 ms for `a&&a&&...`). Nodes built by class
  // constructors keep one hidden class, which these tests pin down.
  it('builds every token with one constructor, not as object literals', () => {
    const { tokens } = lex("a && b.c[0] || f('x', 1u, 2.0, -3) ? {1: [true]} : null");
    const protos = new Set(tokens.map((t) => Object.getPrototypeOf(t) as object));
    expect(protos.size).toBe(1);
    expect(protos.has(Object.prototype)).toBe(false);
  });

  it('builds every syntax node and every AST node with a class constructor', () => {
    const seen: object[] = [];
    const collect = (v: unknown): void => {
      if (v === null || typeof v !== 'object' || v instanceof Uint8Array) return;
      if (Array.isArray(v)) {
        v.forEach(collect);
        return;
      }
      seen.push(v);
      for (const child of Object.values(v)) collect(child);
    };
    const tokens = lex("a && b.c[0] || f('x', 1u, 2.0, -3) ? {1: [true], 'k': x.y(z)} : !!n + -m * 2 < 3").tokens;
    collect(parseTokens(tokens, 250));
    const built = parseCel("a && b.c[0] || f('x', 1u) ? {1: [true]} : !!n + -m * 2 < 3 && A.B{f: 1}");
    expect(built.ok).toBe(true);
    if (built.ok) collect(built.expr);
    // Literal values ({type, value}) are data, not nodes; everything else has its class.
    const literals = seen.filter((o) => Object.getPrototypeOf(o) === Object.prototype);
    for (const o of literals) expect(Object.keys(o).sort()).toEqual(expect.arrayContaining(['type']));
    expect(literals.every((o) => !('start' in o))).toBe(true);
    expect(seen.length).toBeGreaterThan(40);
  });

  it('gives operator tokens the kinds of the grammar, for every fixed token text', () => {
    for (const [text, kind] of FIXED_TOKENS) {
      const { tokens, error } = lex(`a ${text} b`);
      expect(error).toBeUndefined();
      expect(tokens.map((t) => t.kind)).toEqual(['IDENTIFIER', kind, 'IDENTIFIER', 'EOF']);
    }
  });
});

describe('the cheaper paths against the cel-go fixtures', () => {
  interface FixtureCase {
    readonly input: string;
    readonly ok: boolean;
    readonly error?: string;
  }
  const cases = (fixtures as { cases: FixtureCase[] }).cases;
  /** What a parse gives: the ranges, or the message, code and span of the rejection. */
  function result(input: string): unknown {
    try {
      return parseShardSelector(input).requirements;
    } catch (e) {
      if (!(e instanceof ShardSelectorError)) throw e;
      return { message: e.message, code: e.code, span: e.span, suggestion: e.suggestion };
    }
  }
  const padArb = fc.array(fc.constantFrom(' ', '\t', '\n', '\r\n', '\v', '\f', '\x85', '\xa0', '\u2028', '\u3000'), { maxLength: 12 }).map((cs) => cs.join(''));

  it('gives every fixture the same verdict, message and span with Go spaces after it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: cases.length - 1 }), padArb, (i, pad) => {
        const { input } = cases[i]!;
        expect(result(input + pad)).toEqual(result(input));
      }),
      { numRuns: 800 },
    );
  });

  it('gives every fixture the same verdict behind Go spaces, its span shifted and its message kept unless it names a position', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: cases.length - 1 }), padArb, (i, pad) => {
        const c = cases[i]!;
        const plain = result(c.input);
        const padded = result(pad + c.input);
        if (c.ok) {
          expect(padded).toEqual(plain);
          return;
        }
        const p = plain as { message: string; code: string; span: { offset: number; length: number } };
        const q = padded as typeof p & { span: { line: number; column: number } };
        expect(q.code).toBe(p.code);
        if (p.code !== 'empty') {
          // Both trim to the same text; only where it starts moves.
          const shift = goTrimSpace(pad + c.input).offset - goTrimSpace(c.input).offset;
          expect(q.span.length).toBe(p.span.length);
          expect(q.span.offset).toBe(p.span.offset + shift);
        }
        const at = lineColumn(pad + c.input, q.span.offset);
        expect([q.span.line, q.span.column]).toEqual([at.line, at.column]);
        if (p.code !== 'syntax') expect(q.message).toBe(p.message);
        if (!c.error!.startsWith('CEL parse error: ')) expect(q.message).toBe(c.error);
      }),
      { numRuns: 800 },
    );
  });
});

describe('surrogate scans', () => {
  it('scans a long selector for surrogates once, for both the well-formed copy and the code point count', () => {
    const input = '\u3000a'.repeat(60_000);
    const spy = vi.spyOn(RegExp.prototype, 'test');
    const { message, scans } = (() => {
      try {
        const m = rejection(input).message;
        return { message: m, scans: spy.mock.contexts.filter((re) => (re as RegExp).source === '[\\uD800-\\uDFFF]') };
      } finally {
        spy.mockRestore();
      }
    })();
    expect(message).toBe('CEL parse error: expression code point size exceeds limit: size: 119999, limit 100000');
    expect(scans).toHaveLength(1);
  });
});
