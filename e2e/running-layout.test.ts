import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, pauseAtSecond, useBuiltSite, type PageWatch, setPlaying, waitTime } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');
/** `SHARDSCOPE_SHOTS=dir` keeps a screenshot of the running layout being edited. */
const SHOTS = process.env.SHARDSCOPE_SHOTS ?? null;

/** A `#state=` link with these parameters (the rest take their defaults). */
const link = (p: Record<string, unknown>) => '#state=' + encodeURIComponent(JSON.stringify({ v: 2, p }));
const reshard = { kind: 'reshard', at: 2, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } };
const typed = "shardRange(object.metadata.uid, '0xc000000000000000', '0x10000000000000000')";

describe('editing selectors after a scheduled reshard fired', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  const cards = () => page.getByTestId('replica-card');

  it('edits replica 5 of the running layout; a step back before the reshard shows the 4 start editors again', async () => {
    await page.goto(env.site.url + link({ objects: 2_000, namespaces: 8, schedule: [reshard] }));
    await cards().first().waitFor();
    // Before the reshard (1 s in, however long a loaded machine took to get here): no note.
    await pauseAtSecond(page, 1);
    await page.getByTestId('running-layout-note').waitFor({ state: 'detached' });
    // Play past the reshard at 2 s.
    await setPlaying(page, true);
    await waitTime(page, 3, 1e9);
    await setPlaying(page, false);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 5);
    const note = page.getByTestId('running-layout-note');
    await note.waitFor();
    assert.match((await note.textContent()) ?? '', /Running layout after the reshard at 2 s \(5 replicas\): edits apply to it\. The start layout \(4 replicas\) is back when you step back before 2 s\./);

    // Replica 5's editor holds what replica 5 runs; typing into it changes what it requests.
    const typedAt = Number(await page.getByTestId('timeline').getAttribute('data-time'));
    const fifth = cards().nth(4);
    const input = fifth.getByTestId('selector-input');
    assert.equal(await input.inputValue(), "shardRange(object.metadata.uid, '0xcccccccccccccccc', '0x10000000000000000')");
    await input.fill(typed);
    await page.waitForFunction(
      (t) => document.querySelectorAll('[data-testid="replica-card"]')[4]?.querySelector('[data-testid="selector-canonical"]')?.textContent === t,
      typed,
    );
    const url = page.getByTestId('request-url').nth(4);
    await page.waitForFunction(() => decodeURIComponent(document.querySelectorAll('[data-testid="request-url"]')[4]?.textContent ?? '').includes('0xc000000000000000'));
    assert.match(decodeURIComponent((await url.textContent()) ?? ''), /shardSelector=shardRange\(object\.metadata\.uid,\+'0xc000000000000000',\+'0x10000000000000000'\)/);
    // The editor keeps what was typed (the model applied it), and the link carries it.
    await page.waitForTimeout(600);
    assert.equal(await input.inputValue(), typed);
    await page.waitForFunction(() => location.hash.length > 0);
    if (SHOTS) {
      await note.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: join(SHOTS, 'running-layout.png') });
    }

    // Step back before 2 s: the four editors of the start layout, no note.
    const track = page.getByTestId('timeline-track');
    await track.scrollIntoViewIfNeeded();
    const box = (await track.boundingBox())!;
    await page.mouse.click(box.x + 3, box.y + box.height / 2);
    await waitTime(page, 0, 1.99);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 4);
    assert.equal(await page.getByTestId('running-layout-note').count(), 0);
    assert.equal(await cards().nth(3).getByTestId('selector-input').inputValue(), "shardRange(object.metadata.uid, '0xc000000000000000', '0x10000000000000000')");

    // Forward again past the time it was typed: the typed layout is back.
    await setPlaying(page, true);
    await waitTime(page, typedAt + 0.5, 1e9);
    await setPlaying(page, false);
    assert.equal(await cards().count(), 5);
    await page.waitForFunction(
      (t) => (document.querySelectorAll('[data-testid="replica-card"]')[4]?.querySelector('[data-testid="selector-input"]') as HTMLTextAreaElement | null)?.value === t,
      typed,
    );
    assert.deepEqual(watch.pageErrors, []);
  });

  it('shows the apiserver message in place for an invalid selector typed into a running editor', async () => {
    await page.goto(env.site.url + link({ objects: 2_000, namespaces: 8, schedule: [reshard] }));
    await cards().first().waitFor();
    await setPlaying(page, true);
    await waitTime(page, 3, 1e9);
    await setPlaying(page, false);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="replica-card"]').length === 5);
    const fifth = cards().nth(4);
    await fifth.getByTestId('selector-input').fill("shardRange(object.metadata.uid, '0xABC', '0x10000000000000000')");
    await fifth.getByTestId('selector-error').waitFor();
    assert.match((await fifth.getByTestId('selector-error').textContent()) ?? '', /hexStart: invalid hex character "A" in "0xABC"/);
    await page.getByTestId('step').click();
    const rejection = fifth.getByTestId('rejection-message');
    await rejection.waitFor();
    assert.match((await rejection.textContent()) ?? '', /HTTP 500 invalid shard selector: hexStart: invalid hex character "A" in "0xABC"/);
    assert.deepEqual(watch.pageErrors, []);
  });
});
