import { describe, expect, it } from 'vitest';
import { parseNumberDraft, validateParam } from './validate';

const COUNT = { min: 1, max: 1_000_000, integer: true };

describe('parseNumberDraft', () => {
  it('reads plain digits', () => {
    expect(parseNumberDraft('250000', COUNT)).toEqual({ ok: true, value: 250_000 });
  });

  it('reads grouped digits and k/M suffixes as people type them on stage', () => {
    expect(parseNumberDraft('1,000,000', COUNT)).toEqual({ ok: true, value: 1_000_000 });
    expect(parseNumberDraft('100_000', COUNT)).toEqual({ ok: true, value: 100_000 });
    expect(parseNumberDraft(' 100 000 ', COUNT)).toEqual({ ok: true, value: 100_000 });
    expect(parseNumberDraft('100k', COUNT)).toEqual({ ok: true, value: 100_000 });
    expect(parseNumberDraft('1.5k', COUNT)).toEqual({ ok: true, value: 1_500 });
    expect(parseNumberDraft('1M', COUNT)).toEqual({ ok: true, value: 1_000_000 });
  });

  it('says a value is required when the box is empty', () => {
    expect(parseNumberDraft('', COUNT)).toEqual({ ok: false, problem: { code: 'required' } });
    expect(parseNumberDraft('   ', COUNT)).toEqual({ ok: false, problem: { code: 'required' } });
  });

  it('refuses text that is not a number', () => {
    expect(parseNumberDraft('lots', COUNT)).toEqual({ ok: false, problem: { code: 'not-a-number' } });
    expect(parseNumberDraft('1e', COUNT)).toEqual({ ok: false, problem: { code: 'not-a-number' } });
    expect(parseNumberDraft('0x10', COUNT)).toEqual({ ok: false, problem: { code: 'not-a-number' } });
  });

  it('refuses a fraction where a count is needed', () => {
    expect(parseNumberDraft('2.5', COUNT)).toEqual({ ok: false, problem: { code: 'not-an-integer' } });
  });

  it('names the bounds when a value is out of range', () => {
    expect(parseNumberDraft('2M', COUNT)).toEqual({ ok: false, problem: { code: 'out-of-range', min: 1, max: 1_000_000 } });
    expect(parseNumberDraft('0', COUNT)).toEqual({ ok: false, problem: { code: 'out-of-range', min: 1, max: 1_000_000 } });
    expect(parseNumberDraft('-5', COUNT)).toEqual({ ok: false, problem: { code: 'out-of-range', min: 1, max: 1_000_000 } });
  });

  it('accepts fractions where the parameter allows them', () => {
    expect(validateParam('namespaceSkew', '1.25')).toEqual({ ok: true, value: 1.25 });
  });

  it('applies the replica bounds 1-64', () => {
    expect(validateParam('replicas', '64')).toEqual({ ok: true, value: 64 });
    expect(validateParam('replicas', '65')).toEqual({ ok: false, problem: { code: 'out-of-range', min: 1, max: 64 } });
  });
});

describe('parseNumberDraft by the locale\'s rules', () => {
  const SEED = { min: 0, max: 2 ** 32 - 1, integer: true };
  const RATE = { min: 0, max: 1_000_000, integer: false };
  const range = (l: { min: number; max: number }) => ({ ok: false, problem: { code: 'out-of-range', min: l.min, max: l.max } });

  it.each(['1e300', '1e400', 'Infinity', '-Infinity', '+infinity', '∞', '1e99999999999'])('says %s is out of range, not that it is not a number', (text) => {
    expect(parseNumberDraft(text, COUNT)).toEqual(range(COUNT));
    expect(parseNumberDraft(text, RATE)).toEqual(range(RATE));
  });

  it('never turns a small non-zero value into 0: 1e-10 is not a whole number, even for the seed', () => {
    expect(parseNumberDraft('1e-10', SEED)).toEqual({ ok: false, problem: { code: 'not-an-integer' } });
    expect(parseNumberDraft('0.0000000001', SEED)).toEqual({ ok: false, problem: { code: 'not-an-integer' } });
    expect(parseNumberDraft('1.0000000000000001', COUNT)).toEqual({ ok: false, problem: { code: 'not-an-integer' } });
    expect(parseNumberDraft('1e-10', RATE)).toEqual({ ok: true, value: 1e-10 });
    expect(parseNumberDraft('0.1e1', COUNT)).toEqual({ ok: true, value: 1 });
  });

  it('applies k and M exactly', () => {
    expect(parseNumberDraft('1.1k', RATE)).toEqual({ ok: true, value: 1100 });
    expect(parseNumberDraft('0.3M', RATE)).toEqual({ ok: true, value: 300_000 });
    expect(parseNumberDraft('1.0005k', COUNT)).toEqual({ ok: false, problem: { code: 'not-an-integer' } });
  });

  it('refuses 0,5 and 1,5 in English and says what they were read as', () => {
    expect(parseNumberDraft('0,5', RATE)).toEqual({ ok: false, problem: { code: 'ambiguous', mark: ',', read: 5, decimal: 0.5 } });
    expect(parseNumberDraft('1,5', RATE)).toEqual({ ok: false, problem: { code: 'ambiguous', mark: ',', read: 15, decimal: 1.5 } });
    expect(parseNumberDraft('1,5', COUNT, 'en')).toEqual({ ok: false, problem: { code: 'ambiguous', mark: ',', read: 15, decimal: 1.5 } });
    expect(parseNumberDraft('1,50,000', COUNT)).toEqual({ ok: false, problem: { code: 'ambiguous', mark: ',', read: 150_000, decimal: null } });
    expect(parseNumberDraft('1 5', COUNT)).toEqual({ ok: false, problem: { code: 'ambiguous', mark: ' ', read: 15, decimal: null } });
  });

  it('accepts well-grouped digits and a decimal point in English', () => {
    expect(parseNumberDraft('1,000.5', RATE)).toEqual({ ok: true, value: 1000.5 });
    expect(parseNumberDraft('12,345,678', { ...RATE, max: 1e9 })).toEqual({ ok: true, value: 12_345_678 });
    expect(parseNumberDraft('.5', RATE)).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberDraft('-0', RATE)).toEqual({ ok: true, value: 0 });
    expect(parseNumberDraft('1.000,5', RATE)).toEqual({ ok: false, problem: { code: 'not-a-number' } });
    expect(parseNumberDraft('1.2.3', RATE)).toEqual({ ok: false, problem: { code: 'not-a-number' } });
  });

  it('reads Simplified Chinese like English (comma groups, point is decimal)', () => {
    expect(parseNumberDraft('1,000,000', COUNT, 'zh-CN')).toEqual({ ok: true, value: 1_000_000 });
    expect(parseNumberDraft('2.5', RATE, 'zh-CN')).toEqual({ ok: true, value: 2.5 });
    expect(parseNumberDraft('0,5', RATE, 'zh-CN')).toEqual({ ok: false, problem: { code: 'ambiguous', mark: ',', read: 5, decimal: 0.5 } });
  });

  it('takes the grouping and decimal marks from the locale, not from en-US', () => {
    expect(parseNumberDraft('1.000.000', COUNT, 'de-DE')).toEqual({ ok: true, value: 1_000_000 });
    expect(parseNumberDraft('0,5', RATE, 'de-DE')).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberDraft('1.5', RATE, 'de-DE')).toEqual({ ok: false, problem: { code: 'ambiguous', mark: '.', read: 15, decimal: 1.5 } });
    expect(parseNumberDraft('1\u202f000,25', RATE, 'fr-FR')).toEqual({ ok: true, value: 1000.25 });
    // In French "." is neither mark: 0.5 could be either reading.
    expect(parseNumberDraft('0.5', RATE, 'fr-FR')).toEqual({ ok: false, problem: { code: 'ambiguous', mark: '.', read: 5, decimal: 0.5 } });
    // Indian grouping (lakh, crore) as the locale formats it.
    expect(parseNumberDraft('1,00,000', COUNT, 'en-IN')).toEqual({ ok: true, value: 100_000 });
  });
});
