// Issue 19, point 3: the test ids of what a story step shows on the presentation stage (the
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
