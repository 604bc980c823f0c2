// The files the import browser tests drop on the page, and how they drop them
// (shared by e2e/import.test.ts and e2e/import-smooth.test.ts).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { setPlaying } from './browser';

/** A namespace no generated cluster has: the share link must never carry it. */
export const SECRET_NS = 'e2e-secret-ns';

/** A uid for item i (a lowercase UUID, as the importer wants). */
export const uidOf = (i: number): string => `${(0x10000000 + i).toString(16)}-5e2e-4000-8000-${(0x100000000000 + i * 7919).toString(16)}`;

/** A small kubectl-style List, as a Buffer. */
export function smallList(n: number): Buffer {
  const items = Array.from({ length: n }, (_, i) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `web-${i}`, namespace: `${SECRET_NS}-${i % 3}`, uid: uidOf(i) } }));
  return Buffer.from(JSON.stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, null, 4));
}

/**
 * Writes a kubectl-style List of about `mb` MB (pods padded to ~2 KB each) to a file on disk
 * and returns its path and item count. A file dragged from the desktop is backed by the disk:
 * one built in the page's memory would cost the page its own blob transfer tasks.
 */
export function writeBigFile(mb: number): { path: string; items: number } {
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
export async function dropFile(page: Page, path: string): Promise<void> {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'e2e-desktop';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#e2e-desktop').setInputFiles(path);
  await page.evaluate(() => {
    const input = document.getElementById('e2e-desktop') as HTMLInputElement;
    const dt = new DataTransfer();
    dt.items.add(input.files![0]!);
    input.remove();
    document.body.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
}

export const liveCount = async (page: Page): Promise<number> => Number(await page.getByTestId('live-count').getAttribute('data-count'));


/** Opens the site at `url` on a generated cluster of 2,000 objects, paused; returns its live objects then (the cluster an import must leave alone until confirmed). */
export async function openGenerated(page: Page, url: string): Promise<number> {
  await page.goto(`${url}#state=${encodeURIComponent(JSON.stringify({ v: 2, p: { objects: 2000, namespaces: 8 } }))}`);
  await page.getByTestId('replica-card').first().waitFor();
  await setPlaying(page, false);
  await page.waitForTimeout(300);
  const live = await liveCount(page);
  assert.ok(live > 1000, `live count ${live}`);
  return live;
}
