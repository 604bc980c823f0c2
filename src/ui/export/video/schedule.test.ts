import { describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { zhCN } from '../../../i18n/zh-CN';
import { STORIES } from '../../../stories';
import { TICK_SECONDS } from '../../../sim';
import { frameAt, frameSchedule, frameTimestampUs, MODEL_TICK_SECONDS, readingSeconds, readingUnits, VIDEO_FPS, type ScheduledStep } from './schedule';

describe('the reading-time rule of a recorded story', () => {
  it('counts English words between spaces, punctuation alone not a word', () => {
    expect(readingUnits('Four controller replicas share the pods by their uid.', 'en')).toBe(9);
    expect(readingUnits('  a — b  ', 'en')).toBe(2);
    expect(readingUnits('', 'en')).toBe(0);
  });

  it('counts each Han character, and each run of Latin letters or digits, in Chinese', () => {
    // 四 个 控 制 器 副 本 按 (8) + uid (1) + 分 担 (2) + Pod (1) = 12; punctuation is not counted.
    expect(readingUnits('四个控制器副本按 uid 分担 Pod。', 'zh-CN')).toBe(12);
    expect(readingUnits('副本0x8000', 'zh-CN')).toBe(3);
  });

  it('gives 2 s plus the words at 180 a minute in English, 4 s at least, in whole frames', () => {
    // 60 words: 20 s of reading, 22 s on screen.
    expect(readingSeconds(Array(60).fill('word').join(' '), 'en')).toBe(22);
    // 3 words: 1 s of reading, held for the 4 s minimum.
    expect(readingSeconds('one two three', 'en')).toBe(4);
    // 31 words: 2 + 31/3 = 12.333... s, rounded up to 370 frames.
    expect(readingSeconds(Array(31).fill('w').join(' '), 'en') * VIDEO_FPS).toBeCloseTo(370, 9);
  });

  it('gives 2 s plus the characters at 300 a minute in Chinese', () => {
    // 100 Han characters: 20 s of reading.
    expect(readingSeconds('字'.repeat(100), 'zh-CN')).toBe(22);
    expect(readingSeconds('短', 'zh-CN')).toBe(4);
  });

  it('gives every built-in step between 4 and 60 seconds in both languages', () => {
    for (const story of STORIES) {
      for (const step of story.steps) {
        for (const [locale, texts] of [['en', en], ['zh-CN', zhCN]] as const) {
          const s = readingSeconds(String(texts[step.narration]), locale);
          expect(s, `${story.id} ${step.narration} ${locale}`).toBeGreaterThanOrEqual(4);
          expect(s, `${story.id} ${step.narration} ${locale}`).toBeLessThanOrEqual(60);
        }
      }
    }
  });
});

describe('the frame schedule of a recorded story', () => {
  const steps: ScheduledStep[] = [
    { seconds: 4, at: 10, playing: true, speed: 1 },
    { seconds: 5.5, at: 10, playing: false, speed: 1 },
    { seconds: 2, at: 30, playing: true, speed: 4 },
  ];
  const schedule = frameSchedule(steps);

  it('gives each step its seconds times 30 frames, one after the other', () => {
    expect(schedule.frames).toEqual([120, 165, 60]);
    expect(schedule.starts).toEqual([0, 120, 285]);
    expect(schedule.total).toBe(345);
    expect(schedule.duration).toBe(11.5);
  });

  it('moves a playing step’s model by speed / 30 s a frame from the step’s time (on the model’s 10 ms tick), and holds a paused one', () => {
    expect(frameAt(steps, schedule, 0)).toEqual({ step: 0, frameInStep: 0, time: 10 });
    // 119 / 30 = 3.9667 s, on the model's 10 ms tick: 3.97 s.
    expect(frameAt(steps, schedule, 119)).toMatchObject({ step: 0, frameInStep: 119 });
    expect(frameAt(steps, schedule, 119)!.time).toBeCloseTo(13.97, 12);
    expect(frameAt(steps, schedule, 1)!.time).toBeCloseTo(10.03, 12);
    expect(frameAt(steps, schedule, 2)!.time).toBeCloseTo(10.07, 12);
    expect(frameAt(steps, schedule, 3)!.time).toBeCloseTo(10.1, 12);
    expect(frameAt(steps, schedule, 120)).toEqual({ step: 1, frameInStep: 0, time: 10 });
    expect(frameAt(steps, schedule, 284)).toEqual({ step: 1, frameInStep: 164, time: 10 });
    expect(frameAt(steps, schedule, 285)).toEqual({ step: 2, frameInStep: 0, time: 30 });
    // 59 frames at 4x: 7.8667 s, on the tick: 7.87 s.
    expect(frameAt(steps, schedule, 344)!.time).toBeCloseTo(37.87, 12);
  });

  it('rounds to the model’s own tick', () => {
    expect(MODEL_TICK_SECONDS).toBe(TICK_SECONDS);
  });

  it('shows nothing outside the video', () => {
    expect(frameAt(steps, schedule, 345)).toBeNull();
    expect(frameAt(steps, schedule, -1)).toBeNull();
    expect(frameAt(steps, schedule, 1.5)).toBeNull();
  });

  it('gives the same frames every time (no wall clock in it)', () => {
    const a = Array.from({ length: schedule.total }, (_, i) => frameAt(steps, schedule, i));
    const b = Array.from({ length: schedule.total }, (_, i) => frameAt(steps, frameSchedule(steps), i));
    expect(a).toEqual(b);
  });

  it('stamps frame i at exactly i / 30 s', () => {
    expect(frameTimestampUs(0)).toBe(0);
    expect(frameTimestampUs(30)).toBe(1_000_000);
    expect(frameTimestampUs(1)).toBe(33_333);
    expect(frameTimestampUs(345)).toBe(11_500_000);
  });
});
