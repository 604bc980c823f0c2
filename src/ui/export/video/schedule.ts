/**
 * How long a recorded story shows each step, and what each video frame
 * shows. Pure functions (no DOM): the recorder and the tests share them.
 *
 * Reading time. A step stays on screen for {@link LEAD_SECONDS} (to take in the stage and the
 * title) plus the time its narration takes to read at a calm, read-aloud pace:
 * - English: {@link EN_WORDS_PER_MINUTE} words a minute, a word being a run of characters
 *   between spaces;
 * - Chinese: {@link ZH_CHARS_PER_MINUTE} units a minute, a unit being one Han character (or
 *   kana), or one run of Latin letters and digits (`Pod`, `shardRange`, `4`), punctuation not
 *   counted;
 * never less than {@link MIN_STEP_SECONDS}. The time is rounded up to whole frames.
 *
 * Pace. During the recording the model never follows the wall clock: each frame of a step that
 * plays moves the model by the step's speed / {@link VIDEO_FPS} simulated seconds (1x: one
 * simulated second per second of video), from the step's own time (`at`), rounded to the
 * model's 10 ms tick; a paused step keeps its moment for all its frames. So a story gives the
 * same frames every time.
 */
import type { Locale } from '../../../i18n/translate';

/** Frames per second of a recorded video. */
export const VIDEO_FPS = 30;
/** Pixel size of a recorded video. */
export const VIDEO_WIDTH = 1920;
export const VIDEO_HEIGHT = 1080;
/** The model's tick (`TICK_SECONDS` in src/sim): a frame's model time is a whole number of ticks. */
export const MODEL_TICK_SECONDS = 0.01;
/** Seconds every step gets before its narration's reading time. */
export const LEAD_SECONDS = 2;
/** The shortest a step is shown. */
export const MIN_STEP_SECONDS = 4;
/** English narration is read at this many words a minute. */
export const EN_WORDS_PER_MINUTE = 180;
/** Chinese narration is read at this many characters (see the module comment) a minute. */
export const ZH_CHARS_PER_MINUTE = 300;

/** Han ideographs, CJK extension A, compatibility ideographs, hiragana and katakana. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;
/** A run of letters or digits that is not CJK (`Pod`, `uid`, `0x8000`, `4`). */
const LATIN_RUN = /[\p{L}\p{N}]+/gu;

/** How many reading units `text` holds for `locale` (words in English; see the module comment for Chinese). */
export function readingUnits(text: string, locale: Locale): number {
  if (locale === 'zh-CN') {
    const han = text.match(CJK)?.length ?? 0;
    const latin = text.replace(CJK, ' ').match(LATIN_RUN)?.length ?? 0;
    return han + latin;
  }
  return text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Seconds a step with this narration is shown: lead plus reading time, at least the minimum, in whole frames. */
export function readingSeconds(narration: string, locale: Locale): number {
  const perMinute = locale === 'zh-CN' ? ZH_CHARS_PER_MINUTE : EN_WORDS_PER_MINUTE;
  const raw = Math.max(MIN_STEP_SECONDS, LEAD_SECONDS + (readingUnits(narration, locale) * 60) / perMinute);
  // Whole frames, rounded up (with a margin for the float error of the division).
  return Math.ceil(raw * VIDEO_FPS - 1e-9) / VIDEO_FPS;
}

/** What the recording knows of a step to place its frames. */
export interface ScheduledStep {
  /** Seconds on screen (see {@link readingSeconds}). */
  readonly seconds: number;
  /** The model's time when the step starts (its `at`). */
  readonly at: number;
  /** Whether the model moves during the step. */
  readonly playing: boolean;
  /** Simulated seconds per second of video while playing. */
  readonly speed: number;
}

/** The frames of a recording: how many each step has, and where each starts. */
export interface FrameSchedule {
  readonly fps: number;
  /** Frames per step. */
  readonly frames: readonly number[];
  /** Index of each step's first frame. */
  readonly starts: readonly number[];
  readonly total: number;
  /** Seconds of video: `total / fps`. */
  readonly duration: number;
}

/** Places the steps' frames one after the other, each step `round(seconds * fps)` frames (at least one). */
export function frameSchedule(steps: readonly ScheduledStep[], fps: number = VIDEO_FPS): FrameSchedule {
  const frames = steps.map((s) => Math.max(1, Math.round(s.seconds * fps)));
  const starts: number[] = [];
  let total = 0;
  for (const n of frames) {
    starts.push(total);
    total += n;
  }
  return { fps, frames, starts, total, duration: total / fps };
}

/** What one frame shows: a step (0-based), the frame within it, and the model's time. */
export interface FrameShot {
  readonly step: number;
  readonly frameInStep: number;
  readonly time: number;
}

/**
 * What frame `index` (0-based, over the whole video) shows: its step, and the model's time, the
 * step's `at` plus `frameInStep * speed / fps` when the step plays, rounded to the model's
 * tick (the model moves in whole ticks). Null past the end.
 */
export function frameAt(steps: readonly ScheduledStep[], schedule: FrameSchedule, index: number): FrameShot | null {
  if (!Number.isInteger(index) || index < 0 || index >= schedule.total) return null;
  let step = 0;
  while (step + 1 < schedule.starts.length && schedule.starts[step + 1]! <= index) step++;
  const s = steps[step]!;
  const frameInStep = index - schedule.starts[step]!;
  const ticks = Math.round((frameInStep * s.speed) / schedule.fps / MODEL_TICK_SECONDS);
  const time = s.playing ? s.at + ticks * MODEL_TICK_SECONDS : s.at;
  return { step, frameInStep, time };
}

/** The presentation timestamp of frame `index`, in microseconds (WebCodecs' unit): exactly `index / fps` seconds, rounded. */
export function frameTimestampUs(index: number, fps: number = VIDEO_FPS): number {
  return Math.round((index * 1_000_000) / fps);
}
