// A syntax error in a selector, in a browser: the model that words it as cel-go does (ANTLR's
// runtime and the parser generated from CEL's grammar) is a chunk of its own, fetched only when
// the first syntax error needs it, by the page and by the Web Worker; the single file carries
// it inlined and works from file:// with no request.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { useBuiltSite, watchPage } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');
const SINGLE = join(import.meta.dirname, '..', 'dist-single', 'shardscope.html');

const BAD = 'shardRange(object.metadata.uid,';
const CEL_GO =
  "CEL parse error: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";

/** Types the bad selector into replica 0's editor; returns its error line and, once applied, the card's HTTP 500 message. */
async function typeBadSelector(page: Page): Promise<{ editor: string; server: string }> {
  const card = page.locator('[data-testid="replica-card"][data-replica="0"]');
  await card.getByTestId('selector-input').fill(BAD);
  const error = card.getByTestId('selector-error');
  await error.waitFor({ timeout: 30_000 });
  const message = card.getByTestId('rejection-message');
  await message.waitFor({ timeout: 60_000 });
  return { editor: (await error.textContent()) ?? '', server: (await message.textContent()) ?? '' };
}

describe('a syntax error, worded by the model loaded on demand', () => {
  const env = useBuiltSite(DIST);

  it('is not fetched at start-up; the first syntax error fetches it, and the editor and the worker give cel-go’s message', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    const page = await context.newPage();
    const watch = watchPage(page, env.site.origin);
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
    // The run has started (the worker answered) and nothing asked for the model.
    await page.waitForFunction(() => document.querySelector('[data-testid="clock"]') !== null);
    const model = () => requests.filter((u) => /\/recognizer-[\w-]+\.js$/.test(u));
    assert.deepEqual(model(), []);

    const { editor, server } = await typeBadSelector(page);
    assert.equal(editor, CEL_GO);
    assert.match(server, new RegExp(`invalid shard selector: ${CEL_GO.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.equal(await page.getByTestId('selector-error-pending').count(), 0);
    // Fetched now, from the site itself, by the page and by the worker (two builds of one chunk).
    assert.ok(model().length >= 1, requests.join('\n'));
    assert.ok(model().every((u) => u.startsWith(env.site.origin)));
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
    assert.deepEqual(watch.foreignRequests, []);
    await context.close();
  });

  it('from the single file on file://: the same message, with no request but the file and the worker’s blob:', async () => {
    assert.ok(existsSync(SINGLE), 'dist-single/shardscope.html is built (npm run build:single)');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    const page = await context.newPage();
    const watch = watchPage(page, 'file://');
    await page.goto(pathToFileURL(SINGLE).href);
    await page.getByTestId('replica-card').first().waitFor();
    const { editor, server } = await typeBadSelector(page);
    assert.equal(editor, CEL_GO);
    assert.ok(server.includes(CEL_GO), server);
    assert.deepEqual(
      requests.filter((u) => !u.startsWith('file://') && !u.startsWith('blob:')),
      [],
    );
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
    await context.close();
  });
});
