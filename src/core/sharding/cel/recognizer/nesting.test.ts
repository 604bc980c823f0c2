import { beforeAll, describe, expect, it } from 'vitest';
import { parseCel } from '../parse';
import { loadSyntaxErrors } from '../syntaxErrors';

// The generated parser recurses once per rule it enters, so only cel-go's nesting limit (250
// active invocations of any one rule) keeps a deep input from the engine's stack limit.

beforeAll(() => loadSyntaxErrors());

/** `unit` nested `n` times (each copy opens one level), then `close` and a stray `]`. */
const nested = (open: string, close: string, n: number) => open.repeat(n) + 'a' + close.repeat(n) + ']';

describe('deep nesting ends at the recursion limit, never at the stack limit', () => {
  it.each([
    ['parentheses', '(', ')'],
    ['lists', '[', ']'],
    ['maps', '{a:', '}'],
    ['calls', 'f(', ')'],
    ['indexes', 'a[', ']'],
    ['message fields', 'a.B{f:', '}'],
    ['conditionals', 'a?b:', ''],
    ['every kind at once', '(-[{a:f(a[a.B{f:!a?b:', '})]}])'],
  ])('%s: 100,000 deep is the nesting error; the deepest nesting under the limit reads to its end', (_, open, close) => {
    const deep = parseCel(open.repeat(Math.floor(99_000 / open.length)));
    expect(!deep.ok && deep.error.message).toBe('expression recursion limit exceeded: 250');
    // The deepest nesting under the limit (found by halving) is parsed to its stray bracket.
    let [low, high] = [1, 250];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (/recursion/.test(messageOf(nested(open, close, mid)))) high = mid - 1;
      else low = mid;
    }
    expect(messageOf(nested(open, close, low))).toMatch(/^Syntax error: /);
    expect(messageOf(nested(open, close, low + 1))).toBe('expression recursion limit exceeded: 250');
  });
});

function messageOf(src: string): string {
  const r = parseCel(src);
  return r.ok ? 'ok' : r.error.message;
}
