// Screenshots of the presenter view for the README, at 1280x720: the presenter window
// beside a story step on the stage. Run after a build:
// `node --import tsx e2e/shoot-presenter.ts [outdir] [story] [step] [scale]` (default docs/, saving 2, 100).
import { join } from 'node:path';
import { launch } from './browser';
import { serveStatic } from './server';
import { resolveStep, storyById } from '../src/stories';
import { onStage, stageIds, STEP_READY } from './stageItems';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? join(root, 'docs');
const id = process.argv[3] ?? 'saving';
const n = Number(process.argv[4] ?? 2);
const scale = process.argv[5] ?? '100';
const lang = process.argv[6] ?? 'en';
const site = await serveStatic(process.env.DIST ?? join(root, 'dist'));
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript(`localStorage.setItem('shardscope.stageFontScale', '${scale}')`);
  const page = await context.newPage();
  const story = storyById(id)!;
  const r = resolveStep(story, n - 1)!;
  await page.goto(`${site.url}#story=${id}&step=${n}&present=1&lang=${lang}`);
  await page.waitForFunction(STEP_READY, r.time, { timeout: 90_000 });
  for (const tid of stageIds(story.steps[n - 1]!)) await onStage(page, tid).waitFor();
  await page.waitForTimeout(1500);
  // The stage too, when shooting elsewhere than docs/ (to look at a step at a text size).
  if (process.argv[2]) await page.screenshot({ path: join(out, `stage-${id}-${n}-${scale}-${lang}.png`) });
  const popup = context.waitForEvent('page');
  await page.keyboard.press('Shift+P');
  const presenter = await popup;
  await presenter.setViewportSize({ width: 1280, height: 720 });
  await presenter.getByTestId('presenter-notes').waitFor();
  await presenter.getByTestId('presenter-timer-toggle').click();
  await presenter.waitForTimeout(2300);
  await presenter.getByTestId('presenter-timer-toggle').click();
  await presenter.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await presenter.screenshot({ path: join(out, process.argv[2] ? `presenter-${id}-${n}-${lang}.png` : 'presenter-1280x720.png') });
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
