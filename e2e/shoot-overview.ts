// Screenshots of the normal page at 1280x720 (docs/screenshot-1280x720.png) and of presentation
// mode at 1280x720 with 150% zoom (docs/presentation-150.png) in the middle of a story step.
// Run after a build: `npx vite build && node --import tsx e2e/shoot-overview.ts`.
import { join } from 'node:path';
import { launch } from './browser';
import { serveStatic } from './server';

const root = join(import.meta.dirname, '..');
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const normal = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const page = await normal.newPage();
  await page.goto(site.url + '#s=2.q64FAA');
  await page.getByTestId('replica-card').first().waitFor();
  const play = page.getByTestId('play-toggle');
  if ((await play.getAttribute('aria-pressed')) !== 'true') await play.click();
  await page.waitForTimeout(12_000);
  await page.screenshot({ path: join(root, 'docs', 'screenshot-1280x720.png') });
  await normal.close();

  const zoomed = await browser.newContext({ viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5, reducedMotion: 'reduce' });
  const stage = await zoomed.newPage();
  await stage.goto(site.url + '#story=mechanism&step=1');
  await stage.getByTestId('story-caption').waitFor();
  await stage.keyboard.press('p');
  await stage.getByTestId('stage').waitFor();
  // Let the model run, so the charts have lines to compare.
  const go = stage.getByTestId('play-toggle');
  if ((await go.getAttribute('aria-pressed')) !== 'true') await go.click();
  await stage.waitForTimeout(10_000);
  await stage.screenshot({ path: join(root, 'docs', 'presentation-150.png') });
  await zoomed.close();
} finally {
  await browser.close();
  await site.close();
}
