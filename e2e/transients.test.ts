/**
 * No transient reads as a finding. A 4 -> 5 reshard (the resharding story's
 * first step, all replicas at once, equal ranges), watched frame by frame in the normal layout:
 * - from the reshard until every object has one owner again, the headline says "hand-off in
 *   progress (4 → 5 replicas): N objects with no owner, M with two" and gives no ratio;
 * - then it says when the ratio returns (a rate window later), and the ratio is back from then on;
 * - every chart shades the hand-off window ("reshard 4 → 5");
 * - while the headline counts objects with no owner (or with two), the hash strip hatches
 *   no-owner (two-owner) stretches, with the same hatching as for mistyped selectors.
 * Two runs (all at once: no owner; make before break: two owners), each sampled on every
 * animation frame of one page.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { freshPage, setPlaying, useBuiltSite } from './browser';
import { RESHARD_AT } from '../src/stories/resharding';

const DIST = join(import.meta.dirname, '..', 'dist');

/** What one animation frame shows. */
interface Sample {
  readonly t: number;
  readonly phase: string;
  readonly headline: string;
  readonly strip: string;
  readonly gaps: number;
  readonly overlaps: number;
  /** Per chart whose time axis has passed the reshard: whether it shades the reshard's window. */
  readonly marked: boolean[];
  readonly charts: number;
}

/** Starts recording a sample on every animation frame into `window.__samples` (plain JavaScript). */
const RECORD = `(() => {
  const out = [];
  window.__samples = out;
  function frame() {
    const tl = document.querySelector('[data-testid="timeline"]');
    const h = document.querySelector('[data-testid="headline-ratio"]');
    const hs = document.querySelector('[data-testid="hash-space"]');
    if (tl && h && hs) {
      const charts = [...document.querySelectorAll('[data-testid^="chart-"]')].filter((c) => c.querySelector('svg'));
      out.push({
        t: Number(tl.getAttribute('data-time')),
        phase: h.getAttribute('data-handoff') || '',
        headline: h.textContent || '',
        strip: hs.getAttribute('data-handoff') || '',
        gaps: hs.querySelectorAll('[data-testid="hash-gap"] rect[fill="url(#gap-hatch)"]').length,
        overlaps: hs.querySelectorAll('[data-testid="hash-overlap"] rect[fill="url(#hatch)"]').length,
        // A chart draws a snapshot a little behind the clock (it renders deferred): judge each by its own time axis.
        marked: charts.filter((c) => Number(c.getAttribute('data-until')) >= ${RESHARD_AT} + 0.5).map((c) => [...c.querySelectorAll('[data-testid="burst-mark"]')].some((m) => m.getAttribute('data-label') === 'reshard 4 → 5' && Number(m.querySelector('.chart__mark-span')?.getAttribute('width')) >= 1)),
        charts: charts.length,
      });
    }
    if (!window.__stop) requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})()`;

const clockSeconds = (s: string) => {
  const [m, sec] = s.split(':');
  return Number(m) * 60 + Number(sec);
};

describe('no transient reads as a finding', () => {
  const env = useBuiltSite(DIST);
  // All at once (step 1): objects with no owner; make before break (step 6): objects with two.
  const CASES = [
    { step: 1, what: 'all replicas at once: no-owner stretches', need: 'orphans' },
    { step: 6, what: 'make before break: two-owner stretches', need: 'duplicates' },
  ] as const;
  for (const c of CASES) it(`a 4 → 5 hand-off, ${c.what}: the headline says it instead of a ratio, the charts shade it, the strip hatches it`, async () => {
    const { context, page, watch } = await freshPage(env);
    try {
      await page.goto(`${env.site.url}#story=resharding&step=${c.step}&lang=en`);
      await page.waitForFunction((n) => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') === n, String(c.step));
      await page.getByTestId('hash-space').waitFor();
      await page.evaluate(RECORD);
      // Faster, so the hand-off and a rate window after it pass in a few seconds.
      for (let i = 0; i < 3; i++) await page.getByTestId('faster').click();
      // Until the ratio has returned after the hand-off
      await page.waitForFunction(
        (at) => {
          const s = (window as unknown as { __samples: { t: number; phase: string }[] }).__samples;
          // (or 60 simulated seconds on, so that a headline that never says "hand-off" fails below, not here).
          return (s.some((x) => x.phase === 'settling') && s.some((x) => x.t > at + 1 && x.phase === 'none')) || s.some((x) => x.t > at + 60);
        },
        RESHARD_AT,
        { timeout: 120_000, polling: 500 },
      );
      // Then paused, until a frame shows every chart past the reshard: charts render deferred, each
      // behind the clock, and a slow machine playing at this speed keeps some of them behind.
      await setPlaying(page, false);
      await page
        .waitForFunction(() => (window as unknown as { __samples: Sample[] }).__samples.some((x) => x.charts >= 6 && x.marked.length === x.charts), undefined, { timeout: 60_000 })
        .catch(() => undefined);
      await page.evaluate(() => ((window as unknown as { __stop: boolean }).__stop = true));
      const samples = (await page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples)).filter((s) => Number.isFinite(s.t));
      const problems: string[] = [];
      const at = (s: Sample) => `at ${s.t.toFixed(2)} s`;

      // The hand-off starts at the reshard: on the first or second frame past it. Counted in frames,
      // not seconds: on a slow machine one frame at this speed can pass more than a simulated second
      // (a loaded machine's frames went from 5 s straight to 6.25 s).
      const active = samples.filter((s) => s.phase === 'active');
      assert.ok(active.length > 5, `the headline shows the hand-off in progress (${active.length} frames)`);
      const past = samples.findIndex((s) => s.t > RESHARD_AT);
      const first = samples.findIndex((s) => s.phase === 'active');
      const around = JSON.stringify(samples.slice(Math.max(0, past - 2), past + 3).map((s) => [s.t, s.phase]));
      assert.ok(past >= 0 && first >= past && first <= past + 1 && samples[first]!.t > RESHARD_AT, `the hand-off phrase starts on the first frame or two past the reshard (${RESHARD_AT} s): ${around}`);
      for (const s of samples.filter((x) => x.t < RESHARD_AT - 0.01)) if (s.phase !== 'none') problems.push(`${at(s)}: a hand-off before the reshard (${s.phase})`);

      // When the ratio returns, as the settling phrase says.
      const settling = samples.filter((s) => s.phase === 'settling');
      assert.ok(settling.length > 0, 'the headline says when the ratio returns');
      const m = /hand-off 4 → 5 done; the ratio returns at (\d+:\d{2}(?:\.\d)?), a rate window later/.exec(settling[0]!.headline);
      assert.ok(m, `the settling phrase: “${settling[0]!.headline}”`);
      const ratioAt = clockSeconds(m[1]!);
      const settledAt = settling[0]!.t;
      assert.ok(ratioAt > settledAt, `the ratio returns (${ratioAt} s) after every object has one owner (${settledAt} s)`);

      let orphanFrames = 0;
      let duplicateFrames = 0;
      for (const s of samples) {
        const during = s.t >= RESHARD_AT + 0.3 && s.t < ratioAt - 0.3;
        const after = s.t >= ratioAt + 0.3;
        const ratio = /\d\s*×/.test(s.headline);
        if (during && ratio) problems.push(`${at(s)}: a ratio during the hand-off: “${s.headline}”`);
        if (during && s.phase === 'none') problems.push(`${at(s)}: no hand-off phrase during the hand-off: “${s.headline}”`);
        if (after && (s.phase !== 'none' || !ratio)) problems.push(`${at(s)}: no ratio a rate window after the hand-off: “${s.headline}”`);
        // Every chart shades the reshard's window once it has begun.
        if (!s.marked.every(Boolean)) problems.push(`${at(s)}: a chart does not shade the hand-off (${JSON.stringify(s.marked)})`);
        if (s.phase === 'active') {
          const n = /hand-off in progress \(4 → 5 replicas\): ([\d,]+) objects with no owner, ([\d,]+) with two/.exec(s.headline);
          if (!n) {
            problems.push(`${at(s)}: the hand-off phrase is “${s.headline}”`);
            continue;
          }
          const orphans = Number(n[1]!.replace(/,/g, ''));
          const duplicates = Number(n[2]!.replace(/,/g, ''));
          // The strip draws the server-side ranges held now (the headline's counts are server-side).
          if ((orphans > 0 || duplicates > 0) && s.strip !== 'true') problems.push(`${at(s)}: the hash strip does not show the ranges held during the hand-off`);
          if (orphans > 0) {
            orphanFrames++;
            if (s.gaps === 0) problems.push(`${at(s)}: ${orphans} objects with no owner, but no hatched gap on the strip`);
          }
          if (duplicates > 0) {
            duplicateFrames++;
            if (s.overlaps === 0) problems.push(`${at(s)}: ${duplicates} objects with two owners, but no hatched overlap on the strip`);
          }
        }
        // Once every object has one owner, nothing is hatched.
        if (after && (s.gaps > 0 || s.overlaps > 0)) problems.push(`${at(s)}: hatched stretches after the hand-off`);
      }
      if (c.need === 'orphans') assert.ok(orphanFrames > 0, 'the hand-off has frames with objects that have no owner');
      else assert.ok(duplicateFrames > 0, 'the hand-off has frames with objects that have two owners');
      assert.ok(samples.some((s) => s.charts >= 6 && s.marked.length === s.charts), 'every chart, past the reshard, shades its window');
      console.log(`${samples.length} frames, ${active.length} in progress (${orphanFrames} with no-owner objects, ${duplicateFrames} with two-owner ones), ${settling.length} settling; the ratio returns at ${ratioAt} s`);
      assert.deepEqual(problems.slice(0, 12), []);
      assert.deepEqual(watch.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
