// Screenshots of the replay of an imported watch stream at 1280x720: the import
// summary with "Replay the stream", and the replay at its end in the bandwidth panel.
// Run after a build: `npx vite build && node --import tsx e2e/shoot-replay.ts [outdir]`
// (SHOT_LANG=zh-CN for the Chinese page).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, setPlaying } from './browser';
import { serveStatic } from './server';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? tmpdir();
const lang = process.env.SHOT_LANG ?? 'en';
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(`${site.url}?lang=${lang}`);
  await page.getByTestId('replica-card').first().waitFor();
  await setPlaying(page, false);
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-file').setInputFiles(join(root, 'tests', 'fixtures', 'import', 'watch-replay.json'));
  await page.getByTestId('import-summary').waitFor();
  await page.screenshot({ path: join(out, `replay-dialog-${lang}.png`) });
  await page.getByTestId('import-replay').click();
  await page.getByTestId('replay-row-0').waitFor();
  await page.getByTestId('segmented-replay-speed').locator('label').last().click();
  await page.waitForFunction(() => document.querySelector('[data-testid="replay-panel"]')?.getAttribute('data-ended') === 'true');
  await page.getByTestId('replay-panel').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, `replay-panel-${lang}.png`) });
} finally {
  await browser.close();
  await site.close();
}
