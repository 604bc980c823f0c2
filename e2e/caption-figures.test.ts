/**
 * Issue 19, point 4: numbers in captions are the numbers on screen. For every step of every
 * story, in English and Chinese, every figure the caption quotes (its title and narration:
 * counts, ratios, percentages, relists, bytes, durations) must be found, within its rounding,
 * in a visible panel outside the caption (headline, cards, audit, hand-off report, lifecycle
 * summary, charts' values...), whether written with digits or as words ("seven resumes",
 * "twice", "a quarter", "five times less", 七次, 四分之一: e2e/captionFigures.ts). Figures that
 * are not measurements (a setup's replica count, the seconds of a schedule, a hex width, an
 * HTTP status) are allowed per step, with a reason.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { freshPage, useBuiltSite, waitStepReady } from './browser';
import { STORIES, resolveStep } from '../src/stories';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { missingFigures, shownNumbers, wantedFigures, type Figure } from './captionFigures';

const DIST = join(import.meta.dirname, '..', 'dist');

const LOCALES = [
  ['en', en],
  ['zh-CN', zhCN],
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
          // The step opens in English; then the globe menu switches the page to Chinese, which
          // keeps the step and its run (e2e/zh.test.ts): one opening serves both languages.
          await page.goto(`${env.site.url}#story=${story.id}&step=${n}&lang=en`);
          if (process.env.CAPTION_TRACE) console.log('TRACE', story.id, n);
          // A story link opens its step (on a cold page, after the model's worker has started).
          await page
            .waitForFunction((s) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === s, String(n), { timeout: 60_000 })
            .catch(async (e: unknown) => {
              const at = await page.evaluate(() => `caption step ${document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') ?? 'none'}, engine ${document.querySelector('.app')?.getAttribute('data-engine') ?? 'none'}, ${location.hash}`);
              throw new Error(`${story.id} step ${n}: the step did not open (${at})`, { cause: e });
            });
          // The step's run has reached the step's time, and any event the step waits for has happened.
          await waitStepReady(page, r.time, 60_000).catch((e: unknown) => {
            throw new Error(`${story.id} step ${n}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
          });
          for (const [locale, cat] of LOCALES) {
            if (locale !== 'en') {
              await page.getByTestId('lang-switch').click();
              await page.getByTestId(`lang-option-${locale}`).click();
              await page.waitForFunction(([l, title]) => document.documentElement.lang === l && (document.querySelector('[data-testid="story-caption"]')?.textContent ?? '').includes(title), [locale, String(cat[r.step.title])] as const);
              const step = await page.getByTestId('story-caption').getAttribute('data-step');
              if (step !== String(n)) problems.push(`${story.id} step ${n} (${locale}): the language switch moved the story to step ${step}`);
            }
            const text = `${String(cat[r.step.title])} ${String(cat[r.step.narration])}`;
            const wanted = wantedFigures(story.id, n, text);
            if (wanted.length === 0) continue;
            // A playing step's rates and reports settle within a few seconds; a paused one is read once.
            let missing: Figure[] = wanted;
            for (const end = Date.now() + (r.playing ? 20_000 : 2_000); ; ) {
              missing = missingFigures(wanted, await shownNumbers(page));
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
