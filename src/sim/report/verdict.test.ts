import { describe, expect, it } from 'vitest';
import { ENGLISH, headlineRatio, settlingSecondsLeft, verdictOf, verdictSentence, type Verdict, type VerdictWords } from './verdict';
import { createSimulation } from '../engine';
import { CHINESE } from './verdictWords';

/** A healthy verdict of four replicas at this ratio (client-side egress / server-side egress). */
const at = (ratio: number, settling = false, settlingSeconds = 3): Omit<Verdict, 'sentence'> => ({
  replicas: 4,
  ratio,
  source: settling ? 'expected' : 'measured',
  settling,
  settlingSeconds: settling ? settlingSeconds : null,
  failures: [],
});

const WORDS: readonly (readonly [string, VerdictWords, { same: string; less: (ratio: string) => string; settlingSame: string }])[] = [
  ['en', ENGLISH, { same: '4 replicas: both modes send the same', less: (r) => `4 replicas: server-side sends ${r}× less`, settlingSame: '4 replicas: both modes should send the same (expected; rates settle in 3 s)' }],
  ['zh-CN', CHINESE, { same: '4 个副本；两种方式的发送量相同', less: (r) => `4 个副本；客户端分片的发送量是服务端分片的 ${r} 倍`, settlingSame: '4 个副本；预计两种方式的发送量相同；速率尚未稳定，还需 3 秒' }],
];

describe('the headline of an even ratio (the ratio is shown with one decimal)', () => {
  // "1.0× less" would read as a saving that is not there: a ratio that shows as 1.0 is said in words.
  it.each(WORDS)('%s: says both modes send the same for every ratio that shows as 1.0, up to just under 1.05', (_, words, say) => {
    for (const ratio of [1, 1.04, 1.0499999, 0.96]) expect(verdictSentence(at(ratio), words), String(ratio)).toBe(say.same);
    expect(verdictSentence(at(1.04, true), words)).toBe(say.settlingSame);
  });

  it.each(WORDS)('%s: states the saving from 1.05 on, where the ratio shows as 1.1', (_, words, say) => {
    expect(verdictSentence(at(1.05), words)).toBe(say.less('1.1'));
    expect(verdictSentence(at(1.0500001), words)).toBe(say.less('1.1'));
    expect(verdictSentence(at(1.04), words)).not.toMatch(/1\.0×/);
  });
});

describe('the seconds a settling headline waits (issue 19, point 9)', () => {
  // From the snapshot's own settling window: the start is a change, so rates settle one window
  // after t = 0, and the headline counts down with the time as the replica cards do.
  it('counts down to the end of the rate window, rounded up, and is null once the rates are steady', () => {
    const sim = createSimulation({ seed: 'settling-seconds', cluster: { pods: 500 }, rateWindowSeconds: 5, stepSeconds: 0.25 });
    const seen: (number | null)[] = [];
    for (const t of [0.25, 1, 2.5, 4, 4.75, 5.25]) {
      sim.step(t - sim.snapshot().time);
      const snap = sim.snapshot();
      expect(headlineRatio(snap).settlingSeconds, `t=${snap.time}`).toBe(settlingSecondsLeft(snap));
      seen.push(verdictOf(snap).settlingSeconds);
    }
    expect(seen).toEqual([5, 4, 3, 1, 1, null]);
  });

  it('puts the seconds in the sentence, in both languages', () => {
    const snap = createSimulation({ seed: 'settling-seconds', cluster: { pods: 500 }, rateWindowSeconds: 5, stepSeconds: 0.25 });
    snap.step(2.5);
    const v = verdictOf(snap.snapshot());
    expect(v.settling).toBe(true);
    expect(v.sentence).toMatch(/\(expected; rates settle in 3 s\)$/);
    expect(verdictSentence(v, CHINESE)).toMatch(/；速率尚未稳定，还需 3 秒$/);
  });
});
