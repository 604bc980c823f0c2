/**
 * Number formatting for the UI, per locale. Unit symbols (B, kB, MB) are international and
 * live here; the sentences around them come from the catalogue.
 */
import type { Locale } from './translate';
import { proseCount } from './locale';

const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** Formatters bound to one locale; build once per locale and reuse (Intl objects are costly). */
export interface Formatters {
  /**
   * A count in a sentence: 1234567 -> "1,234,567"; in Chinese 万 and 亿 where exact
   * (100000 -> "10 万", 12345 -> "12,345").
   */
  count(n: number): string;
  /** Grouped digits in every locale (fields, figures in a table): 100000 -> "100,000". */
  digits(n: number): string;
  /** 1234567 -> "1.2M": for tight spaces (cards, axes); SI letters in every locale. */
  compact(n: number): string;
  /** Decimal bytes with one or two significant decimals: 1234567 -> "1.23 MB". */
  bytes(n: number): string;
  /** A share in [0, 1] -> "12.5%". */
  percent(n: number): string;
  /** A ratio with one decimal: 4.04 -> "4.0". */
  ratio(n: number): string;
  /** Simulated seconds -> "1:05.2". */
  clock(seconds: number): string;
  /** CPU cores: 0.0123 -> "0.012". */
  cores(n: number): string;
}

const cache = new Map<Locale, Formatters>();

/** The formatters of a locale (memoised). */
export function formatters(locale: Locale): Formatters {
  const hit = cache.get(locale);
  if (hit) return hit;
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  // Axes and compact figures keep SI letters (k, M) in every locale: Chinese compact notation
  // would switch to 万, whose steps (10^4) do not line up with the axis ticks. (Chinese writes
  // the same digits and decimal point as English.)
  const compact = new Intl.NumberFormat(locale === 'zh-CN' ? 'en' : locale, { notation: 'compact', maximumFractionDigits: 1 });
  const two = new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const ratio = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const cores = new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 });
  const f: Formatters = {
    count: (n) => proseCount(locale, n),
    digits: (n) => count.format(n),
    compact: (n) => compact.format(n),
    bytes: (n) => {
      if (!Number.isFinite(n) || n <= 0) return '0 B';
      let i = 0;
      while (n >= 1000 && i < BYTE_UNITS.length - 1) {
        n /= 1000;
        i++;
      }
      return `${i === 0 ? count.format(n) : two.format(n)} ${BYTE_UNITS[i]}`;
    },
    percent: (n) => percent.format(n),
    ratio: (n) => ratio.format(n),
    clock: (s) => {
      const m = Math.floor(s / 60);
      const rest = s - m * 60;
      return `${m}:${rest.toFixed(1).padStart(4, '0')}`;
    },
    cores: (n) => (n === 0 ? '0' : cores.format(n)),
  };
  cache.set(locale, f);
  return f;
}

/** Full-width punctuation: Chinese puts no space before or after it (GLOSSARY.md). */
const FULL_WIDTH = /[，。：；、（）“”！？《》]/;

/**
 * The space between two pieces of text set side by side: one, as English writes it, or none
 * when either piece meets the other with full-width punctuation ("先过滤再缓存（使用中）",
 * "客户端分片（哈希范围）2.98 MB/s").
 */
export function spaceBetween(before: string, after: string): '' | ' ' {
  return FULL_WIDTH.test(before.slice(-1)) || FULL_WIDTH.test(after.slice(0, 1)) ? '' : ' ';
}

/** Two pieces of text joined by `spaceBetween`. */
export function joinWords(before: string, after: string): string {
  return `${before}${spaceBetween(before, after)}${after}`;
}
