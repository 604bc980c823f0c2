import { describe, expect, it } from 'vitest';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, linkFor } from './link';
import { initialLocale, langOfHash, withLang } from './lang';
import { createShardScopeStore } from './store';
import { syncUrl, type UrlHost } from './urlSync';
import { localeFromLanguages } from '../i18n/locale';

/** An address bar in memory (as in urlSync.test.ts). */
function fakeHost(initial = '') {
  let hash = initial;
  const listeners = new Set<() => void>();
  const host: UrlHost = {
    hash: () => hash,
    replace: (h) => void (hash = h),
    onHashChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { host, navigate: (h: string) => ((hash = h), listeners.forEach((l) => l())), current: () => hash };
}

function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: (fn: () => void) => (pending.set(next, fn), next++),
    clearTimeout: (h: unknown) => void pending.delete(h as number),
    flush: () => [...pending].forEach(([id, fn]) => (pending.delete(id), fn())),
  };
}

const small = () => ({ ...defaultSimParams(), objects: 300, namespaces: 4 });

describe('the language in a link', () => {
  it('reads lang= among & parameters of the fragment, beside state= or alone', () => {
    expect(langOfHash('#lang=zh-CN')).toBe('zh-CN');
    expect(langOfHash('#state=%7B%7D&lang=zh-CN')).toBe('zh-CN');
    expect(langOfHash('#story=intro&lang=en&state=x')).toBe('en');
    expect(langOfHash('#state=%7B%7D')).toBeNull();
    expect(langOfHash('#lang=fr')).toBeNull();
    expect(langOfHash('#slang=zh-CN')).toBeNull();
  });

  it('on load: the fragment wins over the query, the query over the browser languages', () => {
    expect(initialLocale('?lang=zh-CN', '', ['en-US'])).toBe('zh-CN');
    expect(initialLocale('?lang=zh-CN', '#state=x&lang=en', ['en-US'])).toBe('en');
    expect(initialLocale('', '', ['zh-CN', 'en'])).toBe('zh-CN');
    expect(initialLocale('', '', ['fr-FR', 'zh-Hans'])).toBe('zh-CN');
    expect(initialLocale('', '', ['fr-FR'])).toBe('en');
    expect(localeFromLanguages(['en-GB', 'zh-CN'])).toBe('en');
  });

  it('writes lang= after state= for Chinese and leaves an English link as it was', () => {
    expect(withLang('#state=abc', 'zh-CN')).toBe('#state=abc&lang=zh-CN');
    expect(withLang('#state=abc', 'en')).toBe('#state=abc');
  });

  it('the address bar carries the language once switched, and a navigated #lang= switches it', () => {
    const timers = manualTimers();
    const store = createShardScopeStore({ params: small(), setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout });
    const url = fakeHost();
    syncUrl(store, url.host, { setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout });
    store.getState().setLocale('zh-CN');
    timers.flush();
    const s = store.getState();
    const written = linkFor({ params: s.params, view: s.view });
    expect(written.ok && url.current()).toBe(written.ok && `${written.hash}&lang=zh-CN`);
    url.navigate('#lang=en');
    expect(store.getState().view.locale).toBe('en');
    url.navigate(`${encodeLink({ params: { ...small(), replicas: 3 }, view: defaultViewParams() })}&lang=zh-CN`);
    expect(store.getState().view.locale).toBe('zh-CN');
    expect(store.getState().params.replicas).toBe(3);
  });
});

describe('switching the language keeps the run', () => {
  it('changes only view.locale: same parameters, same snapshot object, same time, no restart', async () => {
    const store = createShardScopeStore({ params: small() });
    await store.getState().start();
    store.getState().step(1);
    store.getState().step(1);
    await store.getState().idle();
    const before = store.getState();
    expect(before.sim.snapshot!.time).toBeGreaterThan(0);
    store.getState().setLocale('zh-CN');
    const after = store.getState();
    expect(after.view.locale).toBe('zh-CN');
    expect(after.params).toBe(before.params);
    expect(after.sim).toBe(before.sim);
    expect(after.playing).toBe(before.playing);
    expect({ ...after.view, locale: 'en' }).toEqual(before.view);
    await store.getState().idle();
    expect(store.getState().sim.snapshot).toBe(before.sim.snapshot);
  });
});
