// The README's figures for the stage text size. Opens every step of every story at 1280x720 with
// the size set, measures it with the fit checks of the story walker (e2e/storyWalk.ts), and prints
// the zoom each step settled at. Run after a build:
// `node --import tsx e2e/measure-stage-scale.ts [100|125|150] [en|zh-CN] [story,story]`.
import { join } from 'node:path';
import { launch } from './browser';
import { serveStatic } from './server';
import { STORIES, resolveStep } from '../src/stories';
import { onStage, stageIds, STEP_READY } from './stageItems';
import { MEASURE } from './storyWalk';
const root = join(import.meta.dirname, '..');
const scale = process.argv[2] ?? '150';
const lang = process.argv[3] ?? 'en';
const only = process.argv[4]?.split(',');
const site = await serveStatic(join(root, 'dist'));
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript(`localStorage.setItem('shardscope.stageFontScale', '${scale}')`);
  const page = await context.newPage();
  const zooms: number[] = [];
  let bad = 0;
  for (const story of STORIES.filter((x) => !only || only.includes(x.id))) {
    for (let n = 1; n <= story.steps.length; n++) {
      const r = resolveStep(story, n - 1)!;
      await page.goto(`${site.url}#story=${story.id}&step=${n}&present=1&lang=${lang}`);
      await page.waitForFunction((s) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === s, String(n));
      await page.waitForFunction(STEP_READY, r.time, { timeout: 120_000 });
      for (const id of stageIds(story.steps[n - 1]!)) await onStage(page, id).waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => [...document.querySelectorAll('[data-focus-item]')].every((el) => el.firstElementChild !== null && el.getBoundingClientRect().height > 0));
      // The stage fits itself as its items arrive: measure once its zoom has stayed the same for 1.5 s.
      let last = '';
      let since = Date.now();
      for (const end = Date.now() + 30_000; Date.now() < end; await page.waitForTimeout(100)) {
        const z = (await page.evaluate(() => document.documentElement.dataset.stageZoom)) ?? '';
        if (z !== last) [last, since] = [z, Date.now()];
        else if (Date.now() - since >= 1500) break;
      }
      const g = (await page.evaluate(MEASURE)) as { scrolls: string[]; outside: string[]; small: string[]; clamped: boolean };
      const zoom = Number(await page.evaluate(() => document.documentElement.dataset.stageZoom));
      zooms.push(zoom);
      const problems = [...g.scrolls, ...g.outside.slice(0, 3), ...g.small.map((s) => 'small ' + s), ...(g.clamped ? ['clamped'] : [])];
      if (problems.length) bad++;
      console.log(`${story.id} ${n}: zoom ${zoom}% ${problems.length ? 'PROBLEMS ' + problems.join(' | ') : 'ok'}`);
    }
  }
  console.log(`scale ${scale} ${lang}: ${zooms.length} steps, ${zooms.filter((z) => z === Number(scale)).length} at full size, min ${Math.min(...zooms)}%, mean ${(zooms.reduce((a, b) => a + b, 0) / zooms.length).toFixed(1)}%, ${bad} with problems`);
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
