// Issue 21, section 4: in Firefox (Debian's firefox-esr through puppeteer-core over WebDriver
// BiDi, as e2e/firefox.test.ts), Record video either records (frames go by; Cancel stops it and
// the page goes on) or says plainly that this browser cannot; it never fails silently.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { serveStatic, type StaticSite } from './server';

const DIST = join(import.meta.dirname, '..', 'dist');
// As in e2e/firefox.test.ts (imported from there, its whole suite would run here too).
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

describe('video out in Firefox (issue 21, section 4)', () => {
  let browser: Browser;
  let site: StaticSite;

  before(async () => {
    if (!existsSync(FIREFOX)) throw new Error(`Firefox not found at ${FIREFOX}: apt-get install -y firefox-esr`);
    site = await serveStatic(DIST);
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  it('records a story (frames go by, Cancel stops it) or says it cannot', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${site.url}#story=problem&step=1`);
    await page.waitForSelector('[data-testid="story-caption"]', { timeout: 60_000 });
    await page.click('[data-testid="share-menu"]');
    await page.click('[data-testid="export-video"]');
    await page.waitForSelector('[data-testid="video-progress"], [data-testid="video-unsupported"]', { timeout: 30_000 });
    const how = await page.evaluate(() => (typeof VideoEncoder === 'function' ? 'WebCodecs' : typeof MediaRecorder === 'function' ? 'MediaRecorder' : 'nothing'));
    console.log(`Firefox records with: ${how}`);
    if (await page.$('[data-testid="video-unsupported"]')) {
      assert.match(await page.$eval('[data-testid="video-unsupported"]', (e) => e.textContent ?? ''), /cannot record video/);
    } else {
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="video-progress"]')?.getAttribute('value')) > 0, { timeout: 60_000 });
      await page.click('[data-testid="video-cancel"]');
      await page.waitForSelector('[data-testid="video-cancelled"]', { timeout: 20_000 });
      await page.waitForFunction(() => document.querySelector('.video-stage') === null);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
