/**
 * Long selectors and many ranges: the page takes them, shows what it should, and keeps
 * playing (the clock moves on by 4 simulated seconds). The many-ranges case also keeps the
 * boundary handles bounded. How long the page's tasks take with them is a benchmark
 * (`npm run bench -- --only responsive`), not a test.
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, waitUntil, type PageWatch } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');
const HANDLE_BIN_PX = 6;
/** Simulated seconds a case must play. */
const PLAYED_S = 4;
/** A hang guard only: a page that plays moves on by PLAYED_S in about that many seconds. */
const HANG_MS = 120_000;

/** Replica k of 64 gets every 64th of 64 x `per` equal pieces, as canonical text. */
function interleaved(per: number): string[] {
  const n = 64 * per;
  const hex = (i: number) => (i === n ? '0x10000000000000000' : '0x' + ((BigInt(i) << 64n) / BigInt(n)).toString(16).padStart(16, '0'));
  return Array.from({ length: 64 }, (_, k) =>
    Array.from({ length: per }, (_, i) => `shardRange(object.metadata.uid, '${hex(i * 64 + k)}', '${hex(i * 64 + k + 1)}')`).join(' || '),
  );
}

/**
 * `a.a.a…` of exactly `length` characters: a select chain the server rejects (HTTP 500, expression
 * kind 7). Its dots are not escaped in a link, so 64 of them at 9,999 characters fit in one
 * (`a&&a…` would triple in size as %26 and exceed the link limit).
 */
function dotChain(length: number): string {
  const s = 'a' + '.a'.repeat(Math.ceil(length / 2));
  return s.slice(0, length - (s[length - 1] === '.' ? 1 : 0)).padEnd(length, ' ');
}

/** `a&&a&&…` of exactly `length` characters: parses, and the API server rejects it (`_&&_`). */
function andChain(length: number): string {
  const s = 'a' + '&&a'.repeat(Math.ceil(length / 3));
  return s.slice(0, length - (s[length - 1] === '&' ? 2 : 0)).padEnd(length, ' ');
}

function link(p: Record<string, unknown>): string {
  return '#state=' + encodeURIComponent(JSON.stringify({ v: 2, p: { objects: 10_000, ...p }, w: { speed: 1 } }));
}

/** Simulated seconds shown by the header clock (m:ss.s). */
async function clockSeconds(page: Page): Promise<number> {
  const m = /(\d+):(\d+(?:\.\d+)?)\s*$/.exec((await page.getByTestId('clock').textContent()) ?? '');
  assert.ok(m, 'the clock shows a time');
  return Number(m[1]) * 60 + Number(m[2]);
}

describe('long selectors and many ranges', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  async function openReady(hash: string, replicas: number): Promise<void> {
    await page.goto(env.site.url + hash);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="replica-card"]').length === n && !document.querySelector('[data-testid="loading"]') && document.querySelector('[data-testid="play-toggle"]'),
      replicas,
      { timeout: 60_000, polling: 100 },
    );
  }

  /** Plays until the clock has moved on by PLAYED_S simulated seconds, then pauses. */
  async function plays(): Promise<void> {
    await setPlaying(page, true);
    const from = await clockSeconds(page);
    await page.waitForFunction(
      (at) => {
        const m = /(\d+):(\d+(?:\.\d+)?)\s*$/.exec(document.querySelector('[data-testid="clock"]')?.textContent ?? '');
        return m !== null && Number(m[1]) * 60 + Number(m[2]) >= at;
      },
      from + PLAYED_S,
      { timeout: HANG_MS, polling: 100 },
    ).catch(async (e: unknown) => {
      throw new Error(`the clock did not move on by ${PLAYED_S} s from ${from} s: it shows ${await clockSeconds(page)} s`, { cause: e });
    });
    await setPlaying(page, false);
  }

  it('a 99 kB a&&a&&… selector typed into a card: rejected with its request shown, and the page plays on', async () => {
    await openReady('', 4);
    await page.getByTestId('selector-input').first().fill(andChain(99_000));
    await page.getByTestId('rejection-message').first().waitFor({ timeout: 30_000 });
    await plays();
    assert.equal((await page.getByTestId('request-url').first().textContent())?.includes('shardSelector=a%26%26a%26%26a'), true);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('64 replicas with 9,999-character selectors from a link: taken whole, and the page plays', async () => {
    await openReady(link({ replicas: 64, selectors: Array.from({ length: 64 }, () => dotChain(9_999)) }), 64);
    await plays();
    assert.equal(await page.getByTestId('link-notice').count(), 0);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('64 replicas x 126 ranges from a link: bounded handles, and the page plays', async () => {
    await openReady(link({ replicas: 64, selectors: interleaved(126) }), 64);
    const boundaries = 64 * 126 - 1;
    const shown = () =>
      page.evaluate(
        () =>
          document.querySelectorAll('[data-testid="boundary-handle"]').length +
          [...document.querySelectorAll('[data-testid="boundary-group"]')].reduce((sum, e) => sum + Number(e.getAttribute('data-count')), 0),
      );
    // Every boundary is a handle or counted in a marker once the hash space is drawn: wait for
    // that, then say what was shown if it never was.
    await waitUntil(async () => (await shown()) === boundaries, 60_000).catch(() => undefined);
    assert.equal(await shown(), boundaries);
    const stage = await page.getByTestId('hash-space').locator('.hashspace__handles').boundingBox();
    const handles = await page.getByTestId('boundary-handle').count();
    const groups = await page.getByTestId('boundary-group').count();
    const nodes = await page.evaluate(() => document.querySelectorAll('*').length);
    console.log(`  64 x 126 ranges: ${handles} handles + ${groups} markers for ${boundaries} boundaries; ${nodes} DOM nodes`);
    assert.ok(handles + groups <= Math.ceil(stage!.width / HANDLE_BIN_PX) + 1, `${handles + groups} elements for a ${stage!.width} px stage`);
    await plays();
    assert.deepEqual(watch.pageErrors, []);
  });
});
