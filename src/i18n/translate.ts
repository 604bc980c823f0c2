/**
 * The translation function: looks a message up by id, picks a plural form with
 * `Intl.PluralRules`, and fills `{name}` placeholders. No React here, so it also serves
 * exports (SVG/PNG titles) and tests.
 */
import { en, type Message, type MessageId } from './en';
import { zhCN } from './zh-CN';
import { proseCount, tightenCjkUnits, type LocaleId } from './locale';

/** Locales with a catalogue: English and Simplified Chinese (`zh-CN`). */
export type Locale = LocaleId;

/** Values for `{name}` placeholders; `count` also selects the plural form. */
export type MessageParams = Readonly<Record<string, string | number>>;

export type Translate = (id: MessageId, params?: MessageParams) => string;

const catalogues: Record<Locale, Readonly<Record<MessageId, Message>>> = { en, 'zh-CN': zhCN };

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Texts of a story or exercise opened from a file, under ids of their own (never a catalogue
 * id), per locale; English stands in for a locale the file does not give.
 */
const extra: Record<Locale, Map<string, string>> = { en: new Map(), 'zh-CN': new Map() };

/** Registers a loaded file's texts (id -> text) for a locale. */
export function registerMessages(locale: Locale, entries: Readonly<Record<string, string>>): void {
  for (const [id, text] of Object.entries(entries)) extra[locale].set(id, text);
}

const translators = new Map<Locale, Translate>();

/** The translator of a locale, built once (Intl objects are costly to create). */
export function createTranslator(locale: Locale = 'en'): Translate {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = buildTranslator(locale)));
  return t;
}

/**
 * Builds the translator for a locale. Numbers in params are formatted for that locale: whole
 * numbers as counts in prose (`10,000`; `1 万` in Chinese), others with up to two decimals.
 * Chinese text is then tightened after 万 and 亿 ("1 万个对象", see `tightenCjkUnits`).
 */
function buildTranslator(locale: Locale): Translate {
  const catalogue = catalogues[locale];
  const plural = new Intl.PluralRules(locale);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (id, params) => {
    // An id no catalogue has (a loaded file's text, or a bad one) never throws: it shows itself.
    const entry: Message = catalogue[id] ?? en[id] ?? extra[locale].get(id) ?? extra.en.get(id) ?? id;
    let text: string;
    if (typeof entry === 'string') text = entry;
    else {
      const count = Number(params?.count ?? 0);
      const form = plural.select(count) as keyof typeof entry;
      text = entry[form] ?? entry.other;
    }
    if (!params) return text;
    const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
      const v = params[name];
      if (v === undefined) return whole;
      return typeof v === 'number' ? (Number.isInteger(v) ? proseCount(locale, v) : number.format(v)) : v;
    });
    return locale === 'zh-CN' ? tightenCjkUnits(filled) : filled;
  };
}
