/**
 * Issue 19, point 4: numbers in captions are the numbers on screen. For every step of every
 * story, in English and Chinese, every figure the caption quotes (its title and narration:
 * counts, ratios, percentages, relists, bytes, durations) must be found, within its rounding,
 * in a visible panel outside the caption (headline, cards, audit, hand-off report, lifecycle
 * summary, charts' values...). Figures that are not measurements (a setup's replica count,
 * the seconds of a schedule, a hex width, an HTTP status) are allowed per step, with a reason.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { freshPage, useBuiltSite } from './browser';
import { STORIES, resolveStep } from '../src/stories';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';

const DIST = join(import.meta.dirname, '..', 'dist');

/** A figure: its value in base units (bytes, seconds, a fraction for %, a plain number), its unit, and its rounding. */
interface Figure {
  readonly text: string;
  readonly key: string;
  readonly value: number;
  readonly unit: '' | 'B' | 'B/s' | 's' | '%' | '×';
  readonly tolerance: number;
}

const BYTES: Record<string, number> = { '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };
/** A number not inside a word, an identifier (replica-0, 0x…, 2^64, 1/N) or a hex bound, with an optional unit. */
const FIGURE = /(?<![\w.\-'^/])(\d+(?:,\d{3})*(?:\.\d+)?)(?![\w/^]|\.\d)\s*(×|%|[kKMG]?B\/s|[kKMG]?B(?![\w])|s(?![\w])|秒|分钟)?/g;

/** The figures quoted in a text, each with the rounding its digits imply (490 -> ±5, 2.5 -> ±0.05, 18 -> ±0.5). */
function figures(text: string): Figure[] {
  return [...text.matchAll(FIGURE)].map((m) => {
    const digits = m[1]!.replace(/,/g, '');
    const raw = m[2] ?? '';
    const n = Number(digits);
    const decimals = digits.includes('.') ? digits.split('.')[1]!.length : 0;
    const zeros = decimals === 0 && n !== 0 ? (/0*$/.exec(digits)![0].length) : 0;
    let step = decimals > 0 ? 10 ** -decimals : 10 ** zeros;
    let unit: Figure['unit'] = '';
    let scale = 1;
    if (raw === '%') {
      unit = '%';
      scale = 0.01;
    }
    else if (raw === '×') unit = '×';
    else if (raw === 's' || raw === '秒') unit = 's';
    else if (raw === '分钟') {
      unit = 's';
      scale = 60;
    }
    else if (raw.endsWith('B/s')) {
      unit = 'B/s';
      scale = BYTES[raw[0] === 'B' ? '' : raw[0]!]!;
    }
    else if (raw.endsWith('B')) {
      unit = 'B';
      scale = BYTES[raw.length === 1 ? '' : raw[0]!]!;
    }
    step *= scale;
    const value = n * scale;
    return { text: m[0].trim(), key: `${digits}${raw === '秒' ? 's' : raw}`, value, unit, tolerance: step / 2 + 1e-9 * Math.abs(value) };
  });
}

/**
 * Figures that are not measurements, per step (`story/step` -> figure key -> reason). A key is
 * the digits and the unit as written, with 秒 read as s.
 */
const ALLOWED: Record<string, Record<string, string>> = {
  'mechanism/1': { '1': 'FNV-1a is the hash’s name', '64': 'the hash’s width in bits', '0': 'the left end of the space' },
  'mechanism/3': { '16': 'the digits of a bound', '17': 'the digits of 2^64', '0': 'part of 0x…', '64': 'the exponent of 2^64' },
  'fallback/3': { '2': 'a step of this story' },
  'fallback/4': { '2': 'a step of this story' },
  'resharding/1': { '5s': 'the schedule: the reshard’s time', '4': 'the replica counts the schedule sets', '5': 'the replica counts the schedule sets' },
  'resharding/2': { '5': 'the fifth replica (setup)', '1': 'a step of this story' },
  'resharding/3': { '8s': 'the model’s restart time (shutdown, scheduling, start-up), a parameter' },
  'resharding/4': { '5': 'one sync per replica: the five replicas of the setup', '1': 'the 1/N of the saving' },
  'resharding/5': { '20s': 'the rollout’s interval (schedule)' },
  'resharding/6': { '5s': 'the rollout’s interval (schedule)', '5': 'the fifth replica (setup)' },
  'hot-namespaces/3': { '5': 'client-go’s watch deadline (5 to 10 min), a constant', '10': 'client-go’s watch deadline (5 to 10 min), a constant', '410': 'an HTTP status code', '8': 'the replicas of the setup', '6': 'the namespaces of the setup' },
  'refused/1': { '0': 'the bound as typed and replica-0', '16': 'the digits a bound needs', '500': 'the HTTP status the server answers (its message is on the card)' },
  'refused/2': { '3': 'the expression kind the apiserver names (in the message)' },
  'refused/3': { '500': 'the HTTP status that does not happen', '0': 'replica-0' },
  'refused/4': { '16': 'the digits a bound needs', '0': 'replica-0' },
  'refused/5': { '0': 'replica-0' },
  'rollout/2': { '10s': 'the rollout’s first restart and interval (schedule)' },
  'rollout/3': { '45s': 'the step’s time, on the timeline', '410': 'an HTTP status code' },
};

/** Every number shown outside the caption, with its unit, read in the page. */
async function shownNumbers(page: import('playwright-core').Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const caption = document.querySelector('[data-testid="story-caption"]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n as HTMLElement;
      if (caption?.contains(el) || el.closest('[hidden],[aria-hidden="true"] svg')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      for (const a of ['aria-label', 'title', 'aria-valuetext']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
      let own = '';
      for (const c of el.childNodes) if (c.nodeType === Node.TEXT_NODE) own += c.textContent;
      if (own.trim()) out.push(el.textContent ?? '');
    }
    return out;
  });
}

/** Whether `f` is among the shown figures, within its rounding. */
function found(f: Figure, shown: readonly Figure[]): boolean {
  return shown.some((s) => s.unit === f.unit && Math.abs(s.value - f.value) <= f.tolerance);
}

/** The figures of a panel's text: its numbers, and its clock times (0:17.9) as seconds. */
function shownFigures(text: string): Figure[] {
  const clocks = [...text.matchAll(/(?<![\d:])(\d+):(\d{2}(?:\.\d+)?)(?![\d:])/g)].map((m) => {
    const value = Number(m[1]) * 60 + Number(m[2]);
    return { text: m[0], key: m[0], value, unit: 's' as const, tolerance: 0 };
  });
  return [...figures(text.replace(/(\d+):(\d{2})/g, ' ')), ...clocks];
}


const LOCALES = [
  ['en', '&lang=en', en],
  ['zh-CN', '&lang=zh-CN', zhCN],
] as const;

describe('numbers in captions are the numbers on screen (issue 19, point 4)', () => {
  const env = useBuiltSite(DIST);
  for (const story of STORIES.filter((s) => !process.env.CAPTION_STORY || s.id === process.env.CAPTION_STORY)) {
    it(`${story.id}: every figure its captions quote is on screen, en and zh-CN`, async () => {
      const { context, page } = await freshPage(env);
      const problems: string[] = [];
      let checked = 0;
      try {
        for (let n = 1; n <= story.steps.length; n++) {
          const r = resolveStep(story, n - 1)!;
          const allowed = ALLOWED[`${story.id}/${n}`] ?? {};
          for (const [locale, suffix, cat] of LOCALES) {
            const text = `${String(cat[r.step.title])} ${String(cat[r.step.narration])}`;
            const wanted = figures(text).filter((f) => !(f.key in allowed));
            await page.goto(`${env.site.url}#story=${story.id}&step=${n}${suffix}`);
            if (process.env.CAPTION_TRACE) console.log('TRACE', story.id, n, locale);
            // A story link opens its step (on a cold page, after the model's worker has started).
            await page
              .waitForFunction((s) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === s, String(n), { timeout: 60_000 })
              .catch(async (e: unknown) => {
                const at = await page.evaluate(() => `caption step ${document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') ?? 'none'}, engine ${document.querySelector('.app')?.getAttribute('data-engine') ?? 'none'}, ${location.hash}`);
                throw new Error(`${story.id} step ${n} (${locale}): the step did not open (${at})`, { cause: e });
              });
            // The step's run has reached the step's time, and any event the step waits for has happened.
            await page
              .waitForFunction((t) => Number(document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time')) >= t - 0.01, r.time, { timeout: 30_000 })
              .catch(async (e: unknown) => {
                const at = await page.evaluate(() => `${document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time')} playing=${document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed')}`);
                throw new Error(`${story.id} step ${n} (${locale}): the run did not reach ${r.time} s (at ${at})`, { cause: e });
              });
            await page.waitForFunction(() => !document.querySelector('[data-testid="story-countdown"]'), undefined, { timeout: 30_000 });
            if (wanted.length === 0) continue;
            // A playing step's rates and reports settle within a few seconds; a paused one is read once.
            let missing: Figure[] = wanted;
            for (const end = Date.now() + (r.playing ? 20_000 : 2_000); ; ) {
              const shown = (await shownNumbers(page)).flatMap(shownFigures);
              missing = wanted.filter((f) => !found(f, shown));
              if (missing.length === 0 || Date.now() > end) break;
              await new Promise((res) => setTimeout(res, 500));
            }
            checked += wanted.length;
            for (const f of missing) problems.push(`${story.id} step ${n} (${locale}): “${f.text}” is not on screen`);
          }
        }
      } finally {
        await context.close();
      }
      console.log(`${story.id}: ${checked} figures checked`);
      assert.deepEqual(problems, []);
    });
  }
});
