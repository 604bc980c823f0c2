/**
 * Issue 19, point 3: every story step fits the stage. In presentation mode each step shows
 * what it declares (`show`) and nothing else, with no scrolling: at 1280x720, 1920x1080 and a
 * 1280x720 screen at 150% zoom (853x480 CSS px, 1.5 device px each), in English and Chinese,
 * for every step of every story, reached by link at the step's time (once per language, then
 * measured at each size in turn, the window resized):
 * - the page and the stage do not scroll, and every item of the step is inside the window;
 * - no text of the stage runs below the window or is cut (an element whose content overflows
 *   a box that clips it);
 * - the caption takes at most a quarter of the height, and its narration is whole (no "…");
 * - the headline is at least half the stage wide;
 * - text on the stage is 18 px or more.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBuiltSite, waitStepReady } from './browser';
import { STORIES, resolveStep } from '../src/stories';
import { onStage, stageIds, stageSettled } from './stageItems';

const DIST = join(import.meta.dirname, '..', 'dist');

const SIZES = [
  { name: '1280x720', width: 1280, height: 720, scale: 1 },
  { name: '1920x1080', width: 1920, height: 1080, scale: 1 },
  // A 1280x720 screen at 150% zoom: 853x480 CSS px, 1.5 device px each.
  { name: '150%', width: 853, height: 480, scale: 1.5 },
] as const;
const LOCALES = ['en', 'zh-CN'] as const;

/** What the stage measures at one step (see the file comment). */
interface Geometry {
  readonly show: string;
  readonly scrolls: string[];
  readonly outside: string[];
  readonly caption: number;
  readonly clamped: boolean;
  readonly headline: number;
  readonly stage: number;
  readonly small: string[];
}

/** Measures the stage in the page (plain JavaScript: a function from here would carry tsx's helpers). */
const MEASURE = `(() => {
                const vw = innerWidth;
                const vh = innerHeight;
                const stage = document.querySelector('[data-testid="stage"]');
                const scrolls = [];
                const root = document.scrollingElement;
                if (root.scrollHeight > vh + 1 || scrollY !== 0) scrolls.push(\`the page (\${root.scrollHeight} px)\`);
                const body = document.querySelector('.app__body');
                if (body.scrollHeight > body.clientHeight + 1) scrolls.push(\`the stage's body (\${body.scrollHeight} of \${body.clientHeight} px)\`);
                const outside = [];
                function label(el) { return  \`\${el.tagName.toLowerCase()}\${el.getAttribute('data-testid') ? \`[\${el.getAttribute('data-testid')}]\` : el.className && typeof el.className === 'string' ? \`.\${el.className.split(' ')[0]}\` : ''} “\${(el.textContent ?? '').trim().slice(0, 40)}”\`; }
                for (const el of stage.querySelectorAll('[data-focus-item]')) {
                  const b = el.getBoundingClientRect();
                  if (b.height < 20 || b.top < -1 || b.bottom > vh + 1 || b.left < -1 || b.right > vw + 1) outside.push(\`item \${el.getAttribute('data-focus-item')} at \${Math.round(b.top)}–\${Math.round(b.bottom)} px\`);
                }
                // Text: every element with its own visible text, inside the window, and not cut by a box that clips it.
                const small = [];
                const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
                const seen = new Set();
                for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                  const el = n.parentElement;
                  if (!el || seen.has(el) || !(n.textContent ?? '').trim()) continue;
                  seen.add(el);
                  const style = getComputedStyle(el);
                  if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[hidden],[aria-hidden="true"],.visually-hidden,.sr-only')) continue;
                  const range = document.createRange();
                  range.selectNodeContents(n);
                  const rects = [...range.getClientRects()].filter((x) => x.width > 0 && x.height > 0);
                  if (rects.length === 0) continue;
                  // Screen-reader-only text is clipped to a pixel.
                  if (el.getBoundingClientRect().width <= 1) continue;
                  const bottom = Math.max(...rects.map((x) => x.bottom));
                  if (bottom > vh + 1) outside.push(\`text \${label(el)} ends at \${Math.round(bottom)} px\`);
                  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
                    const o = getComputedStyle(a);
                    if (o.overflowY === 'hidden' || o.overflowY === 'clip') {
                      const box = a.getBoundingClientRect();
                      if (bottom > box.bottom + 1) outside.push(\`text \${label(el)} is cut by \${label(a)}\`);
                      break;
                    }
                  }
                  const px = parseFloat(style.fontSize) * devicePixelRatio;
                  if (px < 17.5) small.push(\`\${label(el)}: \${style.fontSize}\`);
                }
                const caption = document.querySelector('[data-testid="caption-slot"]').getBoundingClientRect().height;
                const narration = document.querySelector('.story-caption__narration');
                const clamped = narration !== null && narration.scrollHeight > narration.clientHeight + 1;
                return {
                  show: stage.getAttribute('data-show') ?? '',
                  scrolls,
                  outside,
                  caption: caption / vh,
                  clamped,
                  headline: document.querySelector('[data-testid="headline-ratio"]').getBoundingClientRect().width,
                  stage: stage.getBoundingClientRect().width,
                  small: small.slice(0, 5),
                };
              })()`;

describe('every story step fits the stage (issue 19, point 3)', () => {
  const env = useBuiltSite(DIST);
  const sizes = SIZES.filter((s) => !process.env.FOCUS_SIZE || s.name === process.env.FOCUS_SIZE);
  // FOCUS_SIZE / FOCUS_LOCALE run one case (a developer's loop); CI runs them all. Each step is
  // opened once per language and measured at each size in turn: the window is resized (with
  // its device pixel ratio, through the DevTools protocol, as a zoom changes it), and the stage
  // must fit again. A step opened once costs a third of one opened three times.
  for (const locale of LOCALES.filter((l) => !process.env.FOCUS_LOCALE || l === process.env.FOCUS_LOCALE)) {
    it(`${locale}, at ${sizes.map((s) => s.name).join(', ')}: each step's items, on one screen, no scrolling, text 18 px or more`, async () => {
      const context = await env.browser.newContext({ viewport: { width: sizes[0]!.width, height: sizes[0]!.height }, reducedMotion: 'no-preference' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const resize = async (size: (typeof SIZES)[number]) => {
        await cdp.send('Emulation.setDeviceMetricsOverride', { width: size.width, height: size.height, deviceScaleFactor: size.scale, mobile: false });
        await page.waitForFunction(([w, h, r]) => innerWidth === w && innerHeight === h && devicePixelRatio === r, [size.width, size.height, size.scale] as const);
      };
      const problems: string[] = [];
      const steps = new Map<string, number>();
      try {
        for (const story of STORIES) {
          for (let n = 1; n <= story.steps.length; n++) {
            const r = resolveStep(story, n - 1)!;
            await resize(sizes[0]!);
            await page.goto(`${env.site.url}#story=${story.id}&step=${n}&present=1&lang=${locale}`);
            await page.waitForFunction((s) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === s, String(n));
            // The step's run at the step's time, past any event it waits for (a long run, 7 simulated
            // minutes, takes a while on a loaded machine).
            await waitStepReady(page, r.time).catch((e: unknown) => {
              throw new Error(`${story.id} step ${n} (${locale}): ${e instanceof Error ? e.message : String(e)}`, { cause: e });
            });
            for (const size of sizes) {
              const where = `${story.id} step ${n} (${size.name}, ${locale})`;
              if (size !== sizes[0]) await resize(size);
              // Every item the step shows is there (a hand-off report once its reshard has happened).
              for (const id of stageIds(story.steps[n - 1]!)) await onStage(page, id).waitFor({ timeout: 60_000 });
              // Every item mounted (the page mounts panels a frame apart) and laid out.
              await page.waitForFunction(() => [...document.querySelectorAll('[data-focus-item]')].every((el) => el.firstElementChild !== null && el.getBoundingClientRect().height > 0));
              await stageSettled(page);
              const g = (await page.evaluate(MEASURE)) as Geometry;
              steps.set(size.name, (steps.get(size.name) ?? 0) + 1);
              const say = (m: string) => problems.push(`${where}: ${m}`);
              if (g.show !== story.steps[n - 1]!.show.join(' ')) say(`the stage shows “${g.show}”, not the step's items`);
              for (const s of g.scrolls) say(`${s} scrolls`);
              for (const o of g.outside.slice(0, 3)) say(o);
              if (g.caption > 0.25 + 1e-3) say(`the caption takes ${(g.caption * 100).toFixed(0)}% of the height`);
              if (g.clamped) say('the narration is cut');
              if (g.headline < g.stage / 2) say(`the headline is ${Math.round(g.headline)} px of a ${Math.round(g.stage)} px stage`);
              for (const x of g.small) say(`text under 18 px: ${x}`);
            }
          }
        }
      } finally {
        await context.close();
      }
      console.log(`${locale}: ${[...steps].map(([k, v]) => `${v} steps measured at ${k}`).join(', ')}`);
      assert.deepEqual(problems, []);
    });
  }
});
