import { afterEach, describe, expect, it } from 'vitest';
import { checkBase, currentBase, PUBLIC_BASE_KEY, resolveBase, shareLink, storeBase } from './publicBase';

describe('the public address for links and QR codes', () => {
  afterEach(() => localStorage.clear());

  it('uses ?base= first, then the setting, then the page, without the page fragment or its own parameters', () => {
    expect(resolveBase('http://localhost:5173/?base=https%3A%2F%2Fexample.github.io%2Fshardscope%2F#story=problem', 'https://other.example/')).toEqual({
      base: 'https://example.github.io/shardscope/',
      source: 'query',
      problem: null,
      local: false,
      own: 'http://localhost:5173/',
      foreign: true,
    });
    expect(resolveBase('http://localhost:5173/#s=2.x', 'https://talks.example.org/shardscope/')).toMatchObject({ base: 'https://talks.example.org/shardscope/', source: 'setting' });
    expect(resolveBase('https://x.example/app/?lang=zh-CN&theme=1#s=2.x', null)).toMatchObject({ base: 'https://x.example/app/?theme=1', source: 'page', local: false });
    // A base's own fragment is dropped: the link's fragment is the run.
    expect(shareLink(resolveBase('http://l/?base=https://a.example/s/%23old', null).base, '#s=2.q')).toBe('https://a.example/s/#s=2.q');
  });

  it('a file:// page with no public address is local; a setting makes its links public', () => {
    expect(resolveBase('file:///home/me/shardscope.html#s=2.x', null)).toMatchObject({ base: 'file:///home/me/shardscope.html', source: 'page', local: true });
    expect(resolveBase('file:///home/me/shardscope.html', 'https://a.example/')).toMatchObject({ base: 'https://a.example/', local: false });
  });

  it('a tampered ?base= is not used and says why; the next source applies, and nothing throws', () => {
    const cases: [string, string][] = [
      ['javascript:alert(1)', 'scheme'],
      ['data:text/html,hi', 'scheme'],
      ['not a url', 'not-a-url'],
      ['https://user:secret@evil.example/', 'credentials'],
      ['https://a.example/' + 'x'.repeat(3000), 'too-long'],
      ['%%%', 'not-a-url'],
    ];
    for (const [text, problem] of cases) {
      const r = resolveBase(`https://talk.example/?base=${encodeURIComponent(text)}`, null);
      expect(r.source).toBe('page');
      expect(r.base).toBe('https://talk.example/');
      expect(r.problem).toMatchObject({ from: 'query', problem });
      expect(r.problem!.text.length).toBeLessThanOrEqual(201);
    }
    // A bad ?base= falls back to a good setting, and still says what was wrong.
    expect(resolveBase('https://talk.example/?base=ftp://x', 'https://a.example/')).toMatchObject({ base: 'https://a.example/', source: 'setting', problem: { from: 'query', problem: 'scheme' } });
    // An unparsable page address (never from a browser) does not throw either.
    expect(() => resolveBase('::', '::')).not.toThrow();
    expect(checkBase('  https://a.example/x?lang=en&base=y  ')).toEqual({ ok: true, base: 'https://a.example/x' });
  });

  it('keeps the setting in localStorage, and forgets it when cleared', () => {
    expect(storeBase(' https://kept.example/ ')).toBe(true);
    expect(localStorage.getItem(PUBLIC_BASE_KEY)).toBe('https://kept.example/');
    expect(currentBase()).toMatchObject({ base: 'https://kept.example/', source: 'setting' });
    storeBase('');
    expect(localStorage.getItem(PUBLIC_BASE_KEY)).toBeNull();
    expect(currentBase().source).toBe('page');
  });
});
