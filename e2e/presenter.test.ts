// The presenter view. From a story in presentation mode, Shift+P opens a
// second window that shows the step's speaker notes, the next step, a talk timer and the time of
// day; the clicker works in either window and the other follows. Holding L shows a spotlight
// that follows the pointer; the stage's text size grows to 125 % or 150 % and the step still
// fits the window. A browser without BroadcastChannel is told so.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, type PageWatch } from './browser';
import { en } from '../src/i18n/en';
import { storyById } from '../src/stories';

const DIST = join(import.meta.dirname, '..', 'dist');
const saving = storyById('saving')!;
const text = (id: string) => String((en as Record<string, unknown>)[id]);
/** The first line of a step's notes, as the presenter shows it (its label in bold, then the rest). */
const firstNote = (n: number) => text(saving.steps[n - 1]!.notes!).split('\n')[0]!.replace(/^([^:]+:)\s*/, '$1 ');

describe('the presenter view', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  async function open(hash: string): Promise<void> {
    await page.goto(env.site.url + hash);
    await page.getByTestId('story-caption').waitFor();
  }

  /** Waits (up to 20 s on a loaded machine) until the stage shows step n. */
  async function stageAt(n: number, what: string): Promise<void> {
    await page.waitForFunction((want) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === want, String(n), { timeout: 60_000 }).catch(() => undefined);
    assert.equal(await page.getByTestId('story-caption').getAttribute('data-step'), String(n), what);
  }

  /** Waits until the presenter shows step n, with that step's notes and the next step's title. */
  async function presenterAt(p: Page, n: number, what: string): Promise<void> {
    await p.waitForFunction((want) => document.querySelector('[data-testid="presenter-progress"]')?.getAttribute('data-step') === want, String(n), { timeout: 60_000 }).catch(() => undefined);
    assert.equal(await p.getByTestId('presenter-progress').getAttribute('data-step'), String(n), what);
    assert.equal(await p.getByTestId('presenter-title').textContent(), text(saving.steps[n - 1]!.title), `${what}: the title`);
    assert.ok((await p.getByTestId('presenter-notes').innerText()).startsWith(firstNote(n)), `${what}: the notes of step ${n}`);
    const next = saving.steps[n];
    assert.equal(await p.getByTestId('presenter-next-title').textContent(), next ? text(next.title) : text('presenter.end'), `${what}: the next step`);
  }

  it('Shift+P opens the presenter view; it shows the notes, the next step, progress, a timer and the clock, and follows the stage both ways', async () => {
    await open('#story=saving&step=1&present=1');
    await stageAt(1, 'the link opens step 1');
    const popup = context.waitForEvent('page');
    await page.keyboard.press('Shift+P');
    const presenter = await popup;
    await presenter.getByTestId('presenter-view').waitFor();
    // The same page, from its sub-path, with the session in the fragment.
    assert.match(presenter.url(), new RegExp(`^${env.site.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#presenter=[0-9a-f]{16}$`));
    await presenterAt(presenter, 1, 'the presenter opens on the stage’s step');
    assert.equal(await presenter.getByTestId('presenter-story').textContent(), text(saving.title));
    assert.match((await presenter.getByTestId('presenter-progress').innerText()).trim(), /^Step 1 of 4/);
    assert.match((await presenter.getByTestId('presenter-clock').innerText()).trim(), /\d{1,2}:\d{2}/);

    // The talk timer: stopped at 00:00, runs once started, holds when paused, back to 00:00 on reset.
    const elapsed = () => presenter.getByTestId('presenter-elapsed').innerText();
    assert.equal(await elapsed(), '00:00');
    await presenter.getByTestId('presenter-timer-toggle').click();
    await presenter.waitForFunction(() => document.querySelector('[data-testid="presenter-elapsed"]')?.textContent !== '00:00', undefined, { timeout: 60_000 });
    await presenter.getByTestId('presenter-timer-toggle').click();
    assert.equal(await presenter.getByTestId('presenter-timer').getAttribute('data-running'), 'false');
    const held = await elapsed();
    await presenter.waitForTimeout(1200);
    assert.equal(await elapsed(), held, 'a paused timer holds');
    await presenter.getByTestId('presenter-timer-reset').click();
    assert.equal(await elapsed(), '00:00');

    // PageDown on the stage: the presenter follows.
    await page.bringToFront();
    await page.keyboard.press('PageDown');
    await stageAt(2, 'PageDown on the stage');
    await presenterAt(presenter, 2, 'the presenter follows the stage');
    // The step's question is on the presenter too.
    assert.ok((await presenter.locator('.presenter__question').innerText()).includes(text('story.saving.2.q')));

    // PageDown in the presenter: the stage follows, and the presenter shows it.
    await presenter.bringToFront();
    await presenter.keyboard.press('PageDown');
    await stageAt(3, 'PageDown in the presenter window');
    await presenterAt(presenter, 3, 'the presenter shows the step the stage moved to');
    // Two quick presses move two steps; past the end nothing moves.
    await presenter.keyboard.press('PageUp');
    await presenter.keyboard.press('PageUp');
    await stageAt(1, 'two PageUp in the presenter');
    await presenterAt(presenter, 1, 'back at step 1');
    await presenter.getByTestId('presenter-next-button').click();
    await stageAt(2, 'the presenter’s Next button');
    await presenterAt(presenter, 2, 'after the Next button');

    // The last step: the presenter says the story ends.
    await page.bringToFront();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await stageAt(4, 'to the last step');
    await presenterAt(presenter, 4, 'the last step');

    // Leaving the story: the presenter says the stage shows none. On the stage the first Escape
    // shows the hidden chrome, the second leaves.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-chrome') === 'shown');
    await page.keyboard.press('Escape');
    await presenter.getByTestId('presenter-no-story').waitFor();
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a reloaded presenter window finds its stage again, and the header’s stage tools open it too', async () => {
    await open('#story=problem&step=2&present=1');
    await stageAt(2, 'the link opens step 2');
    await page.getByTestId('stage-tools').click();
    const popup = context.waitForEvent('page');
    await page.getByTestId('presenter-open').click();
    const presenter = await popup;
    await presenter.waitForFunction(() => document.querySelector('[data-testid="presenter-progress"]')?.getAttribute('data-step') === '2', undefined, { timeout: 60_000 });
    await presenter.reload();
    await presenter.waitForFunction(() => document.querySelector('[data-testid="presenter-progress"]')?.getAttribute('data-step') === '2', undefined, { timeout: 60_000 });
    assert.equal(await presenter.getByTestId('presenter-title').textContent(), text('story.problem.2.title'));
  });

  it('a browser without BroadcastChannel is told that the presenter view cannot follow the stage', async () => {
    await page.addInitScript('delete window.BroadcastChannel;');
    await open('#story=saving&step=1&present=1');
    await page.keyboard.press('Shift+P');
    const problem = page.getByTestId('presenter-problem');
    await problem.waitFor();
    assert.ok((await problem.innerText()).includes('BroadcastChannel'));
    assert.equal(context.pages().length, 1, 'no window was opened');
  });

  it('while L is held, a spotlight follows the pointer on the stage; it goes on key up, and never starts from a text box', async () => {
    await open('#story=mechanism&step=1&present=1');
    await page.mouse.move(500, 400);
    assert.equal(await page.getByTestId('spotlight').count(), 0);
    await page.keyboard.down('l');
    await page.getByTestId('spotlight').waitFor();
    const at = () => page.getByTestId('spotlight').evaluate((el) => [el.style.getPropertyValue('--spot-x'), el.style.getPropertyValue('--spot-y')]);
    assert.deepEqual(await at(), ['500px', '400px']);
    await page.mouse.move(700, 300);
    assert.deepEqual(await at(), ['700px', '300px']);
    // It dims the page but lets the pointer through.
    const style = await page.getByTestId('spotlight').evaluate((el) => ({ events: getComputedStyle(el).pointerEvents, bg: getComputedStyle(el).backgroundImage }));
    assert.equal(style.events, 'none');
    assert.match(style.bg, /radial-gradient/);
    await page.keyboard.up('l');
    await page.getByTestId('spotlight').waitFor({ state: 'detached' });
    // Typing an l in the seed box is typing.
    await page.getByTestId('field-seed').focus();
    await page.keyboard.down('l');
    await page.waitForTimeout(200);
    assert.equal(await page.getByTestId('spotlight').count(), 0);
    await page.keyboard.up('l');
  });

  it('the stage text size grows the stage’s text to 150 %, is kept on reload, and the step still fits 1280x720', async () => {
    await open('#story=mechanism&step=1&present=1');
    const title = page.getByTestId('stage').locator('.panel__title').first();
    await title.waitFor();
    const height = () => title.evaluate((el) => el.getBoundingClientRect().height);
    const before = await height();
    await page.getByTestId('stage-tools').click();
    await page.getByTestId('font-scale-150').check();
    await page.waitForFunction(() => document.documentElement.dataset.stageScale === '150');
    // The step has room to spare: the text grows by the whole 150 %.
    assert.equal(await settledZoom(page), 150);
    const after = await height();
    assert.ok(after / before > 1.4 && after / before < 1.6, `the title is ${before} px, then ${after} px`);
    await page.reload();
    await page.getByTestId('story-caption').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.stageScale === '150');
    assert.equal(await page.getByTestId('stage-tools').getAttribute('data-scale'), '150');
    await fits(page, 'mechanism step 1 at 150 %');
    // A full step (four cards) shrinks toward 100 % until it fits, and never below.
    await page.goto(`${env.site.url}#story=problem&step=2&present=1`);
    await page.getByTestId('story-caption').waitFor();
    await page.getByTestId('replica-card').first().waitFor();
    const zoom = await settledZoom(page);
    assert.ok(zoom >= 100 && zoom <= 150, `zoom ${zoom}`);
    await fits(page, `problem step 2 at 150 % (shown at ${zoom} %)`);
  });
});

/** The stage's zoom (%) once it has stayed the same for 1.5 s (the stage fits itself as its items arrive), within 30 s. */
async function settledZoom(page: Page): Promise<number> {
  let last = '';
  let since = Date.now();
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    const now = (await page.evaluate(() => document.documentElement.dataset.stageZoom)) ?? '';
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= 1500) break;
    await page.waitForTimeout(100);
  }
  return Number(last);
}

/** The focus view fits the window: the page and the stage's body do not scroll, and every item of the step is inside the window. */
async function fits(page: Page, where: string): Promise<void> {
  // Every item mounted (the page mounts panels a frame apart) and laid out, at its settled size.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-focus-item]')].every((el) => el.firstElementChild !== null && el.getBoundingClientRect().height > 0), undefined, { timeout: 30_000 });
  await settledZoom(page);
  const g = await page.evaluate(`(() => {
    const vh = innerHeight, vw = innerWidth;
    const body = document.querySelector('.app__body');
    const out = [];
    if (document.scrollingElement.scrollHeight > vh + 1) out.push('the page scrolls');
    if (body.scrollHeight > body.clientHeight + 1) out.push('the stage body scrolls: ' + body.scrollHeight + ' of ' + body.clientHeight);
    for (const el of document.querySelectorAll('[data-focus-item]')) {
      const b = el.getBoundingClientRect();
      if (b.height < 20 || b.top < -1 || b.bottom > vh + 1 || b.left < -1 || b.right > vw + 1) out.push('item ' + el.getAttribute('data-focus-item') + ' at ' + Math.round(b.top) + '-' + Math.round(b.bottom));
    }
    return out;
  })()`);
  assert.deepEqual(g, [], where);
}
