// A screenshot of the timeline once a 1,000,000-object run has outrun its step-back
// checkpoints (docs/timeline-reach.png): the hatched stretch replays from the start; then a
// click in it, with the banner saying so (timeline-reach-replaying.png in the temporary folder).
// Run after a build: `npx vite build && node --import tsx e2e/shoot-timeline.ts` (a few minutes).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, setPlaying } from './browser';
import { serveStatic } from './server';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? join(root, 'docs', 'timeline-reach.png');
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(site.url + '#state=' + encodeURIComponent(JSON.stringify({ v: 1, p: { objects: 1_000_000 }, w: { speed: 16 } })));
  await page.getByTestId('timeline').waitFor();
  await setPlaying(page, true);
  await page.getByTestId('timeline-slow').waitFor({ timeout: 15 * 60_000 });
  await page.waitForTimeout(20_000);
  await setPlaying(page, false);
  await page.waitForTimeout(1_000);
  await page.screenshot({ path: out });
  console.log(await page.getByTestId('timeline').getAttribute('data-time'), await page.getByTestId('timeline-slow').getAttribute('data-until'));
  // A click inside the hatched stretch: the page says the run replays from the start.
  const track = await page.getByTestId('timeline-track').boundingBox();
  if (track) {
    await page.mouse.click(track.x + track.width * 0.05, track.y + track.height / 2);
    await page.getByTestId('replaying').waitFor({ timeout: 5_000 });
    await page.screenshot({ path: join(tmpdir(), 'timeline-reach-replaying.png') });
    const t0 = Date.now();
    await page.getByTestId('replaying').waitFor({ state: 'detached', timeout: 120_000 });
    console.log('replayed to', await page.getByTestId('timeline').getAttribute('data-time'), 'in', Date.now() - t0, 'ms after the banner showed');
  }
} finally {
  await browser.close();
  await site.close();
}
