/**
 * What the narration says is true of the model: every figure a story's text states (a
 * quarter, three quarters, doubles, one stream, far more than its share, duplicates, nothing
 * received) is checked here against the simulation and its closed form at that step's state,
 * and then worded from the model's figure and found in the catalogue's text, in English and in
 * Chinese: a figure of the model that changes, or a word of the catalogue that does, fails.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../sim';
import { toSimInput } from '../state/toSim';
import { en, type Message, type MessageId } from '../i18n/en';
import { zhCN } from '../i18n/zh-CN';
import { resolveStep, storyById } from './index';
import type { StoryId } from './types';

/** The catalogue's text of `id` contains `words.en` in English and `words.zh` in Chinese. */
function says(id: MessageId, words: { readonly en: string; readonly zh: string }): void {
  const text = (m: Message) => (typeof m === 'string' ? m : m.other);
  expect(text(en[id]), `en ${id}`).toContain(words.en);
  expect(text((zhCN as Record<MessageId, Message>)[id]), `zh-CN ${id}`).toContain(words.zh);
}

/** The simple fractions the narration words shares with. */
const FRACTIONS = [
  { value: 1 / 5, en: 'a fifth', plural: 'fifths', zh: '五分之一' },
  { value: 1 / 4, en: 'a quarter', plural: 'quarters', zh: '四分之一' },
  { value: 1 / 3, en: 'a third', plural: 'thirds', zh: '三分之一' },
  { value: 2 / 5, en: 'two fifths', plural: 'fifths', zh: '五分之二' },
  { value: 1 / 2, en: 'half', plural: 'halves', zh: '一半' },
  { value: 2 / 3, en: 'two thirds', plural: 'thirds', zh: '三分之二' },
  { value: 3 / 4, en: 'three quarters', plural: 'quarters', zh: '四分之三' },
] as const;

/** A share as the narration words it: the simple fraction it is close to (none when it is close to none). */
function fraction(x: number): (typeof FRACTIONS)[number] {
  const f = FRACTIONS.reduce((a, b) => (Math.abs(b.value - x) < Math.abs(a.value - x) ? b : a));
  expect(Math.abs(f.value - x), `${x} as a simple fraction`).toBeLessThan(0.03);
  return f;
}

/** Counts as the narration spells them: English words, Chinese numerals. */
const COUNTS: Readonly<Record<number, { readonly en: string; readonly zh: string }>> = {
  1: { en: 'one', zh: '一' },
  2: { en: 'two', zh: '两' },
  4: { en: 'four', zh: '四' },
  5: { en: 'five', zh: '五' },
  7: { en: 'seven', zh: '七' },
  8: { en: 'eight', zh: '八' },
  16: { en: 'sixteen', zh: '十六' },
};
const count = (n: number) => {
  expect(COUNTS[n], `${n} as a word`).toBeDefined();
  return COUNTS[n]!;
};

/** "About" a figure: rounded to `digits` significant digits (9.8 s is about 10 s, 487 MB about 490 MB). */
const about = (x: number, digits = 1) => Number(x.toPrecision(digits));
/** A share in whole tens of percent, as the narration gives them ("50 %" in English, "50%" in Chinese). */
const percent = (x: number) => Math.round(x * 10) * 10;

function run(id: StoryId, step: number, seconds = 10) {
  const sim = createSimulation(toSimInput(resolveStep(storyById(id)!, step - 1)!.params));
  sim.step(seconds);
  return sim.snapshot();
}

const maxShare = (s: ReturnType<typeof run>) => Math.max(...s.modes.server.replicas.map((r) => r.ownedShare));

describe('the stories’ narration matches the model', () => {
  it('problem 1: each of four replicas owns about a quarter, and client-side receives the whole stream', () => {
    const s = run('problem', 1);
    for (const r of s.modes.server.replicas) expect(Math.abs(r.ownedShare - 0.25)).toBeLessThan(0.03);
    const perReplica = s.closedForm.client.replicaEventsPerSec;
    // The whole stream, plus the bookmarks every watcher gets.
    for (const e of perReplica) expect(Math.abs(e / s.closedForm.streamEventsPerSec - 1)).toBeLessThan(0.01);
    const owned = fraction(s.modes.server.replicas.reduce((a, r) => a + r.ownedShare, 0) / s.modes.server.replicas.length);
    says('story.problem.1.a', { en: `about ${owned.en}`, zh: `大约${owned.zh}` });
    expect(Math.round(perReplica[0]! / s.closedForm.streamEventsPerSec)).toBe(1);
    says('story.problem.1.text', { en: 'the whole stream', zh: '整个事件流' });
  });

  it('problem 3: eight replicas double the client-side total of four', () => {
    const four = run('problem', 1).closedForm.client.egressBytesPerSec;
    const s = run('problem', 3);
    const eight = s.closedForm.client.egressBytesPerSec;
    expect(eight / four).toBeGreaterThan(1.9);
    expect(eight / four).toBeLessThan(2.1);
    expect(Math.round(eight / four)).toBe(2);
    says('story.problem.3.text', { en: 'the client-side total doubles', zh: '客户端分片的总量翻倍' });
    // Eight replicas, eight times the stream each replica receives.
    const times = count(Math.round(s.closedForm.client.egressBytesPerSec / s.closedForm.client.replicaBytesPerSec[0]!));
    says('story.problem.3.text', { en: `With ${times.en} replicas`, zh: `有${times.zh}个副本时` });
    says('story.problem.3.text', { en: `the whole stream ${times.en} times`, zh: `整个事件流发送${times.zh}次` });
  });

  it('saving 2: server-side saves about three quarters of the decoding with four replicas', () => {
    const s = run('saving', 2);
    const cpu = (m: 'client' | 'server') => s.closedForm[m].replicaCpuCores.reduce((a, b) => a + b, 0);
    const saved = 1 - cpu('server') / cpu('client');
    expect(saved).toBeGreaterThan(0.68);
    expect(saved).toBeLessThan(0.8);
    const share = fraction(saved);
    says('story.saving.2.a', { en: `About ${share.en}`, zh: `大约${share.zh}` });
  });

  it('saving 3: filtering in handlers, client-side caches take about four times the memory of server-side', () => {
    const s = run('saving', 3);
    const ratio = s.modes.client.totals.cacheBytes / s.modes.server.totals.cacheBytes;
    expect(ratio).toBeGreaterThan(3.6);
    expect(ratio).toBeLessThan(4.4);
  });

  it('saving 4: sixteen replicas get sixteen streams client-side, about one server-side', () => {
    const s = run('saving', 4);
    const stream = s.closedForm.client.egressBytesPerSec / 16;
    expect(s.closedForm.server.egressBytesPerSec / stream).toBeGreaterThan(0.95);
    expect(s.closedForm.server.egressBytesPerSec / stream).toBeLessThan(1.3);
    const n = count(Math.round(s.closedForm.client.egressBytesPerSec / s.closedForm.client.replicaBytesPerSec[0]!));
    says('story.saving.4.text', { en: `sent ${n.en} times`, zh: `被发送${n.zh}次` });
    const one = count(Math.round(s.closedForm.server.egressBytesPerSec / stream));
    says('story.saving.4.text', { en: `about ${one.en} stream`, zh: `约为${one.zh}个事件流` });
  });

  it('fallback 1: client-go on a gate-off server caches the whole collection on every replica, silently', () => {
    const s = run('fallback', 1);
    const live = s.modes.server.audit.live;
    for (const r of s.modes.server.replicas) {
      expect(r.filtering).toBe('trust');
      expect(r.cacheObjects).toBe(live);
      expect(r.status).toBe('ok');
      expect(r.shardInfoSeen).toBe(false);
    }
    expect(s.modes.server.audit.duplicates).toBe(live);
    says('story.fallback.1.text', { en: 'each replica caches every object, with no error', zh: '每个副本都缓存了全部对象，没有报错' });
  });

  it('fallback 2: the checked client keeps about a quarter on each replica, no duplicates, and no saving', () => {
    const s = run('fallback', 2);
    expect(s.modes.server.audit.duplicates).toBe(0);
    expect(s.modes.server.audit.gaps).toBe(0);
    const share = fraction(maxShare(s));
    says('story.fallback.2.text', { en: `about ${share.en} again`, zh: `大约${share.zh}` });
    expect(Math.abs(s.closedForm.client.egressBytesPerSec / s.closedForm.server.egressBytesPerSec - 1)).toBeLessThan(0.01);
  });

  it('fallback 3: the shardinfo client LISTs, sees no shardInfo and checks every object itself', () => {
    const s = run('fallback', 3);
    for (const r of s.modes.server.replicas) {
      expect(r.shardInfoSeen).toBe(false);
      expect(r.filtering).toBe('local');
    }
    expect(s.modes.server.audit.duplicates).toBe(0);
  });

  it('fallback 4: with L4 and mixed gates, replicas on the gated server keep their share, the others everything', () => {
    const s = run('fallback', 4);
    const live = s.modes.server.audit.live;
    const onGated = s.modes.server.replicas.map((r) => r.apiServer === 0);
    expect(onGated).toContain(true);
    expect(onGated).toContain(false);
    for (const r of s.modes.server.replicas) {
      expect(r.listServer).toBe(r.apiServer);
      if (r.apiServer === 0) expect(Math.abs(r.cacheObjects / live - 0.25)).toBeLessThan(0.03);
      else expect(r.cacheObjects).toBe(live);
    }
    expect(s.modes.server.audit.duplicates).toBeGreaterThan(0);
    says('story.fallback.4.text', { en: 'The audit counts the duplicates', zh: '归属审计统计了重复' });
  });

  it('hot namespaces 3: two empty ranges; dropping BOOKMARKs gets both 410 Gone at their deadline, client-go none', () => {
    const at = (client: 'ksm-2.18' | 'client-go') => {
      const sim = createSimulation(toSimInput({ ...resolveStep(storyById('hot-namespaces')!, 2)!.params, client }));
      sim.step(600);
      return sim.snapshot();
    };
    const ksm = at('ksm-2.18');
    const cold = ksm.modes.server.replicas.filter((r) => r.cacheObjects === 0);
    expect(cold).toHaveLength(2);
    says('story.hot-namespaces.3.text', { en: `${count(cold.length).en} ranges hold no namespace`, zh: `有${count(cold.length).zh}个范围不含任何命名空间` });
    // Every cold replica's resume came too late for the cache's window, and no other one's did.
    expect(ksm.modes.server.lifecycle.goneResponses).toBe(cold.length);
    expect(ksm.modes.server.lifecycle.relists.gone).toBe(cold.length);
    for (const r of cold) expect(r.counters.bookmarksDropped).toBe(r.counters.bookmarks);
    says('story.hot-namespaces.3.text', { en: 'for both cold replicas', zh: '两个冷副本都收到 410 Gone' });
    const go = at('client-go');
    expect(go.modes.server.lifecycle.goneResponses).toBe(0);
    expect(go.modes.server.lifecycle.watchResumesByCause.timeout).toBeGreaterThanOrEqual(8);
    expect(resolveStep(storyById('hot-namespaces')!, 2)!.view.speed).toBe(16);
    says('story.hot-namespaces.3.text', { en: 'The clock runs sixteen times faster', zh: '时钟以十六倍速运行' });
  });

  it('mechanism 4: two replicas with two interleaved quarters each own about half, with no gap', () => {
    const s = run('mechanism', 4);
    for (const r of s.modes.server.replicas) expect(Math.abs(r.ownedShare - 0.5)).toBeLessThan(0.03);
    expect(s.modes.server.audit.gaps).toBe(0);
    expect(s.modes.server.replicas.every((r) => r.ranges.length === 2)).toBe(true);
    const r0 = s.modes.server.replicas[0]!;
    const n = count(r0.ranges.length);
    const each = fraction(r0.ranges[0]!.to - r0.ranges[0]!.from);
    says('story.mechanism.4.text', { en: `${n.en} replicas each own ${n.en} interleaved ${each.plural}`, zh: `${n.zh}个副本各负责哈希空间中交错的${n.zh}个${each.zh}` });
  });

  it('hot namespaces 2: one replica owns far more than its quarter; 4 (uid) about a quarter each', () => {
    expect(maxShare(run('hot-namespaces', 2))).toBeGreaterThan(0.5);
    says('story.hot-namespaces.2.text', { en: 'owns far more than its share', zh: '负责的对象远超其份额' });
    expect(maxShare(run('hot-namespaces', 4))).toBeLessThan(0.28);
    says('story.hot-namespaces.4.text', { en: 'each replica owns about an equal share', zh: '每个副本负责的份额大致相等' });
  });

  it('refused 1: the server answers HTTP 500 and replica-0 receives nothing; 3 (gate off) ignores it', () => {
    const s = run('refused', 1);
    const r0 = s.modes.server.replicas[0]!;
    expect(r0.error?.httpStatus).toBe(500);
    expect(r0.error?.message).toMatch(/^invalid shard selector: hexStart must be a 0x-prefixed 16-digit hex value/);
    expect(r0.cacheObjects).toBe(0);
    says('story.refused.1.text', { en: `HTTP ${r0.error!.httpStatus}`, zh: `HTTP ${r0.error!.httpStatus}` });
    const prefix = r0.error!.message.slice(0, r0.error!.message.indexOf(':') + 1);
    says('story.refused.1.text', { en: `“${prefix}”`, zh: `“${prefix}”` });
    const kind = /expression kind \d+$/.exec(run('refused', 2).modes.server.replicas[0]!.error?.message ?? '')?.[0];
    expect(kind).toBe('expression kind 3');
    says('story.refused.2.text', { en: kind!, zh: kind! });
    const off = run('refused', 3).modes.server.replicas[0]!;
    expect(off.error?.httpStatus ?? null).toBeNull();
    expect(off.shardInfoSeen).toBe(false);
    // client-go parses nothing: it keeps the whole collection, with no error anywhere.
    expect(off.status).toBe('ok');
    expect(off.filtering).toBe('trust');
    expect(off.cacheObjects).toBe(run('refused', 3).modes.server.audit.live);
    says('story.refused.3.text', { en: 'replica-0 caches every object', zh: 'replica-0 缓存了每个对象' });
  });

  describe('resharding (4 -> 5 at 5 s, 100,000 objects)', () => {
    // One run per step, to 45 s: past every hand-off (the slowest settles about 35 s after 5 s).
    const memo = new Map<number, ReturnType<typeof run>>();
    const at = (n: number) => memo.get(n) ?? memo.set(n, run('resharding', n, 45)).get(n)!;
    const of = (n: number, mode: 'client' | 'server') => at(n).handoff.reshards.find((h) => h.mode === mode)!;
    // Step 5's rollout takes one pod every 20 s: 130 s is past its last hand-off.
    let five: ReturnType<typeof run> | null = null;
    const of5 = (mode: 'client' | 'server') => (five ??= run('resharding', 5, 130)).handoff.reshards.find((h) => h.mode === mode)!;

    it('1: equal ranges move about half the objects, in both modes', () => {
      // Closed form: floor(4x) = floor(5x) on [k/4, (k+1)/5), k = 0..3: (4+3+2+1)/20 = 1/2 stays.
      for (const m of ['client', 'server'] as const) expect(Math.abs(of(1, m).movedFraction - 0.5)).toBeLessThan(0.01);
      expect(of(1, 'client')).toMatchObject({ from: 4, to: 5, at: 5, strategy: 'equal-ranges' });
      expect(at(1).modes.server.replicas).toHaveLength(5);
      const h = of(1, 'server');
      const moved = percent(h.movedFraction);
      says('story.resharding.1.text', { en: `(${moved} %) change owner`, zh: `（${moved}%）更换了负责副本` });
      says('story.resharding.1.text', { en: `At ${h.at} s`, zh: `在 ${h.at} 秒时` });
      says('story.resharding.1.text', { en: `from ${count(h.from).en} replicas to ${count(h.to).en}`, zh: `从 ${h.from} 个副本变为 ${h.to} 个` });
      const [was, now] = [fraction(1 / h.from), fraction(1 / h.to)];
      says('story.resharding.1.text', { en: `from ${was.en} to ${now.en}`, zh: `从${was.zh}缩小到${now.zh}` });
    });

    it('1 (answer): a fifth is the least that can move, the share the fifth replica owns', () => {
      expect(Math.abs(of(2, 'client').movedFraction - 1 / 5)).toBeLessThan(0.01);
      const least = of(2, 'client').movedFraction;
      says('story.resharding.1.a', { en: `${fraction(least).en.replace(/^a /, 'A ')} (${percent(least)} %)`, zh: `${fraction(least).zh}（${percent(least)}%）` });
    });

    it('2: jump hash moves about 20 % client-side; server-side re-splits into equal ranges and moves about 50 %', () => {
      // Jump hash moves an object from bucket j < 4 to 4 with probability 1/5 and never between old buckets.
      expect(of(2, 'client').strategy).toBe('jump-hash');
      expect(Math.abs(of(2, 'client').movedFraction - 0.2)).toBeLessThan(0.01);
      expect(of(2, 'server').strategy).toBe('equal-ranges');
      expect(Math.abs(of(2, 'server').movedFraction - 0.5)).toBeLessThan(0.01);
      const [client, server] = [percent(of(2, 'client').movedFraction), percent(of(2, 'server').movedFraction)];
      says('story.resharding.2.text', { en: `the fifth replica takes: about ${client} %`, zh: `第 5 个副本接手的对象：约 ${client}%` });
      // The page shows the client-side share only, so the server-side one is
      // said in words ("about half", as step 1's 50 %), not quoted as a figure.
      expect(server).toBe(50);
      says('story.resharding.2.text', { en: 'still moves about half, as in step 1', zh: '仍然移动约一半，与第 1 步相同' });
    });

    it('3: all at once, no object has an owner for about 18 s client-side (8 s restart, one 490 MB list) and about 10 s server-side', () => {
      const c = of(3, 'client');
      const s = of(3, 'server');
      const restart = toSimInput(resolveStep(storyById('resharding')!, 2)!.params).replicas?.podRestartSeconds ?? 8;
      expect(restart).toBe(8);
      // Every object live at the reshard is orphaned (and those created during the window too).
      expect(c.peakOrphans).toBeGreaterThanOrEqual(c.objects);
      const list = c.relistBytes / 5;
      expect(list / 1e6).toBeGreaterThan(470);
      expect(list / 1e6).toBeLessThan(510);
      // The pod restarts (8 s), then a list takes 0.05 s + bytes / 50 MB/s: about 9.8 s for the whole collection.
      expect(Math.abs(c.settleSeconds - (restart + 0.05 + list / 50e6))).toBeLessThan(0.1);
      const fifth = Math.max(...s.replicas.map((r) => r.listBytes));
      expect(Math.abs(s.settleSeconds - (restart + 0.05 + fifth / 50e6))).toBeLessThan(0.1);
      expect(c.duplicateObjectSeconds).toBe(0);
      for (const r of c.replicas) expect(r.listAt! - r.restartAt!).toBe(restart);
      const mb = about(list / 1e6, 2);
      says('story.resharding.3.text', { en: `the whole collection, about ${mb} MB`, zh: `整个集合，约 ${mb} MB` });
      says('story.resharding.3.text', { en: `take about ${restart} s`, zh: `约需 ${restart} 秒` });
      says('story.resharding.3.text', { en: `for about ${about(c.settleSeconds, 2)} s no object has an owner`, zh: `约 ${about(c.settleSeconds, 2)} 秒内没有对象有负责副本` });
      says('story.resharding.3.text', { en: `closes after about ${about(s.settleSeconds)} s`, zh: `约 ${about(s.settleSeconds)} 秒后窗口就关闭了` });
      const share = fraction(s.relistBytes / c.relistBytes);
      says('story.resharding.3.text', { en: `each list is ${share.en} of it`, zh: `每次列表只有${share.zh}` });
    });

    it('4: client-side relists carry about 2.5 GB, server-side about 490 MB: five times less', () => {
      const c = of(4, 'client');
      const s = of(4, 'server');
      expect(c.relists).toBe(5);
      expect(c.relistBytes / 1e9).toBeGreaterThan(2.4);
      expect(c.relistBytes / 1e9).toBeLessThan(2.6);
      expect(s.relistBytes / 1e6).toBeGreaterThan(470);
      expect(s.relistBytes / 1e6).toBeLessThan(510);
      expect(Math.abs(c.relistBytes / s.relistBytes - 5)).toBeLessThan(0.05);
      const lists = c.relists;
      const gb = about(c.relistBytes / 1e9, 2);
      says('story.resharding.4.text', { en: `${count(lists).en} syncs of the whole collection carry about ${gb} GB`, zh: `${lists} 次同步都是整个集合，共约 ${gb} GB` });
      says('story.resharding.4.text', { en: `about ${about(s.relistBytes / 1e6, 2)} MB in all`, zh: `总共约 ${about(s.relistBytes / 1e6, 2)} MB` });
      const times = Math.round(c.relistBytes / s.relistBytes);
      says('story.resharding.4.text', { en: `${count(times).en} times less, the same 1/N saving`, zh: `客户端分片是服务端分片的 ${times} 倍，与事件流上 1/N 的节省相同` });
      says('story.resharding.4.text', { en: `each carries ${fraction(s.relistBytes / c.relistBytes).en} of it`, zh: `每次只有${fraction(s.relistBytes / c.relistBytes).zh}` });
    });

    it('5: one pod every 20 s, at most about a quarter orphaned at once, for about 100 s client-side; some have two owners', () => {
      const c = of5('client');
      const s = of5('server');
      expect(c.rollout).toBe('one-by-one');
      // The next pod goes once the last has synced: 20 s > 8 s restart + the slowest list.
      for (const h of [c, s]) for (const r of h.replicas) expect(r.syncedAt! - r.restartAt!).toBeLessThan(20);
      // An old replica held a quarter; the new ones take a fifth each: the peak lies between.
      for (const h of [c, s]) expect(h.peakOrphans / h.objects).toBeGreaterThan(0.2);
      for (const h of [c, s]) expect(h.peakOrphans / h.objects).toBeLessThan(0.25);
      expect(c.settleSeconds).toBeGreaterThan(90);
      expect(c.settleSeconds).toBeLessThan(110);
      expect(s.peakDuplicates).toBeGreaterThan(0);
      expect(c.peakDuplicates).toBeGreaterThan(0);
      const peak = fraction(c.peakOrphans / c.objects);
      says('story.resharding.5.text', { en: `At most about ${peak.en} of the objects are without an owner`, zh: `同一时刻最多约${peak.zh}的对象没有负责副本` });
      says('story.resharding.5.text', { en: `the hand-off lasts about ${about(c.settleSeconds)} s client-side`, zh: `客户端分片的交接持续约 ${about(c.settleSeconds)} 秒` });
      says('story.resharding.5.text', { en: 'some objects have two owners', zh: '有些对象有两个负责副本' });
      expect(resolveStep(storyById('resharding')!, 4)!.view.speed).toBe(4);
      says('story.resharding.5.text', { en: 'four times faster', zh: '四倍速' });
    });

    it('6: new replicas first, no object is ever without an owner in either mode; about a fifth have two at the peak', () => {
      for (const m of ['client', 'server'] as const) {
        const h = of(6, m);
        expect(h.rollout).toBe('new-first');
        expect(h.orphanObjectSeconds).toBe(0);
        expect(h.peakOrphans).toBe(0);
        expect(Math.abs(h.peakDuplicates / h.objects - 0.2)).toBeLessThan(0.02);
        const twice = fraction(h.peakDuplicates / h.objects);
        says('story.resharding.6.text', { en: `about ${twice.en} of them have two owners at the peak`, zh: `高峰时约${twice.zh}的对象有两个负责副本` });
      }
      says('story.resharding.6.text', { en: 'No object is ever without an owner, in either mode', zh: '两种分片方式下都没有任何对象失去负责副本' });
    });
  });

  describe('rollout (three API servers, gate rolled on, then back, from 10 s every 10 s)', () => {
    const at = (n: number, seconds: number) => {
      const sim = createSimulation(toSimInput(resolveStep(storyById('rollout')!, n - 1)!.params));
      sim.step(seconds);
      return sim.snapshot();
    };
    const ratio = (s: ReturnType<typeof run>) => s.closedForm.client.egressBytesPerSec / s.closedForm.server.egressBytesPerSec;

    it('1: no server filters, client-go caches everything, and server-side sends as much as client-side (1.0x)', () => {
      const s = run('rollout', 1, 20);
      expect(s.modes.server.replicas.every((r) => r.filtering === 'trust' && r.cacheObjects === s.modes.server.audit.live)).toBe(true);
      expect(Math.abs(ratio(s) - 1)).toBeLessThan(0.05);
      expect(s.modes.server.lifecycle.relists.restart).toBe(0);
      says('story.rollout.1.text', { en: `a ratio of ${ratio(s).toFixed(1)}×`, zh: `比例为 ${ratio(s).toFixed(1)}×` });
    });

    it('2: seven resumes and no relists in each mode, then 4x less, while the caches keep what they had', () => {
      const end = at(2, 45);
      for (const m of ['client', 'server'] as const) {
        const l = end.modes[m].lifecycle;
        expect(l.watchResumes).toBe(7);
        expect(l.watchResumesByCause.restart).toBe(7);
        expect(l.relists).toEqual({ reshard: 0, restart: 0, gone: 0, error: 0 });
      }
      expect(Math.abs(ratio(end) - 4)).toBeLessThan(0.2);
      expect(end.modes.server.replicas.every((r) => r.filtering === 'server')).toBe(true);
      // The caches stay full: every replica still holds more than 95 % of what is live.
      for (const r of end.modes.server.replicas) expect(r.cacheObjects / end.modes.server.audit.live).toBeGreaterThan(0.95);
      says('story.rollout.2.text', { en: `${count(end.modes.server.lifecycle.watchResumes).en} resumes, no relists`, zh: `共 ${end.modes.server.lifecycle.watchResumes} 次恢复，没有重新 LIST` });
      says('story.rollout.2.text', { en: `server-side sends ${Math.round(ratio(end))}× less, yet the caches stay full`, zh: `客户端分片的发送量是服务端分片的 ${Math.round(ratio(end))} 倍，但缓存仍然是满的` });
    });

    it('2: a LIST answered by one server and the resumed WATCH by another, with L4', () => {
      const mid = at(2, 26);
      expect(mid.modes.server.replicas.some((r) => r.listServer !== r.apiServer)).toBe(true);
    });

    it('3: the rollback: resumed watches on gate-off servers fill client-go caches; those that hit 410 hold everything', () => {
      const s = at(3, 45);
      const live = s.modes.server.audit.live;
      const l = s.modes.server.lifecycle;
      expect(l.relists.gone).toBe(2);
      expect(l.relists.restart).toBe(0);
      const full = s.modes.server.replicas.filter((r) => r.cacheObjects === live);
      const filling = s.modes.server.replicas.filter((r) => r.cacheObjects < live);
      expect(full).toHaveLength(2);
      expect(filling).toHaveLength(2);
      const share = fraction(filling.reduce((a, r) => a + r.cacheObjects, 0) / filling.length / live);
      says('story.rollout.3.text', { en: `by 45 s two replicas hold about ${share.en} of the collection, and grow`, zh: `到 45 秒时，两个副本持有约${share.zh}的集合，并且还在增长` });
      // And grow: later, more.
      const later = at(3, 60);
      for (const r of later.modes.server.replicas) expect(r.cacheObjects).toBeGreaterThanOrEqual(s.modes.server.replicas[r.index]!.cacheObjects - 100);
      expect(Math.min(...later.modes.server.replicas.map((r) => r.cacheObjects))).toBeGreaterThan(Math.min(...filling.map((r) => r.cacheObjects)));
      expect(s.modes.server.replicas.every((r) => r.status === 'ok')).toBe(true);
      expect(l.duplicatesMissed).toBeGreaterThan(0);
    });

    it('4: the checked client catches exactly what client-go kept: no duplicate in the audit at any time', () => {
      const kept = at(3, 45).modes.server.lifecycle.duplicatesMissed;
      const end = at(4, 45);
      expect(end.modes.server.lifecycle.duplicatesMissed).toBe(0);
      expect(end.modes.server.lifecycle.duplicatesCaught).toBe(kept);
      expect(Math.max(...end.modes.server.series.duplicates)).toBe(0);
      for (const r of end.modes.server.replicas) expect(Math.abs(r.cacheObjects / end.modes.server.audit.live - 0.25)).toBeLessThan(0.03);
      says('story.rollout.4.text', { en: 'It catches exactly the events client-go kept', zh: '它恰好拦下 client-go 保留的那些事件' });
      says('story.rollout.4.text', { en: 'no duplicates at any time', zh: '任何时候都没有重复' });
    });
  });
});
