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
    expect(parseNumberDraft('1e400', COUNT)).toEqual({ ok: false, problem: { code: 'not-a-number' } });
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
