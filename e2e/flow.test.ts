/**
 * Paused, the panel keeps the last events in view;
 * a step forward plays that step's events and freezes again; labels stay inside their
 * boxes at 1280x720 and on a big stage; it renders off screen. That playing stays smooth is
 * measured by `npm run bench -- --only responsive` (e2e/flow-smooth.test.ts checks it draws).
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, useBuiltSite, type PageWatch, setPlaying, waitUntil } from './browser';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('the event flow in a browser', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  async function open(viewport = { width: 1280, height: 720 }): Promise<void> {
    ({ context, page, watch } = await freshPage(env, context, viewport));
    await page.goto(env.site.url);
    await page.getByTestId('event-flow').waitFor({ timeout: 30_000 });
    await page.getByTestId('flow-box').first().waitFor();
  }

  const flow = () => page.getByTestId('event-flow');
  const phase = () => flow().getAttribute('data-flow-phase');
  const marks = async () => Number(await flow().getAttribute('data-flow-marks'));
  const toggle = () => page.getByTestId('play-toggle');

  /** Pixels drawn on a pane's particle canvas (alpha > 0). */
  const inked = (mode: 'client' | 'server') =>
    page.evaluate((m) => {
      const c = document.querySelector<HTMLCanvasElement>(`[data-testid="flow-canvas-${m}"]`)!;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
      return n;
    }, mode);

  /** Every label's box and the box it belongs to, in CSS px. */
  const labelBoxes = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<SVGTextElement>('[data-testid="flow-label"]')].map((text) => {
        const svg = text.ownerSVGElement!;
        const rect = svg.querySelector(`rect[data-box="${text.dataset.box}"]`)!;
        const t = text.getBoundingClientRect();
        const r = rect.getBoundingClientRect();
        return { box: text.dataset.box!, text: text.textContent, font: Number(text.getAttribute('font-size')), t: [t.left, t.top, t.right, t.bottom], r: [r.left, r.top, r.right, r.bottom] };
      }),
    );

  function assertInside(labels: Awaited<ReturnType<typeof labelBoxes>>): void {
    assert.ok(labels.length >= 5, `labels: ${labels.length}`);
    for (const l of labels) {
      const [tl, tt, tr, tb] = l.t;
      const [rl, rt, rr, rb] = l.r;
      const ok = tl >= rl - 0.5 && tr <= rr + 0.5 && tt >= rt - 0.5 && tb <= rb + 0.5;
      assert.ok(ok, `label "${l.text}" (${l.t.map(Math.round)}) outside its box ${l.box} (${l.r.map(Math.round)})`);
    }
  }

  beforeEach(async () => {
    await open();
  });

  it('paused, the event flow keeps the last events in view (marks, pixels and the step’s counts)', async () => {
    await setPlaying(page, true);
    await flow().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="event-flow"]')?.getAttribute('data-flow-marks')) > 0);
    await setPlaying(page, false);
    await page.waitForFunction(() => document.querySelector('[data-testid="event-flow"]')?.getAttribute('data-flow-phase') === 'frozen');
    const frozen = await marks();
    await page.waitForTimeout(2_500);
    assert.equal(await phase(), 'frozen');
    assert.equal(await marks(), frozen, 'nothing moved or faded while paused');
    assert.ok(frozen > 0, `marks while paused: ${frozen}`);
    assert.ok((await inked('client')) > 50, 'client-side canvas has pixels');
    assert.ok((await inked('server')) > 50, 'server-side canvas has pixels');
    assert.ok(Number(await page.getByTestId('flow-step-counts').getAttribute('data-total')) > 0);
    await page.getByTestId('flow-phase').waitFor();
    await flow().screenshot({ path: '/tmp/flow-paused.png' });
    assert.deepEqual(watch.pageErrors, []);
  });

  it('step forward plays exactly that step’s events, then freezes with its counts', async () => {
    await setPlaying(page, false);
    await flow().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="event-flow"]')?.getAttribute('data-flow-phase') === 'step');
    assert.equal(await toggle().getAttribute('aria-pressed'), 'false');
    await page.waitForTimeout(600);
    assert.ok((await marks()) > 0, 'events in flight during the step');
    await flow().screenshot({ path: '/tmp/flow-step.png' });
    await page.waitForFunction(() => document.querySelector('[data-testid="event-flow"]')?.getAttribute('data-flow-phase') === 'frozen');
    assert.ok((await marks()) > 0, 'the step’s events rest in view once it is over');
    // The counts are that step's: 0.25 s of the default churn (about 100 events/s at 10,000
    // objects, so 25 on average: Poisson, 5 to 60 all but never), client-side every event to
    // each of the 4 replicas, server-side each object event to its owner only.
    const total = Number(await page.getByTestId('flow-step-counts').getAttribute('data-total'));
    assert.ok(total >= 5 && total <= 60, `events in one step: ${total}`);
    const client = page.getByTestId('flow-client-step');
    const server = page.getByTestId('flow-server-step');
    assert.equal(Number(await client.getAttribute('data-sent')), total * 4);
    assert.equal(Number(await server.getAttribute('data-sent')) + Number(await server.getAttribute('data-filtered')), total * 4);
    assert.equal(Number(await client.getAttribute('data-kept')), Number(await server.getAttribute('data-kept')));
    assert.match((await page.getByTestId('flow-step-counts').textContent()) ?? '', new RegExp(`Last step \\(0\\.25 s\\): ${total} events`));
    assert.deepEqual(watch.pageErrors, []);
  });

  it('labels stay inside their boxes at 1280x720', async () => {
    await setPlaying(page, false);
    await flow().scrollIntoViewIfNeeded();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="flow-step-counts"]')?.getAttribute('data-total') !== '');
    assertInside(await labelBoxes());
    // Legend and counters readable: at least 14 px.
    const sizes = await page.evaluate(() =>
      ['.flow__legend li', '[data-testid="flow-step-counts"]', '[data-testid="flow-client-step"]', '[data-testid="flow-server-step"]'].map((s) =>
        Number.parseFloat(getComputedStyle(document.querySelector(s)!).fontSize),
      ),
    );
    assert.ok(Math.min(...sizes) >= 14, `font sizes ${sizes}`);
  });

  it('on a big stage (1800x700) the diagram fills it and labels stay inside their boxes, larger', async () => {
    await open({ width: 1920, height: 1080 });
    await setPlaying(page, false);
    // A presentation layout gives the panel a big area: the panes follow their container.
    await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="event-flow"]')!;
      el.style.position = 'fixed';
      el.style.inset = '0';
      el.style.width = '1800px';
      el.style.zIndex = '50';
      el.style.setProperty('--flow-stage-height', '700px');
    });
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="flow-step-counts"]')?.getAttribute('data-total') !== '');
    await page.waitForFunction(() => (document.querySelector('[data-testid="flow-stage-client"]')?.getBoundingClientRect().height ?? 0) >= 690);
    // The diagram is laid out for the new size a frame after its box grows: measure once it has.
    const replicaFontOf = (ls: Awaited<ReturnType<typeof labelBoxes>>) => Math.min(...ls.filter((l) => l.box.startsWith('replica')).map((l) => l.font));
    await waitUntil(async () => replicaFontOf(await labelBoxes()) >= 18, 5_000).catch(() => undefined);
    const labels = await labelBoxes();
    assertInside(labels);
    const replicaFont = replicaFontOf(labels);
    assert.ok(replicaFont >= 18, `replica labels at ${replicaFont} px on a big stage`);
    // Boxes fill the stage: the replica column spans most of its height.
    const span = await page.evaluate(() => {
      const stage = document.querySelector('[data-testid="flow-stage-client"]')!.getBoundingClientRect();
      const rects = [...document.querySelectorAll('[data-testid="flow-frame-client"] rect[data-box^="replica"]')].map((r) => r.getBoundingClientRect());
      return (Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top))) / stage.height;
    });
    assert.ok(span > 0.75, `replica column spans ${span} of the stage`);
    await page.screenshot({ path: '/tmp/flow-big.png' });
  });

  it('renders off screen: boxes, labels and counts are there for print and full-page screenshots', async () => {
    await setPlaying(page, false);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="flow-step-counts"]')?.getAttribute('data-total') !== '');
    await page.evaluate(() => window.scrollTo(0, 0));
    const off = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="event-flow"]')!;
      return { below: el.getBoundingClientRect().top > window.innerHeight, cv: getComputedStyle(el).contentVisibility };
    });
    assert.ok(off.below, 'the panel is below the fold');
    assert.equal(off.cv, 'visible');
    assert.ok((await page.getByTestId('flow-box').count()) >= 10);
    assert.ok((await page.getByTestId('flow-label').count()) >= 5);
    const shot = await page.screenshot({ fullPage: true });
    assert.ok(shot.length > 10_000);
  });
});
