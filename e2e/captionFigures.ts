// The figures a story caption quotes, and the figures a page shows, shared by
// the caption-figures test (every step, reached by link) and the clicker walks (every step,
// reached by PageDown, in Chromium and Firefox). Figures come as digits ("490 MB", "4.0×",
// "50 %") and as words ("seven resumes", "twice", "a quarter", "five times less", 七次, 四分之一).
import type { Page } from 'playwright-core';

/** A figure: its value in base units (bytes, seconds, a fraction for %, a plain number), its unit, and its rounding. */
export interface Figure {
  readonly text: string;
  readonly key: string;
  readonly value: number;
  readonly unit: '' | 'B' | 'B/s' | 's' | '%' | '×';
  readonly tolerance: number;
  /** Written as words: a count may also be read as a ratio (twice, 两倍), and a fraction is "about". */
  readonly words?: boolean;
}

const BYTES: Record<string, number> = { '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };
/** A number not inside a word, an identifier (replica-0, 0x…, 2^64, 1/N) or a hex bound, with an optional unit. */
const FIGURE = /(?<![\w.\-'^/])(\d+(?:,\d{3})*(?:\.\d+)?)(?![\w/^]|\.\d)\s*(×|%|[kKMG]?B\/s|[kKMG]?B(?![\w])|s(?![\w])|秒|分钟)?/g;

/** The figures written with digits, each with the rounding its digits imply (490 -> ±5, 2.5 -> ±0.05, 18 -> ±0.5). */
function digitFigures(text: string): Figure[] {
  return [...text.matchAll(FIGURE)].map((m) => {
    const digits = m[1]!.replace(/,/g, '');
    const raw = m[2] ?? '';
    const n = Number(digits);
    const decimals = digits.includes('.') ? digits.split('.')[1]!.length : 0;
    const zeros = decimals === 0 && n !== 0 ? /0*$/.exec(digits)![0].length : 0;
    let step = decimals > 0 ? 10 ** -decimals : 10 ** zeros;
    let unit: Figure['unit'] = '';
    let scale = 1;
    if (raw === '%') {
      unit = '%';
      scale = 0.01;
    } else if (raw === '×') unit = '×';
    else if (raw === 's' || raw === '秒') unit = 's';
    else if (raw === '分钟') {
      unit = 's';
      scale = 60;
    } else if (raw.endsWith('B/s')) {
      unit = 'B/s';
      scale = BYTES[raw[0] === 'B' ? '' : raw[0]!]!;
    } else if (raw.endsWith('B')) {
      unit = 'B';
      scale = BYTES[raw.length === 1 ? '' : raw[0]!]!;
    }
    step *= scale;
    const value = n * scale;
    return { text: m[0].trim(), key: `${digits}${raw === '秒' ? 's' : raw}`, value, unit, tolerance: step / 2 + 1e-9 * Math.abs(value) };
  });
}

// ---- figures written as words ----------------------------------------------------------------

const EN_NUMBERS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
};
const EN_PARTS: Record<string, number> = { half: 2, halves: 2, third: 3, thirds: 3, quarter: 4, quarters: 4, fifth: 5, fifths: 5, sixth: 6, sixths: 6, eighth: 8, eighths: 8 };
const ZH_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** A Chinese numeral up to 99 (十六, 二十, 两) as a number. */
function zhNumber(s: string): number {
  if (!s.includes('十')) return ZH_DIGITS[s] ?? NaN;
  const [tens, ones] = s.split('十');
  return (tens ? (ZH_DIGITS[tens] ?? NaN) : 1) * 10 + (ones ? (ZH_DIGITS[ones] ?? NaN) : 0);
}

/** A word figure: counts to within 0.5, ratios as written, fractions "about": within 15% of their value. */
function word(text: string, value: number, unit: Figure['unit']): Figure {
  const key = unit === '%' ? `${Math.round(value * 100)}%` : unit === '×' ? `${value}×` : String(value);
  const tolerance = unit === '%' ? value * 0.15 : 0.5;
  return { text, key, value, unit, tolerance, words: true };
}

/**
 * The figures written as words. "one" and 一个 are left out (they are an article far more often
 * than a figure, and a 1 is on every screen).
 */
function wordFigures(text: string): Figure[] {
  const out: Figure[] = [];
  const NUM = Object.keys(EN_NUMBERS).join('|');
  // English fractions: "a quarter", "two thirds", "half" (of something), "a fifth".
  for (const m of text.matchAll(new RegExp(`\\b(a|an|one|its|their|${NUM})[ -](half|halves|thirds?|quarters?|fifths?|sixths?|eighths?)\\b|(?<=\\b(?:about|nearly|roughly|over|under) )half\\b|\\bhalf\\b(?= of| the| as)`, 'gi'))) {
    const k = m[1] ? (/^(a|an|one|its|their)$/i.test(m[1]) ? 1 : EN_NUMBERS[m[1].toLowerCase()]!) : 1;
    const n = m[2] ? EN_PARTS[m[2].toLowerCase()]! : 2;
    out.push(word(m[0], k / n, '%'));
  }
  // Ratios: "five times less", "twice", "doubles".
  for (const m of text.matchAll(new RegExp(`\\b(${NUM}) times\\b`, 'gi'))) out.push(word(m[0], EN_NUMBERS[m[1]!.toLowerCase()]!, '×'));
  for (const m of text.matchAll(/\btwice\b/gi)) out.push(word(m[0], 2, '×'));
  // Counts: "seven resumes", "eight replicas" (not part of a fraction or a ratio above).
  for (const m of text.matchAll(new RegExp(`\\b(${NUM})\\b(?![ -](?:half|halves|thirds?|quarters?|fifths?|sixths?|eighths?|times)\\b)`, 'gi'))) out.push(word(m[0], EN_NUMBERS[m[1]!.toLowerCase()]!, ''));
  // Chinese: 四分之一, 一半, 五倍, 七次, 八个, 三台.
  for (const m of text.matchAll(/([一二两三四五六七八九十]+)分之([一二两三四五六七八九十]+)/g)) out.push(word(m[0], zhNumber(m[2]!) / zhNumber(m[1]!), '%'));
  for (const m of text.matchAll(/一半/g)) out.push(word(m[0], 0.5, '%'));
  for (const m of text.matchAll(/([一二两三四五六七八九十]+)倍/g)) out.push(word(m[0], zhNumber(m[1]!), '×'));
  for (const m of text.matchAll(/(?<![第每之一二两三四五六七八九十])([二两三四五六七八九十][一二三四五六七八九十]*|十)(?:个|次|台|名|条)/g)) out.push(word(m[0], zhNumber(m[1]!), ''));
  return out.filter((f) => Number.isFinite(f.value));
}

/** Every figure a caption quotes: with digits, and as words. */
export function figures(text: string): Figure[] {
  return [...digitFigures(text), ...wordFigures(text)];
}

/**
 * Figures that are not measurements, per step (`story/step` -> figure key -> reason). A key is
 * the digits and the unit as written, with 秒 read as s; a word figure's key is its value
 * ("seven" and 七次 are 7, "a quarter" and 四分之一 are 25%, "five times" and 五倍 are 5×).
 */
export const ALLOWED: Record<string, Record<string, string>> = {
  'problem/3': { '2×': 'the client-side total doubles from the previous step (4 to 8 replicas); this step shows 8 replicas' },
  'mechanism/1': { '1': 'FNV-1a is the hash’s name', '64': 'the hash’s width in bits', '0': 'the left end of the space' },
  'mechanism/4': { '25%': 'two interleaved quarters each: the layout of the step (2 replicas, 4 ranges)' },
  'mechanism/3': { '16': 'the digits of a bound', '17': 'the digits of 2^64', '0': 'part of 0x…', '64': 'the exponent of 2^64' },
  'fallback/3': { '2': 'a step of this story' },
  'fallback/4': { '2': 'a step of this story' },
  'resharding/1': { '5s': 'the schedule: the reshard’s time', '4': 'the replica counts the schedule sets', '5': 'the replica counts the schedule sets', '25%': 'a range of 4 equal ones (setup)', '20%': 'a range of 5 equal ones (setup)' },
  'resharding/2': { '5': 'the fifth replica (setup)', '1': 'a step of this story' },
  'resharding/3': { '8s': 'the model’s restart time (shutdown, scheduling, start-up), a parameter', '20%': 'a list of 1 range in 5 (setup); its bytes are in the report' },
  'resharding/4': { '5': 'one sync per replica: the five replicas of the setup', '1': 'the 1/N of the saving', '20%': 'a sync of 1 range in 5 (setup); its bytes are on screen' },
  'resharding/5': { '20s': 'the rollout’s interval (schedule)', '4×': 'the clock’s speed, set by the story', '25%': 'the peak is in the hand-off report as a count (about 23,000 of the 100,000 objects)' },
  'resharding/6': { '5s': 'the rollout’s interval (schedule)', '5': 'the fifth replica (setup)', '20%': 'the peak is in the hand-off report as a count (about 20,000 of the 100,000 objects)' },
  'hot-namespaces/3': { '5': 'client-go’s watch deadline (5 to 10 min), a constant', '10': 'client-go’s watch deadline (5 to 10 min), a constant', '410': 'an HTTP status code', '8': 'the replicas of the setup', '6': 'the namespaces of the setup' },
  'refused/1': { '0': 'the bound as typed and replica-0', '16': 'the digits a bound needs', '500': 'the HTTP status the server answers (its message is on the card)' },
  'refused/2': { '3': 'the expression kind the apiserver names (in the message)' },
  'refused/3': { '500': 'the HTTP status that does not happen', '0': 'replica-0' },
  'refused/4': { '16': 'the digits a bound needs', '0': 'replica-0' },
  'refused/5': { '0': 'replica-0' },
  'rollout/1': { '3': 'the API servers of the setup' },
  'rollout/2': { '10s': 'the rollout’s first restart and interval (schedule)' },
  'rollout/3': { '45s': 'the step’s time, on the timeline', '410': 'an HTTP status code' },
};

/** Every text shown outside the caption (and attributes that name a figure), read in the page. */
export const SHOWN_TEXTS = `(() => {
  const out = [];
  const caption = document.querySelector('[data-testid="story-caption"]');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n;
    if ((caption && caption.contains(el)) || el.closest('[hidden],[aria-hidden="true"] svg')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    for (const a of ['aria-label', 'title', 'aria-valuetext']) {
      const v = el.getAttribute(a);
      if (v) out.push(v);
    }
    let own = '';
    for (const c of el.childNodes) if (c.nodeType === Node.TEXT_NODE) own += c.textContent;
    if (own.trim()) out.push(el.textContent || '');
  }
  return out;
})()`;

/** Every number shown outside the caption, with its unit (Chromium, through Playwright). */
export async function shownNumbers(page: Page): Promise<string[]> {
  return (await page.evaluate(SHOWN_TEXTS)) as string[];
}

/** Whether `f` is among the shown figures, within its rounding. */
export function found(f: Figure, shown: readonly Figure[]): boolean {
  const units = f.words && f.unit === '×' ? ['×', ''] : f.words && f.unit === '' ? ['', '×'] : [f.unit];
  return shown.some((s) => units.includes(s.unit) && Math.abs(s.value - f.value) <= f.tolerance);
}

/** The figures of a panel's text: its numbers (digits only), and its clock times (0:17.9) as seconds. */
export function shownFigures(text: string): Figure[] {
  const clocks = [...text.matchAll(/(?<![\d:])(\d+):(\d{2}(?:\.\d+)?)(?![\d:])/g)].map((m) => {
    const value = Number(m[1]) * 60 + Number(m[2]);
    return { text: m[0], key: m[0], value, unit: 's' as const, tolerance: 0 };
  });
  return [...digitFigures(text.replace(/(\d+):(\d{2})/g, ' ')), ...clocks];
}

/** The figures of a step's caption (title and narration) that must be on screen. */
export function wantedFigures(storyId: string, step: number, caption: string): Figure[] {
  const allowed = ALLOWED[`${storyId}/${step}`] ?? {};
  return figures(caption).filter((f) => !(f.key in allowed));
}

/** The wanted figures missing from the shown texts. */
export function missingFigures(wanted: readonly Figure[], texts: readonly string[]): Figure[] {
  const shown = texts.flatMap(shownFigures);
  return wanted.filter((f) => !found(f, shown));
}

/**
 * The figures of `wanted` still missing after the page has had time to show them: a playing
 * step's rates and reports settle within seconds, a paused one is read at once (and once more).
 * `read` returns the page's shown texts (SHOWN_TEXTS evaluated in whatever browser drives it).
 */
export async function figuresNotShown(read: () => Promise<string[]>, wanted: readonly Figure[], playing: boolean): Promise<Figure[]> {
  for (const end = Date.now() + (playing ? 20_000 : 2_000); ; ) {
    const missing = missingFigures(wanted, await read());
    if (missing.length === 0 || Date.now() > end) return missing;
    await new Promise((r) => setTimeout(r, 500));
  }
}
