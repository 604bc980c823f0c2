/**
 * Records a story to WebM. The story runs in a store of its own (the page's
 * run, its story and its controls are untouched, and stay usable), rendered off-screen as
 * presentation mode's focus view with the caption on top (`./VideoStage`), painted into a
 * 1920x1080 canvas by the PNG exporter's painter, frame by frame, into a sink (`./sinks`).
 *
 * Every step is a fresh run of its state, taken to the step's time (as the story controller
 * does), then shown for its narration's reading time. The model follows the frame schedule
 * (`./schedule`), never the wall clock: frame k of a playing step shows the model at
 * `at + k * speed / 30` s. A frame that shows the same moment as the one before is not drawn
 * again (the canvas already holds it).
 */
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { browserEngineFactory, createShardScopeStore, engineKindFor, type ShardScopeStore } from '../../../state';
import { storyById, type ResolvedStep } from '../../../stories';
import { createTranslator, type Locale } from '../../i18n';
import { nextFrame, runSliced } from '../slices';
import { renderPending } from '../../primitives';
import { paintDomSteps, singleColumn } from '../toCanvas';
import { frameAt, VIDEO_FPS, VIDEO_HEIGHT, VIDEO_WIDTH } from './schedule';
import { storySchedule } from './storySchedule';
import { createVideoSink, type VideoSink } from './sinks';
import type { VideoSupport } from './support';
import { VIDEO_LAYOUT_HEIGHT, VIDEO_LAYOUT_SCALE, VIDEO_LAYOUT_WIDTH, VideoStage, type FocusStageView } from './VideoStage';
import './video.css';

/** Where a recording is. */
export interface VideoProgress {
  /** Frames recorded so far, of `total`. */
  readonly frame: number;
  readonly total: number;
  /** The step being recorded (1-based), of `steps`. */
  readonly step: number;
  readonly steps: number;
}

/** A finished recording. */
export interface Recording {
  readonly blob: Blob;
  readonly frames: number;
  /** Seconds of video. */
  readonly duration: number;
  readonly width: number;
  readonly height: number;
}

/** The model's time is taken as the one asked for within this many seconds (its tick is 10 ms). */
const TIME_EPSILON = 1e-3;

/**
 * How long a frame may take to settle before it is drawn anyway. Only a stage that never stops
 * changing reaches it; a slow machine (a step's panels mounting over a 100,000-object run on a
 * throttled page took over 10 s) must not, or the frame drawn is the unsettled one and two
 * recordings of one story differ.
 */
const SETTLE_MAX_MS = 60_000;

/** Takes the store's run to time `t` (a seek asked for while an apply is pending is ignored: ask again). */
async function seek(store: ShardScopeStore, t: number): Promise<void> {
  for (let tries = 0; tries < 20; tries++) {
    await store.getState().idle();
    if (Math.abs((store.getState().sim.snapshot?.time ?? 0) - t) <= TIME_EPSILON) return;
    store.getState().seekTo(t);
  }
  await store.getState().idle();
}

/**
 * Resolves once nothing in `el` is on its way (`../../primitives/renderPending`: no deferred render behind
 * the store, no canvas short of its last paint) and nothing has been added, removed, written or
 * had an attribute changed for `quietFrames` painted frames; or after `maxMs`. Panels mount over
 * a few frames after a step's run is built, and the charts and cards render a new snapshot in a
 * deferred render (`useDeferredValue`) that a busy machine spreads over several frames without
 * touching the DOM until it commits: the quiet frames alone would let such a frame through, and
 * the video would show the snapshot before. The event flow's count of
 * marks (an attribute written every frame) is not a change.
 */
async function settled(el: Element, quietFrames: number, maxMs: number): Promise<void> {
  const seen = { changed: false };
  // Canvases (the dots) paint in animation frames, a large placement over several: their pixels count too.
  let pixels = canvasPrint(el);
  const observer = new MutationObserver((records) => {
    if (records.some((r) => r.type !== 'attributes' || r.attributeName !== 'data-flow-marks')) seen.changed = true;
  });
  observer.observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
  try {
    const end = performance.now() + maxMs;
    for (let quiet = 0; quiet < quietFrames && performance.now() < end; ) {
      seen.changed = false;
      await nextFrame();
      const now = canvasPrint(el);
      if (now !== pixels) seen.changed = true;
      pixels = now;
      quiet = seen.changed || renderPending(el) > 0 ? 0 : quiet + 1;
    }
  } finally {
    observer.disconnect();
  }
}

/** A print of the pixels of every canvas in `el` (FNV-1a over every 7th pixel): equal prints, same picture (near enough to wait on). */
function canvasPrint(el: Element): string {
  return Array.from(el.querySelectorAll('canvas'))
    .map((c) => {
      if (c.width === 0 || c.height === 0) return '0';
      const px = new Uint32Array(c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data.buffer ?? new ArrayBuffer(0));
      let h = 0x811c9dc5;
      for (let i = 0; i < px.length; i += 7) h = Math.imul(h ^ px[i]!, 0x01000193);
      return `${c.width}x${c.height}:${h >>> 0}`;
    })
    .join(' ');
}

/** Thrown when the recording is cancelled. */
export class RecordingCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/**
 * Records story `storyId` in `locale` with `support`. Resolves with the video, or rejects with
 * {@link RecordingCancelled} once `signal` aborts (everything it made is let go either way).
 */
export async function recordStory(options: {
  readonly storyId: string;
  readonly locale: Locale;
  readonly theme: 'light' | 'dark';
  readonly support: VideoSupport;
  readonly signal: AbortSignal;
  readonly onProgress: (p: VideoProgress) => void;
  /** The focus view each frame shows (`./VideoStage`). */
  readonly Stage: FocusStageView;
}): Promise<Recording> {
  const { locale, theme, signal, onProgress, Stage } = options;
  const story = storyById(options.storyId);
  if (!story) throw new Error(`unknown story ${options.storyId}`);
  const t = createTranslator(locale);
  const { steps, resolved, schedule } = storySchedule(story, locale);
  const stop = () => {
    if (signal.aborted) throw new RecordingCancelled();
  };
  let root: Root | null = null;
  let container: HTMLDivElement | null = null;
  let store: ShardScopeStore | null = null;
  let sink: VideoSink | null = null;
  try {
    stop();
    const canvas = document.createElement('canvas');
    canvas.width = VIDEO_WIDTH;
    canvas.height = VIDEO_HEIGHT;
    const ctx = canvas.getContext('2d');
    sink = createVideoSink(options.support, canvas, VIDEO_FPS);
    if (!ctx || !sink) throw new Error('no canvas or no encoder');
    container = document.createElement('div');
    container.className = 'video-stage';
    container.setAttribute('aria-hidden', 'true');
    container.inert = true;
    document.body.appendChild(container);
    const first = resolved[0]!;
    const view = (r: ResolvedStep) => ({ ...r.view, theme, locale, presentation: true });
    store = createShardScopeStore({ params: first.params, view: view(first), engineFactory: browserEngineFactory, engineKind: engineKindFor });
    await store.getState().start();
    root = createRoot(container);
    let frame = 0;
    // The event flow's clock: the video's time, in ms (see `../../primitives/flowClock`).
    let videoMs = 0;
    const clock = () => videoMs;
    for (let i = 0; i < steps.length; i++) {
      stop();
      const r = resolved[i]!;
      onProgress({ frame, total: schedule.total, step: i + 1, steps: steps.length });
      // The step's state, afresh from t = 0, then its time (as `src/stories/controller.ts` shows a step).
      store.getState().setStory({ id: story.id, step: i + 1 });
      store.getState().openLink({ params: r.params, view: view(r) }, [], { restart: true });
      await seek(store, r.time);
      // Whether the step plays is what its panels say (the event flow animates, the cards' rates
      // are not "paused"); nothing ticks this store, so only the frames move its model.
      store.getState().setPlaying(r.playing);
      stop();
      const s = store;
      const caption = { where: `${t(story.title)} · ${t('story.stepOf', { n: i + 1, m: steps.length })}`, title: t(r.step.title), narration: t(r.step.narration) };
      videoMs = (frame * 1000) / VIDEO_FPS;
      flushSync(() => root!.render(createElement(VideoStage, { store: s, locale, caption, show: r.step.show, cards: r.step.cards ?? null, clock, Stage })));
      // Panels mount and paint their canvases over the next frames.
      await settled(container, 2, SETTLE_MAX_MS);
      let shown: number | null = null;
      for (let k = 0; k < schedule.frames[i]!; k++, frame++) {
        stop();
        const shot = frameAt(steps, schedule, frame)!;
        videoMs = (frame * 1000) / VIDEO_FPS;
        if (shown === null || Math.abs(shot.time - shown) > TIME_EPSILON) {
          if (shown !== null) {
            await seek(store, shot.time);
            // The dots repaint in an animation frame, the charts and cards in a deferred render.
            await settled(container, 2, SETTLE_MAX_MS);
          }
          await paint(ctx, container.firstElementChild!);
          shown = shot.time;
        }
        stop();
        await sink.add(frame);
        if (frame % 10 === 0) onProgress({ frame, total: schedule.total, step: i + 1, steps: steps.length });
      }
    }
    stop();
    const blob = await sink.finish();
    sink = null;
    onProgress({ frame: schedule.total, total: schedule.total, step: steps.length, steps: steps.length });
    return { blob, frames: schedule.total, duration: schedule.duration, width: VIDEO_WIDTH, height: VIDEO_HEIGHT };
  } finally {
    sink?.abort();
    root?.unmount();
    container?.remove();
    store?.getState().dispose();
  }
}

/** Paints the off-screen frame into the video canvas, on the page's background. */
async function paint(ctx: CanvasRenderingContext2D, frame: Element): Promise<void> {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = getComputedStyle(frame).backgroundColor || '#ffffff';
  ctx.fillRect(0, 0, VIDEO_WIDTH, VIDEO_HEIGHT);
  // Slices of up to 40 ms: the page stays responsive (Cancel answers) without a frame's wait every 12 ms.
  await runSliced(paintDomSteps(frame, ctx, singleColumn(VIDEO_LAYOUT_WIDTH, VIDEO_LAYOUT_HEIGHT, VIDEO_LAYOUT_SCALE)), 40);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
