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
  // SHOT_VIEWPORT=853x480@1.5 for 1280x720 at 150% zoom; SHOT_LANG=zh-CN for the Chinese page.
  const [, w, h, scale] = /^(\d+)x(\d+)(?:@([\d.]+))?$/.exec(process.env.SHOT_VIEWPORT ?? '1280x720') ?? [];
  const ctx = await browser.newContext({ viewport: { width: Number(w ?? 1280), height: Number(h ?? 720) }, deviceScaleFactor: Number(scale ?? 1), reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(site.url + (process.env.SHOT_LANG ? `?lang=${process.env.SHOT_LANG}` : '') + '#state=' + encodeURIComponent(JSON.stringify({ v: 2, p: { objects: 1_000_000 }, w: { speed: 16 } })));
  await page.getByTestId('timeline').waitFor();
  await setPlaying(page, true);
  await page.getByTestId('timeline-slow').waitFor({ timeout: 15 * 60_000 });
  await page.waitForTimeout(20_000);
  await setPlaying(page, false);
  // A narrow page stacks the parameters above the model: bring the timeline into view.
  await page.getByTestId('timeline').scrollIntoViewIfNeeded();
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
