import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, waitUntil, type PageWatch } from './browser';
import { EXERCISES } from '../src/stories/exercises';
import { equalSplitSelectors } from '../src/state/selectors';

const DIST = join(import.meta.dirname, '..', 'dist');
/** `SHARDSCOPE_DOCS=1` writes the lab's screenshots into docs/; otherwise into a temporary folder. */
const SHOTS = process.env.SHARDSCOPE_DOCS ? join(import.meta.dirname, '..', 'docs') : mkdtempSync(join(tmpdir(), 'lab-shots-'));

/** The data-ok of every exercise-check, in order. */
async function checks(page: Page): Promise<string[]> {
  return page.getByTestId('exercise-check').evaluateAll((els) => els.map((e) => e.getAttribute('data-ok') ?? ''));
}

async function allChecksOk(page: Page, ms = 30_000): Promise<void> {
  await waitUntil(async () => {
    const c = await checks(page);
    return c.length > 0 && c.every((x) => x === 'true');
  }, ms);
}

/** Types into replica `i`'s selector box as a trainee does: select what is there, type anew. */
async function typeSelector(page: Page, i: number, text: string): Promise<void> {
  const box = page.locator(`[data-testid="replica-card"][data-replica="${i}"]`).getByTestId('selector-input');
  await box.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text, { delay: 0 });
}

async function openMenu(page: Page): Promise<void> {
  if ((await page.getByTestId('exercises-menu').getAttribute('aria-expanded')) !== 'true') await page.getByTestId('exercises-menu').click();
  await page.getByTestId('exercise-item').first().waitFor();
}

describe('the lab', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext | undefined;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  it('lists every exercise in the Exercises menu, done or not, and opens one', async () => {
    await page.goto(env.site.url);
    await openMenu(page);
    const items = page.getByTestId('exercise-item');
    assert.equal(await items.count(), EXERCISES.length);
    assert.deepEqual(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-done'))), EXERCISES.map(() => 'false'));
    await items.nth(2).click();
    await page.getByTestId('exercise-panel').waitFor();
    assert.equal(await page.getByTestId('exercise-panel').getAttribute('data-exercise'), EXERCISES[2]!.id);
    assert.equal(await page.getByTestId('exercise-check').count(), EXERCISES[2]!.check.length);
    await waitUntil(async () => page.evaluate(() => location.hash.includes('exercise=double-share')));
    assert.deepEqual(watch.pageErrors, []);
  });

  it('#exercise= opens the lab at that exercise, failing checks first', async () => {
    await page.goto(`${env.site.url}#exercise=rollout-cache-all`);
    await page.getByTestId('exercise-panel').waitFor();
    assert.equal(await page.getByTestId('exercise-panel').getAttribute('data-exercise'), 'rollout-cache-all');
    await waitUntil(async () => (await checks(page)).length === 3);
    // The start shows the problem: the answer is empty and replica-2 caches everything.
    await waitUntil(async () => (await checks(page))[0] === 'false' && (await checks(page))[2] === 'false');
    await page.goto(`${env.site.url}#exercise=no-such-exercise`);
    await page.getByTestId('link-notice').waitFor();
    assert.match(await page.getByTestId('link-notice').innerText(), /no-such-exercise/);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('solves "cover the space with three replicas" by typing, then reset brings the start back', async () => {
    await page.goto(`${env.site.url}#exercise=cover-three`);
    await page.getByTestId('exercise-panel').waitFor();
    await waitUntil(async () => (await checks(page)).includes('false'));
    await waitUntil(async () => (await page.getByTestId('selector-input').count()) === 3);
    const start = await page.getByTestId('selector-input').evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
    const want = equalSplitSelectors(3, 'object.metadata.uid');
    for (let i = 0; i < 3; i++) await typeSelector(page, i, want[i]!);
    await allChecksOk(page);
    await page.getByTestId('exercise-solved').waitFor();
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
      document.querySelector('.app__side')?.scrollTo(0, 0);
    });
    await page.screenshot({ path: join(SHOTS, 'lab-1280x720.png') });
    await page.getByTestId('exercise-reset').click();
    await waitUntil(async () => (await checks(page)).includes('false'));
    const after = await page.getByTestId('selector-input').evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
    assert.deepEqual(after, start);
    // Solved once: done in the menu, and still done after a reload (localStorage).
    await openMenu(page);
    assert.equal(await page.locator('[data-testid="exercise-item"][data-exercise="cover-three"]').getAttribute('data-done'), 'true');
    await page.reload();
    await page.getByTestId('exercise-panel').waitFor();
    await openMenu(page);
    assert.equal(await page.locator('[data-testid="exercise-item"][data-exercise="cover-three"]').getAttribute('data-done'), 'true');
    assert.equal(await page.locator('[data-testid="exercise-item"][data-exercise="refused-five"]').getAttribute('data-done'), 'false');
    // Reset everything forgets it.
    await page.getByTestId('lab-reset-all-menu').click();
    await openMenu(page);
    assert.equal(await page.locator('[data-testid="exercise-item"][data-exercise="cover-three"]').getAttribute('data-done'), 'false');
    assert.deepEqual(watch.pageErrors, []);
  });

  it('solves "find the replica that caches everything" by typing the answer and choosing a client', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${env.site.url}#exercise=rollout-cache-all`);
    await page.getByTestId('exercise-panel').waitFor();
    await waitUntil(async () => (await checks(page))[2] === 'false');
    // Hints one at a time.
    await page.getByTestId('exercise-hint-button').click();
    assert.equal(await page.getByTestId('exercise-hint').count(), 1);
    await page.getByTestId('exercise-hint-button').click();
    assert.equal(await page.getByTestId('exercise-hint').count(), 2);
    await page.getByTestId('exercise-answer').click();
    await page.keyboard.type('replica-2');
    await waitUntil(async () => (await checks(page))[0] === 'true');
    await page.getByTestId('client-checked').click();
    await allChecksOk(page);
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
      document.querySelector('.app__side')?.scrollTo(0, 0);
    });
    await page.screenshot({ path: join(tmpdir(), 'lab-1920x1080.png') });
    assert.deepEqual(watch.pageErrors, []);
  });

  it('opens an exercise file from disk, and names where a bad file is wrong without breaking the page', async () => {
    await page.goto(env.site.url);
    const dir = mkdtempSync(join(tmpdir(), 'lab-files-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{\n  "id": "mine",\n  "title": "x",\n  "check": [ { "kind": "replicas" "count": 3 } ]\n}\n');
    await openMenu(page);
    await page.getByTestId('lab-file-input').setInputFiles(bad);
    await page.getByTestId('lab-file-notice').waitFor();
    assert.match(await page.getByTestId('lab-file-notice').innerText(), /line 4, column 35/);
    const wrong = join(dir, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ id: 'mine', title: 'Mine', task: 'Do it', start: { params: { replicas: 2 } }, check: [{ kind: 'replicas', count: 'three' }], solution: {} }));
    await openMenu(page);
    await page.getByTestId('lab-file-input').setInputFiles(wrong);
    await waitUntil(async () => /check\[0\]\.count/.test(await page.getByTestId('lab-file-notice').innerText()));
    const good = join(dir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify({
        id: 'three-replicas',
        title: { en: 'Scale to three', 'zh-CN': '扩容到三个副本' },
        task: 'Scale to three replicas.',
        start: { params: { replicas: 2 } },
        check: [{ kind: 'replicas', count: 3 }, { kind: 'coverage' }],
        hints: ['The Replicas field.'],
        solution: { params: { replicas: 3 } },
      }),
    );
    await openMenu(page);
    await page.getByTestId('lab-file-input').setInputFiles(good);
    await page.locator('[data-testid="exercise-panel"][data-exercise="three-replicas"]').waitFor();
    assert.equal(await page.getByTestId('lab-file-notice').getAttribute('data-ok'), 'true');
    await waitUntil(async () => (await checks(page))[0] === 'false');
    await page.getByTestId('field-replicas').fill('3');
    await page.getByTestId('field-replicas').press('Enter');
    await allChecksOk(page);
    mkdirSync(SHOTS, { recursive: true });
    assert.deepEqual(watch.pageErrors, []);
  });
});
