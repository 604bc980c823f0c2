// Screenshots at 1280x720, to look at: a gate-off card, the headline's
// "and N more problems" with the list it leads to, and a tall popover kept inside the window.
// Run after a build: `node --import tsx e2e/shoot-gate-off-problems.ts [outdir]` (default /tmp/shoot-gate-off-problems).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, setPlaying } from './browser';
import { serveStatic } from './server';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? '/tmp/shoot-gate-off-problems';
mkdirSync(out, { recursive: true });
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(site.url + '#story=rollout&step=1');
  await page.getByTestId('replica-card').first().waitFor();
  await page.waitForTimeout(4000);
  await setPlaying(page, false);
  const card = page.getByTestId('replica-card').first();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: join(out, 'card-gate-off.png') });

  await page.goto(site.url);
  await page.getByTestId('replica-card').first().waitFor();
  await page.locator('[data-testid="replica-card"][data-replica="0"]').getByTestId('selector-input').fill("shardRange(object.metadata.uid, start, '0x4000000000000000')");
  await page.locator('[data-testid="replica-card"][data-replica="1"]').getByTestId('selector-input').fill("shardRange(object.metadata.uid, '0x4000000000000000', '0xc000000000000000')");
  await setPlaying(page, true);
  await page.getByTestId('headline-more').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(3000);
  await setPlaying(page, false);
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: join(out, 'headline-more.png') });
  await page.getByTestId('headline-more').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, 'problem-list.png') });
  const shardInfo = page.getByTestId('explain-shardInfo').first();
  await shardInfo.scrollIntoViewIfNeeded();
  await shardInfo.click();
  await page.screenshot({ path: join(out, 'popover-shardinfo.png') });
  await page.keyboard.press('Escape');
  const rejection = page.getByTestId('rejection-message').first();
  await rejection.scrollIntoViewIfNeeded();
  await rejection.getByTestId('explain-kind3').click();
  await page.screenshot({ path: join(out, 'kind3-in-rejection.png') });
  await page.keyboard.press('Escape');
  const metrics = page.getByTestId('explain-metrics');
  await metrics.scrollIntoViewIfNeeded();
  await metrics.click();
  await page.screenshot({ path: join(out, 'metrics-popover.png') });
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
