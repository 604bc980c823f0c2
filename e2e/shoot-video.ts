// Records a story to WebM through the page, as a reader does, and writes
// the video and a few of its frames as PNG (decoded by the browser's own <video>) to look at.
// Run after a build: `node --import tsx e2e/shoot-video.ts [story] [outdir] [lang]`
// (defaults: problem, a temporary folder, en).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadBytes, launch } from './browser';
import { serveStatic } from './server';
import { readWebm } from './webm';
import { readFileSync } from 'node:fs';
import { storyById } from '../src/stories';
import { storySchedule } from '../src/ui/export/video/storySchedule';

const root = join(import.meta.dirname, '..');
const id = process.argv[2] ?? 'problem';
const out = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'video-shots-'));
const lang = (process.argv[4] ?? 'en') as 'en' | 'zh-CN';
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
  const page = await context.newPage();
  // VIDEO_FILE=<file.webm>: only decode the frames of a video already recorded.
  const existing = process.env.VIDEO_FILE;
  const file = existing ?? join(out, `${id}-${lang}.webm`);
  if (!existing) {
  await page.goto(`${site.url}?lang=${lang}#story=${id}&step=1`);
  await page.getByTestId('story-caption').waitFor({ timeout: 60_000 });
  await page.getByTestId('share-menu').click();
  const started = Date.now();
  const downloaded = page.waitForEvent('download', { timeout: 900_000 });
  await page.getByTestId('export-video').click();
  await page.getByTestId('video-progress').waitFor();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: join(out, 'page-while-recording.png') });
  const download = await downloaded;
  writeFileSync(file, await downloadBytes(download));
  console.log(JSON.stringify({ wallSeconds: (Date.now() - started) / 1000 }));
  await page.screenshot({ path: join(out, 'page-after.png') });
  }
  const facts = readWebm(new Uint8Array(readFileSync(file)));
  console.log(JSON.stringify({ file, bytes: readFileSync(file).length, ...facts, blockTimes: facts.blockTimes.length, frames: undefined }));
  // Frames: the middle of each step.
  const { schedule } = storySchedule(storyById(id)!, lang);
  const times = schedule.starts.map((s, i) => (s + schedule.frames[i]! / 2) / schedule.fps);
  // Each frame is decoded from the keyframe at or before it with WebCodecs' VideoDecoder.
  const viewer = await context.newPage();
  // tsx names the callbacks below with a helper the page does not have.
  await viewer.addInitScript('window.__name = (f) => f');
  await viewer.goto(site.url);
  const bytes = readFileSync(file);
  for (const [i, t] of times.entries()) {
    const at = facts.frames.findLastIndex((f) => f.key && f.time <= t + 1e-9);
    const end = facts.frames.findIndex((f) => f.time > t + 1e-9);
    const run = facts.frames.slice(at, end < 0 ? undefined : end).map((f) => ({ key: f.key, time: f.time, data: bytes.subarray(f.offset, f.offset + f.size).toString('base64') }));
    const png = await viewer.evaluate(
      async ([codec, chunks]) => {
        const c = document.createElement('canvas');
        c.width = 1920;
        c.height = 1080;
        let last: VideoFrame | null = null;
        const decoder = new VideoDecoder({
          output: (f) => {
            last?.close();
            last = f;
          },
          error: (e) => {
            throw e;
          },
        });
        decoder.configure({ codec: codec === 'V_VP9' ? 'vp09.00.10.08' : 'vp8' });
        for (const ch of chunks) decoder.decode(new EncodedVideoChunk({ type: ch.key ? 'key' : 'delta', timestamp: Math.round(ch.time * 1e6), data: Uint8Array.from(atob(ch.data), (x) => x.charCodeAt(0)) }));
        await decoder.flush();
        c.getContext('2d')!.drawImage(last!, 0, 0);
        return c.toDataURL('image/png');
      },
      [facts.codec, run] as const,
    );
    writeFileSync(join(out, `${id}-${lang}-step${i + 1}.png`), Buffer.from(png.split(',')[1]!, 'base64'));
  }
  console.log(out);
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
