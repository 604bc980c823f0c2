import { describe, expect, it } from 'vitest';
import { parseCel } from '../parse';
import { lex } from '../lexer';
import { predictionWork } from './predict';
import { walkWork } from './recognizer';

/**
 * Issue 22: finding cel-go's first syntax error costs linear work, whatever the input. Tests
 * never time anything; they count what the recognizer does per token (ATN states acted at,
 * predictions made) and check that once warm no prediction is computed again (every one is
 * a cached DFA or full-context edge), which is what keeps a 100,000-character input with a
 * syntax error at its end well under 50 ms.
 */

function chain(unit: string, sep: string, chars: number): string {
  const n = Math.floor((chars + sep.length) / (unit.length + sep.length));
  return new Array<string>(n).fill(unit).join(sep);
}

const SELECTOR = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";

const WORST: Record<string, string> = {
  '`||` chain of ranges, then a dangling ||': chain(SELECTOR, ' || ', 99_990) + ' || ',
  'list of 50,000 elements, then a missing comma': '[' + chain('a', ',', 99_990) + ' a',
  'map, then a stray colon': '{' + chain('a:a', ',', 99_990) + ' :',
  'call arguments, then the end': 'f(' + chain('a', ',', 99_990) + ',',
  'message fields, then a stray brace': 'a.b{' + chain('f:1', ',', 99_980) + ',}}',
  'index chain, then an open bracket': 'a' + '[0]'.repeat(33_000) + '[',
  'comparisons (a precedence loop)': chain('a', '<', 99_990) + '<',
  'sums (a precedence loop)': chain('a', '+', 99_990) + '+)',
  'negative literals (full-context prediction at every minus)': chain('-1', '-', 99_990) + '--',
  'a select chain (one long prediction)': chain('a', '.', 99_990) + '.',
  'member calls': chain('f(1)', '.g', 99_990) + '.',
  'nested parentheses around products': '('.repeat(240) + chain('a', '*', 99_000) + ')'.repeat(239) + ']',
};

function resetWork(): void {
  walkWork.states = 0;
  predictionWork.predictions = 0;
  predictionWork.dfaMisses = 0;
  predictionWork.fullContext = 0;
  predictionWork.fullMisses = 0;
}

describe('the first-error recognizer does linear work', () => {
  it.each(Object.entries(WORST))('%s: at most 20 states and 4 predictions a token, nothing recomputed once warm', (_, input) => {
    const tokens = lex(input).tokens.length;
    const first = parseCel(input);
    expect(first.ok).toBe(false);
    resetWork();
    const again = parseCel(input);
    expect(again).toEqual(first);
    expect(walkWork.states / tokens).toBeLessThanOrEqual(20);
    expect(predictionWork.predictions / tokens).toBeLessThanOrEqual(4);
    expect(predictionWork.dfaMisses).toBe(0);
    expect(predictionWork.fullMisses).toBe(0);
  });
});
