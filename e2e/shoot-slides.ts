// The README's slide, as the export makes it (not a screenshot): step 2 of
// "The problem" exported from the share menu at 1920x1080, from a 1280x720 window.
// Run after a build: `node --import tsx e2e/shoot-slides.ts [outdir]` (default docs/).
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from './browser';
import { STEP_READY } from './stageItems';
import { serveStatic } from './server';
import { resolveStep, storyById } from '../src/stories';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? join(root, 'docs');
const [id, n] = [process.argv[3] ?? 'problem', Number(process.argv[4] ?? 2)];
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
  const page = await context.newPage();
  const r = resolveStep(storyById(id)!, n - 1)!;
  await page.goto(`${site.url}#story=${id}&step=${n}&present=1`);
  await page.waitForFunction(STEP_READY, r.time, { timeout: 90_000 });
  await page.waitForTimeout(1500);
  await page.getByTestId('share-menu').click();
  const pending = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('export-slide').click();
  const d = await pending;
  copyFileSync((await d.path())!, join(out, 'deck-step-1920x1080.png'));
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
