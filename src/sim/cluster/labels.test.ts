import { describe, expect, it } from 'vitest';
import { LabelSelectorError, matchesLabels, parseLabelSelector } from './labels';

const pod = { app: 'web', 'pod-template-hash': 'abc12' };
const sel = (text: string) => matchesLabels(parseLabelSelector(text), pod);

describe('label selectors', () => {
  it('reads equality, inequality, existence and set requirements joined by commas', () => {
    expect(sel('app=web')).toBe(true);
    expect(sel('app==web,pod-template-hash')).toBe(true);
    expect(sel('app!=web')).toBe(false);
    expect(sel('!canary')).toBe(true);
    expect(sel('!app')).toBe(false);
    expect(sel('app in (api, web)')).toBe(true);
    expect(sel('app notin (api,web)')).toBe(false);
    expect(sel('tier notin (db)')).toBe(true);
    expect(sel('tier in (db)')).toBe(false);
    expect(sel('')).toBe(true);
  });

  it('rejects what it cannot read with a LabelSelectorError naming the term', () => {
    expect(() => parseLabelSelector('app=web,')).toThrow(LabelSelectorError);
    expect(() => parseLabelSelector('app=(x')).toThrow(/invalid label value "\(x" in "app=\(x"/);
    expect(() => parseLabelSelector('-bad-key')).toThrow(/invalid label key/);
  });
});
