// Screenshots of the "your cluster" panel: owner lookup with its marker on the hash
// space, balanced ranges on a namespace-keyed cluster, and the code to take away, at 1280x720.
// Run after a build: `npx vite build && node --import tsx e2e/shoot-your-cluster.ts [outdir]`.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, setPlaying } from './browser';
import { serveStatic } from './server';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? tmpdir();
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(site.url + (process.env.SHOT_LANG ? `?lang=${process.env.SHOT_LANG}` : ''));
  await page.getByTestId('replica-card').first().waitFor();
  await setPlaying(page, false);
  await page.getByTestId('your-cluster-open').click();
  await page.getByTestId('owner-lookup-input').fill('52fdfc07-2182-454f-963f-5f0f9a621d72');
  await page.getByTestId('owner-lookup-submit').click();
  await page.getByTestId('owner-lookup-result').waitFor();
  await page.getByTestId('hash-space').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, 140));
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(out, 'your-cluster-lookup.png') });
  await page.getByTestId('shardKey-object.metadata.namespace').check({ force: true });
  await page.waitForTimeout(1500);
  await page.getByTestId('your-cluster-tab-balance').click();
  await page.getByTestId('balance-ranges').click();
  await page.getByTestId('balance-result').waitFor();
  await page.getByTestId('your-cluster').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, 'your-cluster-balance.png') });
  await page.getByTestId('your-cluster-tab-code').click();
  await page.waitForTimeout(300);
  await page.getByTestId('your-cluster').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(out, 'your-cluster-code.png') });
} finally {
  await browser.close();
  await site.close();
}
