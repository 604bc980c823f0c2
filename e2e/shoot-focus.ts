// Screenshots of the focus view for the README, at 1280x720: a step about the cards and
// a step about a chart and a report; and a card step at 150% zoom (853x480 CSS px). Run after a build: `node --import tsx e2e/shoot-focus.ts [outdir]`
// (default docs/).
import { join } from 'node:path';
import { launch } from './browser';
import { serveStatic } from './server';
import { resolveStep, storyById } from '../src/stories';
import { onStage, stageIds, STEP_READY } from './stageItems';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? join(root, 'docs');
const SHOTS = [
  ['problem', 2, 'focus-cards-1280x720.png'],
  ['resharding', 4, 'focus-relists-1280x720.png'],
] as const;
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  for (const [id, n, file] of SHOTS) {
    const story = storyById(id)!;
    const r = resolveStep(story, n - 1)!;
    await page.goto(`${site.url}#story=${id}&step=${n}&present=1`);
    await page.waitForFunction(STEP_READY, r.time, { timeout: 90_000 });
    for (const tid of stageIds(story.steps[n - 1]!)) await onStage(page, tid).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(out, file) });
  }
  await context.close();
  // A card step on a 1280x720 screen at 150% zoom (853x480 CSS px).
  const zoomed = await browser.newContext({ viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 });
  const small = await zoomed.newPage();
  {
    const story = storyById('problem')!;
    const r = resolveStep(story, 2)!;
    await small.goto(`${site.url}#story=problem&step=3&present=1`);
    await small.waitForFunction(STEP_READY, r.time, { timeout: 90_000 });
    for (const tid of stageIds(story.steps[2]!)) await onStage(small, tid).waitFor();
    await small.waitForTimeout(1500);
    await small.screenshot({ path: join(out, 'focus-cards-150.png') });
  }
  await zoomed.close();
} finally {
  await browser.close();
  await site.close();
}
