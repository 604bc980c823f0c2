/**
 * How many hash ranges selector specs hold: the model's budget of ranges is counted over
 * every replica's selector (see `MAX_TOTAL_RANGES`).
 */
import { parseShardSelector } from '../../core/sharding';
import type { SelectorSpec } from './types';

const rangeCounts = new Map<string, number>();

/**
 * Ranges the first `count` selector specs hold: one for an equal share, the listed ranges,
 * or the ranges a text parses to (none when the API server would reject it).
 */
export function totalRanges(selectors: readonly (SelectorSpec | null | undefined)[], count: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) {
    const spec = selectors[i];
    if (!spec || spec.kind === 'equal') total += 1;
    else if (spec.kind === 'ranges') total += spec.ranges.length;
    else total += textRanges(spec.text);
  }
  return total;
}

function textRanges(text: string): number {
  let n = rangeCounts.get(text);
  if (n === undefined) {
    try {
      n = text === '' ? 0 : parseShardSelector(text).requirements.length;
    } catch {
      n = 0;
    }
    if (rangeCounts.size >= 256) rangeCounts.clear();
    rangeCounts.set(text, n);
  }
  return n;
}
