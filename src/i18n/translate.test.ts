import { describe, expect, it } from 'vitest';
import { en } from './en';
import { createTranslator } from './translate';

describe('message catalogue', () => {
  const t = createTranslator('en');

  it('fills placeholders and formats numbers for the locale', () => {
    expect(t('field.outOfRange', { min: '1', max: '1,000,000' })).toBe('Must be between 1 and 1,000,000.');
    expect(t('header.speedValue', { speed: 0.25 })).toBe('0.25×');
  });

  it('picks the plural form from count', () => {
    expect(t('bandwidth.headline', { count: 1, ratio: '1.0' })).toBe('1 replica: server-side sends 1.0× less');
    expect(t('bandwidth.headline', { count: 4, ratio: '4.0' })).toBe('4 replicas: server-side sends 4.0× less');
  });

  it('leaves an unknown placeholder visible rather than printing undefined', () => {
    expect(t('card.title')).toBe('replica-{replica}');
  });

  it('every message has text (plural messages have an "other" form)', () => {
    for (const [id, m] of Object.entries(en)) {
      if (typeof m === 'string') expect(m.length, id).toBeGreaterThan(0);
      else expect(m.other.length, id).toBeGreaterThan(0);
    }
  });
});
