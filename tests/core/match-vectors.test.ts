import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/fnv1a64-go.json';
import { parseShardSelector } from '../../src/core/sharding';

const cases = (vectors as { match: { selector: string; value: string; match: boolean }[] }).match;

describe('the apiserver matcher', () => {
  it('accepts and rejects exactly the objects Go\'s matcher does on every golden case', () => {
    expect(cases.length).toBeGreaterThan(50);
    for (const c of cases) {
      const sel = parseShardSelector(c.selector);
      expect(sel.matches({ metadata: { uid: c.value } }), `${c.selector} / ${c.value}`).toBe(c.match);
    }
  });
});
