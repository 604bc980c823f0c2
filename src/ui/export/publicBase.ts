/**
 * The public address for links and QR codes. A speaker runs ShardScope
 * from a laptop (localhost, or the single file from file://) while the audience needs the
 * address where it is published. That address comes from `?base=` in the page's address, else
 * from a setting kept in localStorage, else it is the page's own. A bad one (not an http or
 * https URL, with a user name, too long) is never used: the reason is said, and the next
 * source applies. A `?base=` on another site than the page's own is a link's doing, not the
 * speaker's: Copy link and the QR code ask before they send anyone there ({@link linkBase}).
 */

/** The localStorage key of the setting. */
export const PUBLIC_BASE_KEY = 'shardscope.publicBase';
/** Longest public address accepted (a base is a site's address, not a link). */
export const MAX_BASE_LENGTH = 2048;

/** Why a public address is not used. */
export type BaseProblem = 'not-a-url' | 'scheme' | 'credentials' | 'too-long';

/** A checked public address: the page address links are built on (no fragment), or why not. */
export type BaseCheck = { readonly ok: true; readonly base: string } | { readonly ok: false; readonly problem: BaseProblem };

/** Query parameters of the page that are the reader's own, never part of a shared address. */
const OWN_PARAMS = ['base', 'lang'] as const;

function withoutOwn(url: URL): string {
  url.hash = '';
  for (const p of OWN_PARAMS) url.searchParams.delete(p);
  return url.href;
}

/** Checks a public address typed by someone (or found in `?base=`). */
export function checkBase(text: string): BaseCheck {
  const s = text.trim();
  if (s.length > MAX_BASE_LENGTH) return { ok: false, problem: 'too-long' };
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return { ok: false, problem: 'not-a-url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'scheme' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  return { ok: true, base: withoutOwn(url) };
}

/** Where the address links use came from. */
export type BaseSource = 'query' | 'setting' | 'page';

/** The address links and QR codes use, and anything the reader should be told about it. */
export interface ResolvedBase {
  readonly base: string;
  readonly source: BaseSource;
  /** A `?base=` or a setting that was not used, and why (the text cut to 200 characters). */
  readonly problem: { readonly from: 'query' | 'setting'; readonly problem: BaseProblem; readonly text: string } | null;
  /** The address only works on this machine (a file:// page with no public address). */
  readonly local: boolean;
  /** The page's own address, as links would use it without `?base=` or the setting. */
  readonly own: string;
  /** A `?base=` on another origin than the page's: used only once the reader chose it ({@link chooseForeignBase}). */
  readonly foreign: boolean;
}

/** The origin of an address, or null when it has none (not a URL, `file:`). */
function originOf(href: string): string | null {
  try {
    const o = new URL(href).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
}

/**
 * The public address for a page at `pageHref` with the setting `stored` (null when none):
 * `?base=`, else the setting, else the page itself (without its fragment and its own
 * parameters). Never throws, whatever the inputs.
 */
export function resolveBase(pageHref: string, stored: string | null): ResolvedBase {
  let page: URL | null;
  try {
    page = new URL(pageHref);
  } catch {
    page = null;
  }
  let problem: ResolvedBase['problem'] = null;
  const candidates: ['query' | 'setting', string | null][] = [
    ['query', page?.searchParams.get('base') ?? null],
    ['setting', stored],
  ];
  const own = page ? withoutOwn(new URL(page.href)) : pageHref.split('#')[0]!;
  for (const [from, text] of candidates) {
    if (text === null || text.trim() === '') continue;
    const c = checkBase(text);
    if (c.ok) return { base: c.base, source: from, problem, local: false, own, foreign: from === 'query' && originOf(c.base) !== originOf(own) };
    problem ??= { from, problem: c.problem, text: text.length > 200 ? text.slice(0, 200) + '…' : text };
  }
  return { base: own, source: 'page', problem, local: page?.protocol === 'file:', own, foreign: false };
}

/** What the reader chose for a foreign `?base=` in this tab: send people there, or not. */
let foreignChoice: { readonly base: string; readonly use: 'foreign' | 'own' } | null = null;

/** Records the reader's choice for the foreign `?base=` `base` (kept until the page is reloaded). */
export function chooseForeignBase(base: string, use: 'foreign' | 'own'): void {
  foreignChoice = { base, use };
}

/** Forgets the choice (tests). */
export function forgetForeignChoice(): void {
  foreignChoice = null;
}

/**
 * The address Copy link and the QR code build on: `base.base`, or the page's own when the
 * reader declined a foreign `?base=`; null while a foreign `?base=` waits for the reader's choice.
 */
export function linkBase(base: ResolvedBase): string | null {
  if (!base.foreign) return base.base;
  if (foreignChoice?.base !== base.base) return null;
  return foreignChoice.use === 'foreign' ? base.base : base.own;
}

/** The host a link goes to (`evil.example:8443`), for saying where: the address itself when it has none. */
export function hostOf(href: string): string {
  try {
    return new URL(href).host || href;
  } catch {
    return href;
  }
}

/** A link to share: the public address with the page's fragment. */
export function shareLink(base: string, hash: string): string {
  return base.split('#')[0] + hash;
}

/** The setting, or null when there is none or storage is unavailable. */
export function readStoredBase(): string | null {
  try {
    return globalThis.localStorage?.getItem(PUBLIC_BASE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Event fired on `window` when the setting changes, so open dialogs update. */
export const BASE_EVENT = 'shardscope:public-base';

/** Keeps (or, with an empty text, forgets) the setting; false when storage refused it. */
export function storeBase(text: string): boolean {
  try {
    if (text.trim() === '') globalThis.localStorage?.removeItem(PUBLIC_BASE_KEY);
    else globalThis.localStorage?.setItem(PUBLIC_BASE_KEY, text.trim());
    globalThis.dispatchEvent?.(new Event(BASE_EVENT));
    return true;
  } catch {
    return false;
  }
}

/** The public address of this page now. */
export function currentBase(): ResolvedBase {
  return resolveBase(typeof location === 'object' ? location.href : 'http://localhost/', readStoredBase());
}
