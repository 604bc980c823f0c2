/**
 * Issue 20, section 1: importing a real cluster in the browser. A 50 MB file dropped on the
 * page is read in the worker with no long task on the page; a long import can be cancelled
 * and the cluster shown stays; a malformed file gives a located message and keeps the state;
 * the share link after an import carries the count only, never a uid or a name.
 */
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, type PageWatch } from './browser';
import { readLink } from '../src/state/link';

const DIST = join(import.meta.dirname, '..', 'dist');
const SECRET_NS = 'e2e-secret-ns';

/** A uid for item i (a lowercase UUID, as the importer wants). */
const uidOf = (i: number): string => `${(0x10000000 + i).toString(16)}-5e2e-4000-8000-${(0x100000000000 + i * 7919).toString(16)}`;

/** A small kubectl-style List, as a Buffer. */
function smallList(n: number): Buffer {
  const items = Array.from({ length: n }, (_, i) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `web-${i}`, namespace: `${SECRET_NS}-${i % 3}`, uid: uidOf(i) } }));
  return Buffer.from(JSON.stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, null, 4));
}

/**
 * Writes a kubectl-style List of about `mb` MB (pods padded to ~2 KB each) to a file on disk
 * and returns its path and item count. A file dragged from the desktop is backed by the disk:
 * one built in the page's memory would cost the page its own blob transfer tasks.
 */
function writeBigFile(mb: number): { path: string; items: number } {
  const pad = 'x'.repeat(1800);
  const parts: string[] = ['{\n    "apiVersion": "v1",\n    "items": [\n'];
  let bytes = 0;
  let n = 0;
  while (bytes < mb * 1e6) {
    const uid = `${(0x20000000 + n).toString(16)}-5e2e-4000-8000-${(0x100000000000 + n * 7919).toString(16)}`;
    const item = `${n > 0 ? ',\n' : ''}        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "big-${n}", "namespace": "big-ns-${n % 40}", "uid": "${uid}"}, "spec": {"note": "${pad}"}}`;
    parts.push(item);
    bytes += item.length;
    n++;
  }
  parts.push('\n    ],\n    "kind": "List",\n    "metadata": {"resourceVersion": ""}\n}\n');
  const path = join(tmpdir(), `shardscope-import-${mb}mb.json`);
  writeFileSync(path, parts.join(''));
  return { path, items: n };
}

/** Drops the file at `path` on the page, as a file dragged from the desktop (a disk-backed File). */
async function dropFile(page: Page, path: string, beforeDrop?: () => Promise<void>): Promise<void> {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'e2e-desktop';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#e2e-desktop').setInputFiles(path);
  await page.waitForTimeout(300);
  await beforeDrop?.();
  await page.evaluate(() => {
    const input = document.getElementById('e2e-desktop') as HTMLInputElement;
    const dt = new DataTransfer();
    dt.items.add(input.files![0]!);
    input.remove();
    document.body.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
}

async function recordLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __observing?: boolean };
    w.__longTasks = [];
    if (w.__observing) return;
    w.__observing = true;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
}

const liveCount = async (page: Page): Promise<number> => Number(await page.getByTestId('live-count').getAttribute('data-count'));

describe('importing a real cluster (issue 20)', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    await page.goto(`${env.site.url}#state=${encodeURIComponent(JSON.stringify({ v: 2, p: { objects: 2000, namespaces: 8 } }))}`);
    await page.getByTestId('replica-card').first().waitFor();
    await setPlaying(page, false);
    await page.waitForTimeout(300);
    before = await liveCount(page);
    assert.ok(before > 1000, `live count ${before}`);
  });
  /** The live objects when the page was paused (the generated cluster, after some churn). */
  let before = 0;

  it('reads a 50 MB file dropped on the page in the worker: no long task over 50 ms on the page', async () => {
    const { path, items: n } = writeBigFile(50);
    // On this shared 2-core VM (load often over 10) a lone style or GC pause can pass 50 ms
    // whatever the page does; a real regression shows in every read. So a read with long tasks
    // is reported and made once more, and the test fails only when the second has them too.
    const reads: number[][] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0) {
        await page.getByRole('button', { name: 'Close' }).click();
        await page.getByTestId('import-dialog').waitFor({ state: 'detached' });
      }
      await dropFile(page, path, () => recordLongTasks(page));
      await page.getByTestId('import-dialog').waitFor();
      await page.getByTestId('import-summary').waitFor({ timeout: 120_000 });
      const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
      reads.push(tasks.filter((d) => d > 50));
      if (reads[attempt]!.length === 0) break;
      console.log(`read ${attempt + 1}: long tasks of ${tasks.join(', ')} ms; reading once more`);
    }
    assert.deepEqual(reads[reads.length - 1], [], `long tasks in every read: ${JSON.stringify(reads)} ms`);
    assert.equal(await page.getByTestId('import-count').textContent(), n.toLocaleString('en-US'));
    assert.equal(await page.getByTestId('import-format').getAttribute('data-format'), 'json-list');
    // Not confirmed yet: the cluster shown is the one before.
    assert.equal(await liveCount(page), before);
    await page.getByTestId('import-confirm').click();
    await page.waitForFunction((k) => document.querySelector('[data-testid="live-count"]')?.getAttribute('data-count') === String(k), n, { timeout: 60_000 });
    await page.getByTestId('import-status').waitFor();
    assert.deepEqual(watch.pageErrors, []);
  });

  it('cancels a long import: the previous cluster stays', async () => {
    await dropFile(page, writeBigFile(150).path);
    await page.getByTestId('import-progress').waitFor();
    await page.getByTestId('import-cancel').click();
    await page.getByTestId('import-cancelled').waitFor();
    assert.equal(await page.getByTestId('import-progress').count(), 0);
    assert.equal(await page.getByTestId('import-summary').count(), 0);
    assert.equal(await page.getByTestId('import-confirm').isDisabled(), true);
    await page.waitForTimeout(1500);
    assert.equal(await page.getByTestId('import-summary').count(), 0, 'a cancelled read never reports');
    assert.equal(await liveCount(page), before);
    assert.equal(await page.getByTestId('import-status').count(), 0);
  });

  it('a malformed file: line, column, what was expected, the text around it; the state is kept', async () => {
    const good = smallList(10).toString('utf8');
    const cut = good.slice(0, good.indexOf('"web-7"') + 3); // inside item 7's name
    await page.getByTestId('import-open').click();
    await page.getByTestId('import-file').setInputFiles({ name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from(cut) });
    const error = page.getByTestId('import-error');
    await error.waitFor();
    const lines = cut.split('\n');
    const text = await error.textContent();
    assert.match(text ?? '', new RegExp(`line ${lines.length}, column ${lines[lines.length - 1]!.length + 1}`));
    assert.match(text ?? '', /expected a closing quote \("\), found the end of the file/);
    assert.match(text ?? '', /"name": "we/);
    // The items read before the cut are offered; nothing changed yet.
    assert.equal(await page.getByTestId('import-count').textContent(), '7');
    assert.equal(await liveCount(page), before);
    await page.getByRole('button', { name: 'Close' }).click();
    assert.equal(await liveCount(page), before);
    assert.equal(await page.getByTestId('import-status').count(), 0);
  });

  it('the share link after an import carries the count, no uid and no name; opened elsewhere it says so', async () => {
    await page.getByTestId('import-open').click();
    await page.getByTestId('import-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: smallList(300) });
    await page.getByTestId('import-summary').waitFor();
    await page.screenshot({ path: join(tmpdir(), 'shardscope-import-dialog.png') });
    await page.getByTestId('import-confirm').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="live-count"]')?.getAttribute('data-count') === '300');
    // The page writes the link after a pause.
    await page.waitForFunction(() => location.hash.length > 3, undefined, { timeout: 20_000 });
    let state: ReturnType<typeof readLink>['state'] = null;
    for (let i = 0; i < 60; i++) {
      state = readLink(await page.evaluate(() => location.hash)).state;
      if ((state?.params as { imported?: number } | undefined)?.imported === 300) break;
      await page.waitForTimeout(250);
    }
    assert.equal((state?.params as { imported?: number }).imported, 300);
    const carried = JSON.stringify(state);
    assert.ok(!carried.includes(SECRET_NS) && !carried.includes('web-1') && !carried.includes(uidOf(1)) && !carried.includes('5e2e'), carried.slice(0, 300));
    // Hidden names: no real namespace on the page.
    await page.getByTestId('import-status').getByRole('switch').check();
    await page.waitForFunction((ns) => !document.body.innerText.includes(ns) && document.querySelector('[data-testid="live-count"]')?.getAttribute('data-count') === '300', SECRET_NS);
    // Opened in a fresh page: a generated cluster of 300 objects, and the page says why.
    const hash = await page.evaluate(() => location.hash);
    const other = await freshPage(env, undefined);
    await other.page.goto(env.site.url + hash);
    await other.page.getByTestId('import-link-notice').waitFor();
    assert.match((await other.page.getByTestId('import-link-notice').textContent()) ?? '', /imported cluster of 300 objects/);
    // The generated cluster starts with 300 objects (churn changes the count once it plays).
    assert.equal((await other.page.getByTestId('field-objects').inputValue()).replace(/\D/g, ''), '300');
    await other.context.close();
  });
});
