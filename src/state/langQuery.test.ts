import { afterEach, describe, expect, it } from 'vitest';
import { withoutLangQuery } from './lang';
import { browserUrlHost } from './urlSync';

describe('a ?lang= query does not outlive a language switch', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('withoutLangQuery drops lang= and keeps every other query parameter', () => {
    expect(withoutLangQuery('?lang=zh-CN')).toBe('');
    expect(withoutLangQuery('?lang=zh-CN&x=1')).toBe('?x=1');
    expect(withoutLangQuery('?x=1&lang=en&y=2')).toBe('?x=1&y=2');
    expect(withoutLangQuery('')).toBe('');
    expect(withoutLangQuery('?language=fr')).toBe('?language=fr');
  });

  it('the page writing its fragment removes ?lang= from the address, so a reload reads the fragment’s language', () => {
    window.history.replaceState(null, '', '/app/?lang=zh-CN');
    browserUrlHost(window).replace('#state=abc');
    expect(window.location.pathname).toBe('/app/');
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#state=abc');
  });

  it('leaves the path and any other query as they were', () => {
    window.history.replaceState(null, '', '/app/?x=1');
    browserUrlHost(window).replace('#state=abc');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/app/?x=1#state=abc');
    window.history.replaceState(null, '', '/app/?x=1&lang=zh-CN#old');
    browserUrlHost(window).replace('#state=def&lang=zh-CN');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/app/?x=1#state=def&lang=zh-CN');
  });
});
