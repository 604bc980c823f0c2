/**
 * The languages ShardScope speaks, and the locale rules the model's own texts (the verdict
 * sentence, the CLI) share with the page. No DOM here: the caller passes what the browser
 * or the command line says.
 */

/** Locales with a catalogue, English first (the fallback). */
export const LOCALES = ['en', 'zh-CN'] as const;

/** A locale with a catalogue. */
export type LocaleId = (typeof LOCALES)[number];

/** Whether a string names a locale with a catalogue, exactly (`zh-CN`, not `zh-cn`). */
export function isLocale(v: unknown): v is LocaleId {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

/**
 * A locale tag as a user or a browser writes it (`zh`, `zh-Hans-CN`, `en-GB`, `ZH-cn`) mapped
 * to a catalogue, or null. Every Chinese tag takes the Simplified Chinese catalogue, the
 * only Chinese one.
 */
export function matchLocale(tag: string): LocaleId | null {
  const t = tag.trim().toLowerCase();
  if (t === 'zh' || t.startsWith('zh-') || t.startsWith('zh_')) return 'zh-CN';
  if (t === 'en' || t.startsWith('en-') || t.startsWith('en_')) return 'en';
  return null;
}

/** The first of the user's preferred languages (`navigator.languages`) with a catalogue; else English. */
export function localeFromLanguages(languages: readonly string[]): LocaleId {
  for (const l of languages) {
    const m = matchLocale(l);
    if (m) return m;
  }
  return 'en';
}

const grouped = new Map<string, Intl.NumberFormat>();
function groupedFormat(locale: string): Intl.NumberFormat {
  let f = grouped.get(locale);
  if (!f) grouped.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })));
  return f;
}

const WAN = 10_000;
const YI = 100_000_000;

/**
 * A whole count as it reads in a sentence. English groups digits (`100,000`). Chinese counts
 * in 万 (ten thousand) and 亿 (10^8) where that is exact with at most two decimals
 * (`1 万`, `2.5 万`, `100 万`, `1.2 亿`, a space between the digits and the unit as between
 * any digits and Han text); any other count keeps its digits (`12,345`), so a figure in
 * prose is never rounded. Axes and compact figures keep SI units (k, M). A message that puts
 * a measure word after the count ("{count} 个对象") is tightened by {@link tightenCjkUnits}.
 */
export function proseCount(locale: LocaleId, n: number): string {
  const v = Math.round(n);
  if (locale === 'zh-CN' && Math.abs(v) >= WAN) {
    const [unit, sign] = Math.abs(v) >= YI ? [YI, '亿'] : [WAN, '万'];
    // Exact with two decimals of the unit: v is a multiple of unit / 100.
    if (v % (unit / 100) === 0) return `${groupedTwo(locale).format(v / unit)} ${sign}`;
  }
  return groupedFormat(locale).format(v);
}

const two = new Map<string, Intl.NumberFormat>();
function groupedTwo(locale: string): Intl.NumberFormat {
  let f = two.get(locale);
  if (!f) two.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })));
  return f;
}

/**
 * Chinese text with no space between 万 or 亿 after digits and the Han character that
 * follows: "1 万 个对象" (a count filled into "{count} 个对象") reads "1 万个对象".
 */
export function tightenCjkUnits(text: string): string {
  return text.replace(/(\d ?[万亿])[ \t]+(?=[\u3400-\u9fff])/g, '$1');
}
