// Screenshot of a gate-off replica's LIST preview at 1280x720, for docs/list-preview-gate-off.png.
// Run after a build: `npx vite build && node --import tsx e2e/shoot-list-preview.ts`.
import { join } from 'node:path';
import { launch } from './browser';
import { serveStatic } from './server';

const root = join(import.meta.dirname, '..');
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(site.url);
  await page.getByTestId('replica-card').first().waitFor();
  const field = page.getByTestId('field-apiServers');
  await field.fill('2');
  await field.press('Enter');
  await page.getByTestId('toggle-gate-1').click();
  await page.getByTestId('client-checked').check();
  const card = page.locator('[data-testid="replica-card"][data-replica="1"]');
  await card.getByTestId('badge-fallback').waitFor();
  // The preview fetches its body only once on screen: bring it into the viewport first.
  await card.getByTestId('list-preview').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await card.getByTestId('list-kept').waitFor({ state: 'attached' });
  // Once filled, scroll again so the preview's last line sits at the bottom of the window.
  await card.getByTestId('list-preview').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await page.evaluate(() => window.scrollBy(0, 24));
  await page.screenshot({ path: join(root, 'docs', 'list-preview-gate-off.png') });
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
