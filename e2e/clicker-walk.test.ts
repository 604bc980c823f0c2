/**
 * Issue 19, "Done when": a speaker's walk in Chromium (e2e/firefox.test.ts walks the same in
 * Firefox). One page at 1280x720: presentation mode on once, then every step of all eight
 * stories driven only by PageDown from each story's step 1 (opened by its link, in the same
 * page, no reload). At every step presentation mode is still on, the step's run reaches the
 * step's time, every figure the caption quotes is on screen (e2e/captionFigures.ts), and the
 * page records no error. The same walk in zh-CN, after scrubbing each story's timeline at its
 * step 1: PageDown on the focused timeline still steps the story, into the story's own run.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { freshPage, useBuiltSite, waitStepReady } from './browser';
import { STORIES, resolveStep, type Story } from '../src/stories';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { figuresNotShown, SHOWN_TEXTS, wantedFigures } from './captionFigures';

const DIST = join(import.meta.dirname, '..', 'dist');

/** Waits until step `n` of `story` is shown at its time, past any event it waits for; returns what is wrong. */
async function atStep(page: Page, story: Story, n: number, locale: 'en' | 'zh-CN'): Promise<string[]> {
  const where = `${story.id} step ${n} (${locale})`;
  const r = resolveStep(story, n - 1)!;
  const problems: string[] = [];
  const ok = await page
    .waitForFunction((s) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === s, String(n), { timeout: 60_000 })
    .then(() => true)
    .catch(() => false);
  if (!ok) return [`${where}: PageDown did not show the step (${await page.evaluate(() => location.hash)})`];
  if ((await page.getByTestId('presentation-toggle').getAttribute('aria-pressed')) !== 'true') problems.push(`${where}: presentation mode is off`);
  await waitStepReady(page, r.time);
  const cat = locale === 'en' ? en : zhCN;
  const wanted = wantedFigures(story.id, n, `${String(cat[r.step.title])} ${String(cat[r.step.narration])}`);
  const missing = await figuresNotShown(async () => (await page.evaluate(SHOWN_TEXTS)) as string[], wanted, r.playing);
  for (const f of missing) problems.push(`${where}: “${f.text}” is not on screen`);
  return problems;
}

describe("a speaker's walk: PageDown through every step of all eight stories, presenting (issue 19)", () => {
  const env = useBuiltSite(DIST);
  for (const locale of ['en', 'zh-CN'] as const) {
    const scrub = locale === 'zh-CN';
    it(`${locale}${scrub ? ', after scrubbing each story’s timeline' : ''}: presentation stays on, each caption’s figures on screen, no page error`, async () => {
      const { context, page, watch } = await freshPage(env);
      const problems: string[] = [];
      let steps = 0;
      try {
        await page.goto(`${env.site.url}#story=${STORIES[0]!.id}&step=1&present=1&lang=${locale}`);
        for (const story of STORIES) {
          // Each story from its step 1, by its link in the same page (no reload).
          if (story !== STORIES[0]) {
            // Set right after the previous story's last step: the link wins over that step's own
            // pending fragment (src/state/urlSync.ts; before 714fa87 it was overwritten under load).
            await page.evaluate((id) => (location.hash = `#story=${id}&step=1`), story.id);
            const opened = await page
              .waitForFunction((id) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === '1' && location.hash.startsWith(`#story=${id}&`), story.id, { timeout: 15_000 })
              .then(() => true)
              .catch(() => false);
            if (!opened) {
              problems.push(`${locale}: the link to ${story.id} did not open its step 1 (the address bar reads ${await page.evaluate(() => location.hash)})`);
              break;
            }
          }
          problems.push(...(await atStep(page, story, 1, locale)));
          steps++;
          if (scrub) {
            // Back to the first quarter of the story's run on its timeline; focus stays on the track.
            const track = page.getByTestId('timeline-track').first();
            const box = (await track.boundingBox())!;
            await page.mouse.click(box.x + box.width / 4, box.y + box.height / 2);
            await track.focus();
          } else {
            // What a clicker types goes to the page, not to a control.
            await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          }
          for (let n = 2; n <= story.steps.length; n++) {
            await page.keyboard.press('PageDown');
            problems.push(...(await atStep(page, story, n, locale)));
            steps++;
          }
        }
      } finally {
        await context.close();
      }
      console.log(`${locale}: ${steps} steps walked with PageDown`);
      assert.deepEqual(problems, []);
      assert.deepEqual(watch.pageErrors, []);
    });
  }
});
