/**
 * Playing at the defaults with the event flow on screen: the flow draws its marks and the page
 * raises no error. Apart from e2e/flow.test.ts, which reads the flow paused at set times; how
 * long the page's tasks take meanwhile is a benchmark (`npm run bench -- --only responsive`).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { freshPage, setPlaying, useBuiltSite } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('the event flow plays', () => {
  const env = useBuiltSite(DIST);

  it('draws its marks while playing at the defaults with the flow on screen', async () => {
    const { context, page, watch } = await freshPage(env);
    try {
      await page.goto(env.site.url);
      const flow = page.getByTestId('event-flow');
      await flow.waitFor({ timeout: 30_000 });
      await page.getByTestId('flow-box').first().waitFor();
      await flow.scrollIntoViewIfNeeded();
      await setPlaying(page, true);
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="event-flow"]')?.getAttribute('data-flow-marks')) > 0, undefined, { timeout: 60_000 });
      assert.ok(await flow.isVisible());
      assert.equal(await page.getByTestId('play-toggle').getAttribute('aria-pressed'), 'true');
      assert.deepEqual(watch.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
