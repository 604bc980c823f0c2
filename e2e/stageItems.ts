// The test ids of what a story step shows on the presentation stage (the
// focus view), shared by the browser tests that measure it.
import type { Page } from 'playwright-core';
import type { StoryStep } from '../src/stories';

const ITEM_IDS = { hash: 'hash-space', audit: 'ownership-audit', memory: 'memory-figures', flow: 'event-flow', timeline: 'timeline', handoff: 'handoff-report', lifecycle: 'lifecycle-summary' } as const;

/** The headline, and the test id of each item the step shows. */
export function stageIds(step: StoryStep): string[] {
  const ids = ['headline-ratio'];
  for (const item of step.show) {
    if (item.startsWith('chart:')) ids.push(`chart-${item.slice(6)}`);
    else if (item.startsWith('card:')) ids.push('replica-cards');
    else ids.push(ITEM_IDS[item as keyof typeof ITEM_IDS]);
  }
  return [...new Set(ids)];
}

/** The element with that test id on the stage (not its twin in the hidden sidebar). */
export const onStage = (page: Page, id: string) => page.locator(`[data-testid="stage"] [data-testid="${id}"]`).first();

/**
 * Resolves once the stage has settled: nothing on its way (no deferred render behind the
 * store, no canvas short of its last paint: src/ui/primitives/renderPending.ts) and the boxes of the
 * stage, its items and the caption unchanged over three animation frames (a playing run: the
 * boxes only); or after `maxMs`.
 * A condition, not a fixed sleep: on a quiet machine it takes a few frames, on a loaded one as
 * long as it takes.
 */
export async function stageSettled(page: Page, maxMs = 5_000): Promise<void> {
  // Plain JavaScript: a function from here would carry tsx's helpers into the page.
  await page.evaluate(`new Promise((done) => {
    const end = performance.now() + ${maxMs};
    // A playing run brings a new snapshot every frame: then only the boxes are waited on.
    const pending = () => {
      if (document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'true') return 0;
      const stage = document.querySelector('[data-testid="stage"]') ?? document;
      let n = stage.querySelectorAll('[data-render-pending]').length;
      for (const c of stage.querySelectorAll('canvas[data-paint-key]')) if (c.getAttribute('data-paint-key') !== c.getAttribute('data-painted-key')) n++;
      return n;
    };
    const boxes = () => [...document.querySelectorAll('[data-testid="stage"], [data-focus-item], [data-testid="caption-slot"]')]
      .map((el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(','); })
      .join(' ') + ' ' + scrollY;
    let last = '';
    let stable = 0;
    const tick = () => {
      const now = boxes();
      stable = pending() === 0 && now === last ? stable + 1 : 0;
      last = now;
      if (stable >= 3 || performance.now() > end) done(undefined);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
}

/**
 * Whether the story step shown is ready: its own run (not the run before it) at or past
 * `time` (the step's time), and the event it waits for has happened (no countdown). Until a
 * step's run is built and moved to its time the page shows the run before it under the new
 * caption, and the caption says `data-ready="false"`. For `page.waitForFunction`.
 */
export const STEP_READY = (time: number): boolean =>
  document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-ready') === 'true' &&
  Number(document.querySelector('[data-testid="timeline"]')?.getAttribute('data-time')) >= time - 0.01 &&
  !document.querySelector('[data-testid="story-countdown"]');
