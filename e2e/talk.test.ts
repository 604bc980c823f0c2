// A talk from one clicker: `#talk=default&present=1` at 1280x720 goes from its title slide to
// its end slide on PageDown alone, through every story of the talk, with no app chrome on the
// audience's screen and no page error; PageUp crosses back from a section slide to the story
// before it exactly; a reload keeps the slide; `b` and `.` blank the screen and bring it back.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBuiltSite, watchPage } from './browser';
import { STORIES } from '../src/stories';
import { talkById, talkSlides, type TalkSlide } from '../src/stories/talks';

const DIST = join(import.meta.dirname, '..', 'dist');
const talk = talkById('default')!;

/** The slide the stage shows, as its attributes name it, once it is ready. */
interface Shown {
  readonly slide: string;
  readonly story: string | null;
  readonly step: string | null;
}

const key = (s: Shown | TalkSlide): string =>
  'kind' in s ? `${s.kind}${s.kind === 'section' || s.kind === 'step' ? `:${s.story}` : ''}${s.kind === 'step' ? `:${s.step}` : ''}` : `${s.slide}${s.story ? `:${s.story}` : ''}${s.step ? `:${s.step}` : ''}`;

/** Waits until the stage shows a ready slide other than `before` (any ready slide when null), and returns it. */
async function nextShown(page: Page, before: Shown | null): Promise<Shown> {
  await page.waitForFunction(
    (b) => {
      const st = document.querySelector('[data-testid="talk-stage"]');
      if (!st || st.getAttribute('data-ready') !== 'true') return false;
      const now = `${st.getAttribute('data-slide')}|${st.getAttribute('data-story')}|${st.getAttribute('data-step')}`;
      return b === null || now !== b;
    },
    before ? `${before.slide}|${before.story}|${before.step}` : null,
    { timeout: 90_000 },
  );
  return shownNow(page);
}

const shownNow = (page: Page): Promise<Shown> =>
  page.evaluate(() => {
    const st = document.querySelector('[data-testid="talk-stage"]')!;
    return { slide: st.getAttribute('data-slide')!, story: st.getAttribute('data-story'), step: st.getAttribute('data-step') };
  });

/** What of the app's chrome the audience can see: the header, the caption's buttons (none, unless shown). */
const chromeSeen = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    ['[data-testid="header"]', '.story-caption__nav']
      .map((sel) => [sel, document.querySelector(sel)] as const)
      .filter(([, el]) => el !== null && el.getBoundingClientRect().height > 0 && Number(getComputedStyle(el).opacity) > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map(([sel]) => sel),
  );

const blanked = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="blank-screen"]') !== null);

for (const locale of ['en', 'zh-CN'] as const) {
  describe(`the default talk from one clicker (${locale})`, () => {
    const env = useBuiltSite(DIST);

    it('PageDown alone goes from the title slide through every story to the end slide, with no chrome on screen', async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const watch = watchPage(page, env.site.origin);
      try {
        await page.goto(`${env.site.url}#talk=default&present=1&lang=${locale}`);
        let shown = await nextShown(page, null);
        const seen: string[] = [key(shown)];
        const problems: string[] = [];
        for (let i = 0; shown.slide !== 'end' && i < 200; i++) {
          const chrome = await chromeSeen(page);
          if (chrome.length) problems.push(`${key(shown)}: ${chrome.join(', ')} on screen`);
          // Once, on the first step: the screen blanks and comes back (b twice, then . and a step key).
          if (shown.slide === 'step' && shown.story === talk.parts[0]!.story && shown.step === '1') {
            await page.keyboard.press('b');
            assert.equal(await blanked(page), true, 'b blanks the screen');
            await page.keyboard.press('b');
            assert.equal(await blanked(page), false, 'a second b brings it back');
            await page.keyboard.press('.');
            assert.equal(await blanked(page), true, '. blanks the screen');
            await page.keyboard.press('PageDown');
            assert.equal(await blanked(page), false, 'PageDown brings it back');
            assert.equal(key(await shownNow(page)), key(shown), 'the PageDown that brings the screen back does not step');
          }
          // Once, at the second story's section slide: PageUp goes back to the first story's last
          // step exactly, a reload keeps that step, and PageDown comes back.
          if (shown.slide === 'section' && shown.story === talk.parts[1]!.story) {
            const first = STORIES.find((s) => s.id === talk.parts[0]!.story)!;
            await page.keyboard.press('PageUp');
            const back = await nextShown(page, shown);
            assert.equal(key(back), key({ kind: 'step', story: first.id, step: first.steps.length }), 'PageUp from a section slide');
            await page.waitForFunction(() => location.hash.includes('step='));
            await page.reload();
            await page.waitForFunction(() => document.querySelector('[data-testid="talk-stage"]')?.getAttribute('data-ready') === 'true', undefined, { timeout: 90_000 });
            assert.equal(key(await shownNow(page)), key(back), 'a reload keeps the slide');
            await page.keyboard.press('PageDown');
            assert.equal(key(await nextShown(page, back)), key(shown), 'PageDown back to the section slide');
          }
          await page.keyboard.press('PageDown');
          shown = await nextShown(page, shown);
          seen.push(key(shown));
        }
        assert.deepEqual(problems, []);
        // Every slide of the talk, in order: title, agenda, a section and every step of each of the eight stories, the end.
        assert.deepEqual(seen, talkSlides(talk).map(key));
        assert.deepEqual([...new Set(seen.filter((k) => k.startsWith('section:')).map((k) => k.slice('section:'.length)))], STORIES.map((s) => s.id));
        // Past the end nothing moves.
        // (b after it blanks the screen once the PageDown before it has been handled.)
        await page.keyboard.press('PageDown');
        await page.keyboard.press('b');
        await page.waitForFunction(() => document.querySelector('[data-testid="blank-screen"]') !== null);
        await page.keyboard.press('b');
        assert.equal(key(await shownNow(page)), 'end');
        assert.deepEqual(await chromeSeen(page), [], 'no chrome on the end slide');
        assert.deepEqual(watch.pageErrors, []);
        assert.deepEqual(watch.foreignRequests, []);
      } finally {
        await context.close();
      }
    });
  });
}
