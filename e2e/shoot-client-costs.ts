// Screenshots of the client choice and the costs at 1280x720, 1920x1080 and 150% zoom: the client choice,
// the API-server cost table, a (?) explanation with its sources, the LIST preview of a
// streaming replica and a paginated page, and the rollback story step.
// Run after a build: `npx vite build && node --import tsx e2e/shoot-client-costs.ts [outdir]`.
import { join } from 'node:path';
import { launch } from './browser';
import { serveStatic } from './server';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? '/tmp/shoot-client-costs';
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  for (const [name, viewport, scale] of [
    ['1280', { width: 1280, height: 720 }, 1],
    ['1920', { width: 1920, height: 1080 }, 1],
    ['150', { width: 853, height: 480 }, 1.5],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: scale, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(site.url + '#s=2.q64FAA');
    await page.getByTestId('replica-card').first().waitFor();
    await page.getByTestId('toggle-gate-0').first().click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/${name}-top.png` });
    await page.getByTestId('client-choice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/${name}-client.png` });
    await page.getByTestId('server-cost').scrollIntoViewIfNeeded();
    await page.getByTestId('explain-serverCost').click();
    await page.screenshot({ path: `${out}/${name}-cost.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('toggle-gate-0').first().click();
    const card = page.locator('[data-testid="replica-card"]').first();
    await card.getByTestId('list-preview').scrollIntoViewIfNeeded();
    await card.getByTestId('list-preview-kind-0-paged').check();
    await card.getByTestId('remaining-item-count').waitFor();
    await card.getByTestId('list-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/${name}-preview.png` });
    await page.getByTestId('lifecycle-summary').scrollIntoViewIfNeeded();
    await page.getByTestId('explain-watchCache').click();
    await page.screenshot({ path: `${out}/${name}-watchcache.png` });
    await page.goto(site.url + '#story=rollout&step=3');
    await page.getByTestId('story-caption').waitFor();
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `${out}/${name}-rollback.png` });
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
}
