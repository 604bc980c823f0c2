// A story recorded to WebM in Chromium. A 2-step story file keeps the test
// short (8 s of video, 240 frames); the file is downloaded, read with a small EBML reader and
// held to the schedule: 1920x1080, one block per frame, each at i/30 s. A second recording of
// the same story draws the same frames, until Cancel stops it and leaves the page usable. The
// MediaRecorder fallback records the first step alone (4 s).
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, waitUntil, type PageWatch, downloadBytes } from './browser';
import { readWebm } from './webm';
import { frameSchedule, readingSeconds, VIDEO_FPS } from '../src/ui/export/video/schedule';

const DIST = join(import.meta.dirname, '..', 'dist');

/** Two short steps: one that plays (the model moves 1/30 s a frame), one paused. */
const STORY = {
  kind: 'story',
  id: 'video-test',
  title: { en: 'Two steps on video', 'zh-CN': '两步视频' },
  base: { params: { objects: 2000, replicas: 3 }, view: { speed: 1 } },
  steps: [
    { title: 'It moves', narration: 'The run plays for four seconds.', focus: 'hash-space', show: ['hash', 'chart:received'], playing: true, at: 5 },
    { title: 'It stops', narration: 'The run holds still.', focus: 'replica-cards', show: ['card:owned', 'card:events'], playing: false, at: 5 },
  ],
};

/** The first step alone: the shortest video a story makes (a step is read for 4 s at least). */
const ONE_STEP = { ...STORY, steps: STORY.steps.slice(0, 1) };

/** The frames of the second recording compared with the first before Cancel stops it: the playing step's 120 and the first of the paused one's. */
const COMPARED = 125;

async function openStoryFile(page: Page, story: object = STORY): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'video-'));
  const file = join(dir, 'video-test.json');
  writeFileSync(file, JSON.stringify(story));
  if ((await page.getByTestId('exercises-menu').getAttribute('aria-expanded')) !== 'true') await page.getByTestId('exercises-menu').click();
  await page.getByTestId('lab-file-input').setInputFiles(file);
  await page.locator('[data-testid="story-caption"][data-story="video-test"]').waitFor({ timeout: 30_000 });
}

async function openShareMenu(page: Page): Promise<void> {
  if ((await page.getByTestId('share-menu').getAttribute('aria-expanded')) !== 'true') await page.getByTestId('share-menu').click();
}

describe('video out', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext | undefined;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
  });

  it('records a 2-step story to a 1920x1080 WebM whose frames follow the schedule, draws the same frames recording it again (the pixels handed to the encoder), and stops on Cancel, saving nothing and leaving the page usable', async () => {
    // Every frame given to the encoder is hashed from the canvas it is made of (FNV-1a over its
    // 32-bit pixels, in 20 horizontal bands, so a failure says where). A string, so that nothing
    // named needs a helper the page does not have.
    await page.addInitScript(`
      (() => {
        const Original = window.VideoFrame;
        if (typeof Original !== 'function') return;
        window.__frameHashes = [];
        window.VideoFrame = class extends Original {
          constructor(source, init) {
            super(source, init);
            if (source instanceof HTMLCanvasElement) {
              const px = new Uint32Array(source.getContext('2d').getImageData(0, 0, source.width, source.height).data.buffer);
              const bands = [];
              const per = px.length / 20;
              for (let b = 0; b < 20; b++) {
                let h = 0x811c9dc5;
                for (let i = b * per; i < (b + 1) * per; i++) h = Math.imul(h ^ px[i], 0x01000193);
                bands.push(h >>> 0);
              }
              window.__frameHashes.push(bands.join(','));
            }
          }
        };
      })();
    `);
    await page.goto(env.site.url);
    await openStoryFile(page);
    const runs: string[][] = [];
    let downloads = 0;
    page.on('download', () => downloads++);
    // The first recording, whole: the file.
    await openShareMenu(page);
    // About 40 s a recording on a quiet machine, 50 s on a loaded one; over 120 s at SHARDSCOPE_CPU_THROTTLE=3.
    const downloaded = page.waitForEvent('download', { timeout: 300_000 });
    await page.getByTestId('export-video').click();
    await page.getByTestId('video-progress').waitFor();
    const download = await downloaded;
    runs.push(await page.evaluate(() => (window as unknown as { __frameHashes: string[] }).__frameHashes.splice(0)));
    await page.getByTestId('video-done').waitFor();
    // The file: its name, size, one block per frame at i/30 s, the schedule's duration.
    assert.equal(download.suggestedFilename(), 'shardscope-video-test-en.webm');
    const facts = readWebm(new Uint8Array(await downloadBytes(download)));
    // The schedule, from first principles: 2 s + 6 words at 180 a minute = 4 s (the minimum), twice.
    const seconds = STORY.steps.map((step) => readingSeconds(step.narration, 'en'));
    assert.deepEqual(seconds, [4, 4]);
    const schedule = frameSchedule(seconds.map((sec) => ({ seconds: sec, at: 5, playing: true, speed: 1 })));
    assert.equal(schedule.total, 240);
    assert.equal(facts.docType, 'webm');
    assert.deepEqual([facts.pixelWidth, facts.pixelHeight], [1920, 1080]);
    assert.equal(facts.blockTimes.length, schedule.total);
    // Frame i at i/30 s (to the file's 1 ms timecodes); the duration is the schedule's.
    facts.blockTimes.forEach((t, k) => assert.ok(Math.abs(t - k / VIDEO_FPS) <= 0.0006, `frame ${k} at ${t} s`));
    assert.ok(facts.duration !== null && Math.abs(facts.duration - schedule.duration) < 0.01, `duration ${facts.duration}`);
    assert.ok(facts.keyframes >= 4, `${facts.keyframes} keyframes`);
    assert.match(await page.getByTestId('video-done').innerText(), /Video saved: 8 s, 1920 × 1080 at 30 fps/);
    await page.getByTestId('video-close').click();
    assert.equal(runs[0]!.length, 240);
    // And the frames do change while the first step plays (the model moves), and not in the paused one.
    assert.ok(new Set(runs[0]!.slice(0, 120)).size > 60);
    assert.equal(new Set(runs[0]!.slice(121)).size, 1);

    // The second recording draws the same frames: compared through the playing step and into
    // the paused one (the frames that could differ), then Cancel stops it.
    // Closing the last video's panel (a click outside the menu) closed the menu.
    await openShareMenu(page);
    await page.getByTestId('export-video').click();
    await page.getByTestId('video-progress').waitFor();
    await waitUntil(async () => (await page.evaluate(() => (window as unknown as { __frameHashes: string[] }).__frameHashes.length)) >= COMPARED, 300_000);
    await page.getByTestId('video-cancel').click();
    await page.getByTestId('video-cancelled').waitFor({ timeout: 30_000 });
    runs.push(await page.evaluate(() => (window as unknown as { __frameHashes: string[] }).__frameHashes.splice(0)));
    const band = (a: string, b: string) => a.split(',').flatMap((h, k) => (h === b.split(',')[k] ? [] : [k]));
    const differ = runs[0]!.slice(0, COMPARED).flatMap((h, i) => (h === runs[1]![i] ? [] : [`${i} (bands ${band(h, runs[1]![i]!).join('/')})`]));
    assert.deepEqual(differ, [], `frames that differ: ${differ.join(' ')}`);
    // Cancelled: the off-screen stage is gone, nothing more was saved, and the page's story moves on as before.
    await waitUntil(async () => (await page.locator('.video-stage').count()) === 0);
    assert.equal(downloads, 1);
    await page.getByTestId('story-next').click();
    await page.locator('[data-testid="story-caption"][data-step="2"]').waitFor();
    assert.equal(await page.getByTestId('export-video').isEnabled(), true);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('falls back to MediaRecorder (captureStream + requestFrame) where WebCodecs is missing: a 1920x1080 WebM that plays for a while', async () => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'VideoEncoder', { value: undefined });
    });
    await page.goto(env.site.url);
    await openStoryFile(page, ONE_STEP);
    await openShareMenu(page);
    const downloaded = page.waitForEvent('download', { timeout: 300_000 });
    await page.getByTestId('export-video').click();
    const facts = readWebm(new Uint8Array(await downloadBytes(await downloaded)));
    assert.deepEqual([facts.pixelWidth, facts.pixelHeight], [1920, 1080]);
    // The recorder's own clock (paused while a frame is drawn, and not exact about it), and a
    // busy machine may drop frames: only frames of the right size and a non-zero length are asserted.
    const last = facts.blockTimes[facts.blockTimes.length - 1] ?? 0;
    assert.ok(facts.blockTimes.length > 0 && last > 0, `${facts.blockTimes.length} blocks, last at ${last} s`);
    console.log(`MediaRecorder fallback: ${facts.blockTimes.length} of 120 frames, last at ${last.toFixed(3)} s`);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('says plainly when the browser cannot record, and records nothing', async () => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'VideoEncoder', { value: undefined });
      Object.defineProperty(window, 'MediaRecorder', { value: undefined });
    });
    await page.goto(env.site.url);
    await openStoryFile(page);
    await openShareMenu(page);
    await page.getByTestId('export-video').click();
    await page.getByTestId('video-unsupported').waitFor();
    assert.match(await page.getByTestId('video-unsupported').innerText(), /cannot record video/);
    assert.equal(await page.locator('.video-stage').count(), 0);
    assert.deepEqual(watch.pageErrors, []);
  });
});
