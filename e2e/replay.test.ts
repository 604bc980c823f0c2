/**
 * A captured watch stream imported in the browser and replayed through both modes.
 * The import summary offers "Replay the stream"; the bandwidth panel then shows the replay,
 * labelled as such, with measured bytes and events per replica per mode. The figures are
 * checked against a count from first principles (FNV-1a 64 of each uid, equal ranges, every
 * BOOKMARK to every replica), at the end ("as fast as possible") and after the replica count
 * changes.
 */
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, type PageWatch } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');
const FIXTURE = join(import.meta.dirname, '..', 'tests', 'fixtures', 'import', 'watch-replay.json');

const fnv = (s: string): bigint => {
  let h = 0xcbf29ce484222325n;
  for (const b of Buffer.from(s, 'utf8')) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h;
};

/** Server-side bytes and events per replica for `n` equal uid ranges, and the stream's totals. */
function expected(n: number): { bytes: number[]; events: number[]; total: number; count: number } {
  const lines = readFileSync(FIXTURE, 'utf8').split('\n').filter((l) => l !== '');
  const bytes = new Array<number>(n).fill(0);
  const events = new Array<number>(n).fill(0);
  let total = 0;
  for (const line of lines) {
    const e = JSON.parse(line) as { type: string; object: { metadata: { uid?: string } } };
    const size = Buffer.byteLength(line);
    total += size;
    const to = e.type === 'BOOKMARK' ? [...Array(n).keys()] : [[...Array(n).keys()].find((i) => {
      const h = fnv(e.object.metadata.uid!);
      return h >= (BigInt(i) << 64n) / BigInt(n) && h < (BigInt(i + 1) << 64n) / BigInt(n);
    })!];
    for (const r of to) {
      bytes[r]! += size;
      events[r]!++;
    }
  }
  return { bytes, events, total, count: lines.length };
}

async function rows(page: Page, n: number) {
  const out: { client: number; clientEvents: number; server: number; serverEvents: number }[] = [];
  for (let i = 0; i < n; i++) {
    const row = page.getByTestId(`replay-row-${i}`);
    out.push({
      client: Number(await row.getAttribute('data-client-bytes')),
      clientEvents: Number(await row.getAttribute('data-client-events')),
      server: Number(await row.getAttribute('data-server-bytes')),
      serverEvents: Number(await row.getAttribute('data-server-events')),
    });
  }
  return out;
}

describe('replaying an imported watch stream', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(`${env.site.url}#state=${encodeURIComponent(JSON.stringify({ v: 2, p: { objects: 2000, namespaces: 8, replicas: 4 } }))}`);
    await page.getByTestId('replica-card').first().waitFor();
    await setPlaying(page, false);
  });

  it('the import summary offers “Replay the stream”; the replay shows measured bytes per replica in both modes', async () => {
    await page.getByTestId('import-open').click();
    await page.getByTestId('import-file').setInputFiles(FIXTURE);
    await page.getByTestId('import-summary').waitFor();
    assert.equal(await page.getByTestId('import-format').getAttribute('data-format'), 'watch-events');
    // A list is not a stream: the offer is only for streams (checked below with a list).
    await page.getByTestId('import-replay').click();
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' });
    const panel = page.getByTestId('replay-panel');
    await page.getByTestId('replay-row-0').waitFor({ timeout: 30_000 });
    assert.match((await panel.textContent()) ?? '', /Replay of the imported stream/);
    assert.match((await panel.textContent()) ?? '', /30 events of watch-replay\.json over 1:10\.0/);
    // It plays at its own pace from 0:00.0: the initial state (21 events) is there at once.
    const first = Number(await page.getByTestId('replay-progress').getAttribute('data-events'));
    assert.ok(first >= 21 && first <= 30, `events at the start: ${first}`);
    await page.screenshot({ path: join(tmpdir(), 'shardscope-replay-1x.png') });
    // At its own pace the stream's time moves on (the sample shown follows the page's clock).
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="replay-progress"]')?.getAttribute('data-time')) > 0);
    assert.equal(await panel.getAttribute('data-ended'), 'false');
    // Brought into view when it starts.
    assert.ok(await panel.evaluate((el) => el.getBoundingClientRect().top < innerHeight), 'the replay is in view');
    // As fast as possible: the end, and the figures of the whole stream.
    await page.getByTestId('segmented-replay-speed').getByText('As fast as possible').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="replay-panel"]')?.getAttribute('data-ended') === 'true');
    const want = expected(4);
    const got = await rows(page, 4);
    assert.deepEqual(got.map((r) => r.server), want.bytes);
    assert.deepEqual(got.map((r) => r.serverEvents), want.events);
    assert.deepEqual(got.map((r) => r.client), [want.total, want.total, want.total, want.total]);
    assert.deepEqual(got.map((r) => r.clientEvents), [30, 30, 30, 30]);
    const total = page.getByTestId('replay-total');
    assert.equal(Number(await total.getAttribute('data-client-bytes')), 4 * want.total);
    assert.equal(Number(await total.getAttribute('data-server-bytes')), want.bytes.reduce((a, b) => a + b, 0));
    const ratio = want.bytes.reduce((a, b) => a + b, 0) / (4 * want.total);
    assert.equal(await page.getByTestId('replay-ratio').textContent(), `${ratio.toFixed(2)}×`);
    assert.equal(await page.getByTestId('replay-progress').getAttribute('data-events'), '30');
    // Each replica's card shows its own line of the replay.
    const cards = page.getByTestId('card-replay');
    assert.equal(await cards.count(), 4);
    for (let i = 0; i < 4; i++) {
      assert.equal(Number(await cards.nth(i).getAttribute('data-server-bytes')), want.bytes[i]);
      assert.equal(Number(await cards.nth(i).getAttribute('data-client-bytes')), want.total);
    }
    await page.getByTestId('replica-card').first().screenshot({ path: join(tmpdir(), 'shardscope-replay-card.png') });
    assert.match((await cards.first().textContent()) ?? '', /^Replay of the imported stream: server-side .* \(\d+ events\), client-side .* \(30 events\), \d\.\d\d×$/);
    await page.screenshot({ path: join(tmpdir(), 'shardscope-replay-end.png') });

    // Another replica count: the stream is replayed again for the new layout.
    await page.getByTestId('field-replicas').fill('2');
    await page.getByTestId('field-replicas').press('Enter');
    await page.getByTestId('replay-row-1').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="replay-row-2"]') === null, undefined, { timeout: 30_000 });
    // 100×: the 70 s stream plays through to its end.
    await page.getByTestId('segmented-replay-speed').getByText('100×').click();
    // The restart is seen as it happens (at 100× the stream is over in 0.7 s, sooner than a
    // loaded machine's next look), then the end.
    await page.evaluate(() => {
      const w = window as unknown as { __replayRestarted: boolean };
      w.__replayRestarted = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="replay-panel"]')?.getAttribute('data-ended') === 'false') w.__replayRestarted = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ended'] });
    });
    await page.getByTestId('replay-restart').click();
    await page.waitForFunction(() => (window as unknown as { __replayRestarted: boolean }).__replayRestarted && document.querySelector('[data-testid="replay-panel"]')?.getAttribute('data-ended') === 'true', undefined, { timeout: 60_000 });
    const two = expected(2);
    assert.deepEqual((await rows(page, 2)).map((r) => r.server), two.bytes);
    // Hidden, and offered again from the import's bar.
    await page.getByTestId('replay-close').click();
    await page.getByTestId('replay-panel').waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('card-replay').count(), 0);
    await page.getByTestId('import-status-replay').click();
    await page.getByTestId('replay-row-0').waitFor();
    assert.deepEqual(watch.pageErrors, []);
  });

  it('a list is not a stream: no replay offered', async () => {
    await page.getByTestId('import-open').click();
    await page.getByTestId('import-file').setInputFiles(join(import.meta.dirname, '..', 'tests', 'fixtures', 'import', 'pods-kind.json'));
    await page.getByTestId('import-summary').waitFor();
    assert.equal(await page.getByTestId('import-replay').count(), 0);
    await page.getByTestId('import-confirm').click();
    await page.getByTestId('import-status').waitFor();
    assert.equal(await page.getByTestId('import-status-replay').count(), 0);
    assert.equal(await page.getByTestId('replay-panel').count(), 0);
  });
});
