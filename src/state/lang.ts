/**
 * The page's language in a link: `lang=zh-CN` in the fragment, beside `state=`
 * (and any other `&`-separated fragment parameter), or in the query (`?lang=zh-CN`). The
 * fragment wins over the query, since the page rewrites the fragment and not the query;
 * without either, the browser's preferred languages decide.
 */
import { localeFromLanguages, matchLocale, type LocaleId } from '../i18n/locale';

const KEY = 'lang';

/** The value of `lang` among `&`-separated `key=value` pairs (a query or a fragment, with or without its `?`/`#`). */
function paramOf(text: string): string | null {
  for (const pair of text.replace(/^[#?]/, '').split('&')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq) !== KEY) continue;
    try {
      return decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      return null;
    }
  }
  return null;
}

/** The language a fragment asks for (`#state=…&lang=zh-CN`, `#lang=zh-CN`), or null. */
export function langOfHash(hash: string): LocaleId | null {
  const v = paramOf(hash);
  return v === null ? null : matchLocale(v);
}

/** The language of a page load: fragment, then query, then the browser's languages. */
export function initialLocale(search: string, hash: string, languages: readonly string[]): LocaleId {
  const fromHash = langOfHash(hash);
  if (fromHash) return fromHash;
  const q = paramOf(search);
  const fromQuery = q === null ? null : matchLocale(q);
  return fromQuery ?? localeFromLanguages(languages);
}

/**
 * A state fragment with its language: `&lang=` is added for every language but English, so
 * an English link reads exactly as before (and a reader without a `lang` gets their own).
 */
export function withLang(stateHash: string, locale: LocaleId): string {
  return locale === 'en' ? stateHash : `${stateHash}&${KEY}=${locale}`;
}

/**
 * The query without its `lang=`: `?lang=zh-CN&x=1` gives `?x=1`, `?lang=zh-CN`
 * gives ``. The page writes the language into the fragment, so once it rewrites the address
 * a `lang=` left in the query would bring back the language the reader switched away from.
 */
export function withoutLangQuery(search: string): string {
  const rest = search.replace(/^\?/, '').split('&').filter((pair) => pair !== '' && pair.split('=')[0] !== KEY);
  return rest.length > 0 ? `?${rest.join('&')}` : '';
}
