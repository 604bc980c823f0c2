import { describe, expect, it } from 'vitest';
import { ENGLISH, failurePhrase, verdictSentence, type Verdict, type VerdictFailure, type VerdictWords } from './verdict';
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

describe('each failure as a phrase (English)', () => {
  const phrase = (f: VerdictFailure) => failurePhrase(f, ENGLISH);

  it('a share of objects from 0.1% on, a count of objects below it', () => {
    expect(phrase({ kind: 'gaps', mode: 'server', count: 250, share: 0.25 })).toBe('25% of objects have no owner');
    expect(phrase({ kind: 'gaps', mode: 'server', count: 10, share: 0.001 })).toBe('0.1% of objects have no owner');
    expect(phrase({ kind: 'gaps', mode: 'server', count: 9, share: 0.0009 })).toBe('9 objects have no owner');
    expect(phrase({ kind: 'gaps', mode: 'server', count: 1, share: 0.0001 })).toBe('1 object has no owner');
    expect(phrase({ kind: 'duplicates', mode: 'server', count: 500, share: 0.5 })).toBe('50% of objects have more than one owner');
    expect(phrase({ kind: 'duplicates', mode: 'server', count: 1234, share: 0.0009 })).toBe('1,234 objects have more than one owner');
    expect(phrase({ kind: 'duplicates', mode: 'server', count: 1, share: 0.0009 })).toBe('1 object has more than one owner');
  });

  it('names up to three replicas, with the verb agreeing, and counts more', () => {
    expect(phrase({ kind: 'http500', mode: 'server', replicas: [2] })).toBe('replica-2 gets HTTP 500');
    expect(phrase({ kind: 'http500', mode: 'server', replicas: [1, 3] })).toBe('replica-1 and replica-3 get HTTP 500');
    expect(phrase({ kind: 'http500', mode: 'server', replicas: [0, 1, 2] })).toBe('replica-0, replica-1, and replica-2 get HTTP 500');
    expect(phrase({ kind: 'http500', mode: 'server', replicas: [0, 1, 2, 3] })).toBe('4 replicas get HTTP 500');
    expect(phrase({ kind: 'down', mode: 'server', replicas: [5] })).toBe('replica-5 is down (its selector does not parse)');
    expect(phrase({ kind: 'down', mode: 'server', replicas: [4, 5] })).toBe('replica-4 and replica-5 are down (their selectors do not parse)');
    expect(phrase({ kind: 'trust', mode: 'server', replicas: [1] })).toBe('replica-1 is on a gate-off API server and caches the whole collection, silently');
    expect(phrase({ kind: 'trust', mode: 'server', replicas: [1, 3] })).toBe('replica-1 and replica-3 are on gate-off API servers and cache the whole collection, silently');
    expect(phrase({ kind: 'fallback', mode: 'server', replicas: [3] })).toBe('replica-3 is on a gate-off API server: it receives the whole stream and filters it locally');
    expect(phrase({ kind: 'fallback', mode: 'server', replicas: [0, 1, 2, 3, 4] })).toBe('5 replicas are on gate-off API servers: they receive the whole stream and filter it locally');
  });

  it('duplicate events kept from an unfiltered WATCH: by whom while it lasts, in the past tense after', () => {
    expect(phrase({ kind: 'skewTrust', mode: 'server', replicas: [1], events: 1234 })).toBe(
      '1,234 duplicate events kept: replica-1 trusts a WATCH that a gate-off API server sends unfiltered',
    );
    expect(phrase({ kind: 'skewTrust', mode: 'server', replicas: [1, 2], events: 7 })).toBe(
      '7 duplicate events kept: replica-1 and replica-2 trust a WATCH that a gate-off API server sends unfiltered',
    );
    expect(phrase({ kind: 'skewTrust', mode: 'server', replicas: [], events: 7 })).toBe(
      '7 duplicate events kept while a WATCH that a gate-off API server sent unfiltered was trusted',
    );
  });

  it('a hot replica, with its factor to one decimal; a client-side problem says so', () => {
    expect(phrase({ kind: 'hot', mode: 'server', replica: 0, factor: 2.84 })).toBe('replica-0 receives 2.8× its fair share');
    expect(phrase({ kind: 'gaps', mode: 'client', count: 250, share: 0.25 })).toBe('client-side: 25% of objects have no owner');
    expect(phrase({ kind: 'http500', mode: 'client', replicas: [2] })).toBe('client-side: replica-2 gets HTTP 500');
  });
});

describe('the sentence with its failures', () => {
  const gaps: VerdictFailure = { kind: 'gaps', mode: 'server', count: 250, share: 0.25 };
  const down: VerdictFailure = { kind: 'down', mode: 'server', replicas: [2] };
  const hot: VerdictFailure = { kind: 'hot', mode: 'server', replica: 0, factor: 2 };
  const withFailures = (failures: VerdictFailure[]) => verdictSentence({ ...at(4), failures }, ENGLISH);

  it('spells out two failures and counts the rest', () => {
    expect(withFailures([gaps])).toBe('4 replicas: server-side sends 4.0× less — but 25% of objects have no owner');
    expect(withFailures([gaps, down])).toBe('4 replicas: server-side sends 4.0× less — but 25% of objects have no owner; replica-2 is down (its selector does not parse)');
    expect(withFailures([gaps, down, hot])).toBe(
      '4 replicas: server-side sends 4.0× less — but 25% of objects have no owner; replica-2 is down (its selector does not parse); and 1 more problem',
    );
    expect(withFailures([gaps, down, hot, hot])).toMatch(/; and 2 more problems$/);
  });

  it('one replica in the singular, while settling too', () => {
    expect(verdictSentence({ ...at(2), replicas: 1 }, ENGLISH)).toBe('1 replica: server-side sends 2.0× less');
    expect(verdictSentence({ ...at(2, true), replicas: 1 }, ENGLISH)).toBe('1 replica: server-side should send 2.0× less (expected; rates settle in 3 s)');
    expect(verdictSentence({ ...at(1, true), replicas: 1 }, ENGLISH)).toBe('1 replica: both modes should send the same (expected; rates settle in 3 s)');
    expect(verdictSentence({ ...at(1), replicas: 1 }, ENGLISH)).toBe('1 replica: both modes send the same');
  });
});
