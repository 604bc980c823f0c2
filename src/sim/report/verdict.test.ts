import { describe, expect, it } from 'vitest';
import { ENGLISH, verdictSentence, type Verdict, type VerdictWords } from './verdict';
import { CHINESE } from './verdictWords';

/** A healthy verdict of four replicas at this ratio (client-side egress / server-side egress). */
const at = (ratio: number, settling = false, settlingSeconds = 3): Omit<Verdict, 'sentence'> => ({
  replicas: 4,
  ratio,
  source: settling ? 'expected' : 'measured',
  settling,
  settlingSeconds: settling ? settlingSeconds : null,
  handoff: null,
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
