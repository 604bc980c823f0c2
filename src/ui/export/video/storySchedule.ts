/** A story's frame schedule (no DOM, no styles: scripts and tests import it too). */
import { resolveStep, type ResolvedStep, type Story } from '../../../stories';
import { createTranslator, type Locale } from '../../../i18n/translate';
import { frameSchedule, readingSeconds, type FrameSchedule, type ScheduledStep } from './schedule';

/** The frame schedule of a story in a language: each step's reading time, time, pace. */
export function storySchedule(story: Story, locale: Locale): { steps: ScheduledStep[]; resolved: ResolvedStep[]; schedule: FrameSchedule } {
  const t = createTranslator(locale);
  const resolved = story.steps.map((_, i) => resolveStep(story, i)!);
  const steps = resolved.map((r) => ({ seconds: readingSeconds(t(r.step.narration), locale), at: r.time, playing: r.playing, speed: r.view.speed }));
  return { steps, resolved, schedule: frameSchedule(steps) };
}

