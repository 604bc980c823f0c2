/**
 * The verdict of a run: the headline ratio (how many times less the API servers send with
 * server-side sharding) and every failure that must be read with it, as data and as one
 * English sentence. The CLI prints the sentence under its table; the UI builds the same
 * sentence from its message catalogue (a test holds the two equal), so a failure is stated
 * as loudly as the saving, in both places.
 */
import type { Mode } from '../params';
import type { ModeSnapshot, SimSnapshot } from './snapshot';
import { clockText } from './clock';

/** The busiest replica is "hot" from this many times the mean received bytes/s. */
export const HOT_REPLICA_FACTOR = 1.5;

/**
 * A measured hot replica is stated only when its excess is beyond counting noise: its watch
 * events in the rate window exceed the mean replica's by this many Poisson standard
 * deviations (sqrt of the mean count). A small cluster over many replicas has few events per
 * replica per window, and the busiest of 64 is then 1.5x the mean by chance alone.
 */
export const HOT_REPLICA_MIN_Z = 5;

/** Shares of live objects below this are stated as a count ("3 objects"), not a percentage. */
export const SHARE_AS_PERCENT_FROM = 0.001;

/** Up to this many replicas are named; more are counted ("5 replicas"). */
export const NAMED_REPLICAS_MAX = 3;

/** At most this many failures are spelled out; the rest are counted ("and 2 more problems"). */
export const FAILURES_SHOWN_MAX = 2;

/** Something that makes the ratio misleading on its own. */
export type VerdictFailure =
  /** Live objects no replica owns (nobody processes them). */
  | { readonly kind: 'gaps'; readonly mode: Mode; readonly count: number; readonly share: number }
  /** Live objects two or more replicas own (processed more than once). */
  | { readonly kind: 'duplicates'; readonly mode: Mode; readonly count: number; readonly share: number }
  /** Replicas whose LIST got HTTP 500 (a gate-on API server rejected the selector). */
  | { readonly kind: 'http500'; readonly mode: Mode; readonly replicas: readonly number[] }
  /** Replicas not running because their own selector does not parse. */
  | { readonly kind: 'down'; readonly mode: Mode; readonly replicas: readonly number[] }
  /** Server-side replicas on a gate-off API server whose client keeps everything it is sent (client-go as shipped). */
  | { readonly kind: 'trust'; readonly mode: Mode; readonly replicas: readonly number[] }
  /**
   * Server-side replicas whose LIST had `shardInfo` but whose WATCH landed on a gate-off API
   * server (behind a load balancer), and that trust the stream: `events` duplicates so far.
   */
  | { readonly kind: 'skewTrust'; readonly mode: Mode; readonly replicas: readonly number[]; readonly events: number }
  /** Server-side replicas on a gate-off API server whose client filters locally (the whole stream reaches them). */
  | { readonly kind: 'fallback'; readonly mode: Mode; readonly replicas: readonly number[] }
  /** The busiest server-side replica receives `factor` times the mean. */
  | { readonly kind: 'hot'; readonly mode: Mode; readonly replica: number; readonly factor: number };

/**
 * A reshard's hand-off, as the headline says it. While objects are
 * orphaned or doubly owned by it (`active`), rates mix the old layout, the new one and the
 * relists: a ratio then is a transient (0.7×, then 29.6×, within one hand-off), so the headline
 * says what is happening instead. After the last object has one owner again (`settling`), the
 * ratio returns only once a whole rate window holds nothing of the hand-off.
 */
export interface VerdictHandoff {
  readonly phase: 'active' | 'settling';
  /** Replicas before and after the latest reshard. */
  readonly from: number;
  readonly to: number;
  /** Server-side objects owned by no replica / by two or more right now, because of the hand-off. */
  readonly orphans: number;
  readonly duplicates: number;
  /** Simulated seconds: when every object has one owner again, and when the ratio returns. */
  readonly settledAt: number;
  readonly ratioAt: number;
}

/** The headline and what qualifies it. */
export interface Verdict {
  readonly replicas: number;
  /** Client-side egress / server-side egress. */
  readonly ratio: number;
  /** `measured` from the event-by-event rates, or `expected` from the closed form. */
  readonly source: 'measured' | 'expected';
  /** True while rates are settling after a change: the ratio is then the closed form's. */
  readonly settling: boolean;
  /**
   * Whole simulated seconds until the rate window is full again (at least 1 while settling,
   * from `SimSnapshot.settling.until`), or null when the rates are steady.
   */
  readonly settlingSeconds: number | null;
  /** Non-null from a reshard until a rate window after its hand-off: the sentence says it instead of the ratio. */
  readonly handoff: VerdictHandoff | null;
  /** Most severe first. Empty when the run is healthy. */
  readonly failures: readonly VerdictFailure[];
  /** The sentence, in English (what the CLI prints and the UI shows in the `en` locale). */
  readonly sentence: string;
}

/**
 * The ratio: measured egress when the run has some history and is not settling, otherwise
 * the closed form (right from the first frame, and never a transient).
 */
export function headlineRatio(snapshot: SimSnapshot): { ratio: number; source: 'measured' | 'expected'; settling: boolean; settlingSeconds: number | null } {
  const settling = snapshot.settling !== null;
  const settlingSeconds = settlingSecondsLeft(snapshot);
  const client = snapshot.modes.client.totals.egressBytesPerSec;
  const server = snapshot.modes.server.totals.egressBytesPerSec;
  if (!settling && snapshot.time > 0 && client > 0 && server > 0) return { ratio: client / server, source: 'measured', settling, settlingSeconds };
  const c = snapshot.closedForm.client.egressBytesPerSec;
  const s = snapshot.closedForm.server.egressBytesPerSec;
  return { ratio: c > 0 && s > 0 ? c / s : 1, source: 'expected', settling, settlingSeconds };
}

/**
 * Whole simulated seconds until the rate window is full again, or null when the rates are
 * steady. It is rounded up and at least 1 while settling, as the replica cards count down.
 */
export function settlingSecondsLeft(snapshot: SimSnapshot): number | null {
  const s = snapshot.settling;
  if (s === null) return null;
  // 1e-9: 4.000000001 s left is 4 s, not 5 (simulated times are sums of 0.01 s ticks).
  return Math.max(1, Math.ceil(s.until - snapshot.time - 1e-9));
}

/**
 * The hand-off phase at the snapshot's time, or null. Every reshard fired so far counts (one
 * may still be settling when the next fires); both modes' hand-offs are waited for.
 */
export function handoffOf(snapshot: SimSnapshot): VerdictHandoff | null {
  const t = snapshot.time;
  const fired = snapshot.handoff.reshards.filter((h) => h.at <= t + 1e-9);
  if (fired.length === 0) return null;
  const settledAt = fired.reduce((a, h) => Math.max(a, h.at + h.settleSeconds), 0);
  const ratioAt = settledAt + snapshot.params.rateWindowSeconds;
  if (t >= ratioAt - 1e-9) return null;
  const latest = fired.reduce((a, h) => (h.at > a.at || (h.at === a.at && h.mode === 'server') ? h : a));
  const now = snapshot.handoff.now.server;
  return {
    phase: t < settledAt - 1e-9 ? 'active' : 'settling',
    from: latest.from,
    to: latest.to,
    orphans: now.orphans,
    duplicates: now.duplicates,
    settledAt,
    ratioAt,
  };
}

/**
 * The audit's gaps and duplicates, less those of a hand-off in progress (the hand-off phrase
 * says those): what is left is a fault of the layout or the clients, stated as a failure.
 */
function auditFailures(m: ModeSnapshot, hand: { readonly orphans: number; readonly duplicates: number }): VerdictFailure[] {
  const out: VerdictFailure[] = [];
  const live = Math.max(1, m.audit.live);
  const gaps = Math.max(0, m.audit.gaps - hand.orphans);
  const duplicates = Math.max(0, m.audit.duplicates - hand.duplicates);
  if (gaps > 0) out.push({ kind: 'gaps', mode: m.mode, count: gaps, share: gaps / live });
  if (duplicates > 0) out.push({ kind: 'duplicates', mode: m.mode, count: duplicates, share: duplicates / live });
  return out;
}

function replicaFailures(m: ModeSnapshot): VerdictFailure[] {
  const out: VerdictFailure[] = [];
  const http500 = m.replicas.filter((r) => r.status === 'error' && r.error?.httpStatus === 500).map((r) => r.index);
  const down = m.replicas.filter((r) => r.status === 'error' && r.error?.httpStatus !== 500).map((r) => r.index);
  const trust = m.replicas.filter((r) => r.status === 'ok' && r.filtering === 'trust').map((r) => r.index);
  const fallback = m.replicas.filter((r) => r.status === 'ok' && r.filtering === 'local').map((r) => r.index);
  if (http500.length > 0) out.push({ kind: 'http500', mode: m.mode, replicas: http500 });
  if (down.length > 0) out.push({ kind: 'down', mode: m.mode, replicas: down });
  if (trust.length > 0) out.push({ kind: 'trust', mode: m.mode, replicas: trust });
  const skew = m.replicas
    .filter((r) => r.status === 'ok' && r.filtering === 'trust' && r.shardInfoSeen && m.apiServers[r.apiServer]?.gate === false)
    .map((r) => r.index);
  // Events kept from an unfiltered WATCH: said for replicas that trust the stream after a LIST
  // with shardInfo, or in the past tense once nobody caches unfiltered any more (a replica that
  // caches everything now is already named by 'trust').
  if (m.lifecycle.duplicatesMissed > 0 && (skew.length > 0 || (trust.length === 0 && m.lifecycle.duplicatesCaught === 0))) {
    out.push({ kind: 'skewTrust', mode: m.mode, replicas: skew, events: m.lifecycle.duplicatesMissed });
  }
  if (fallback.length > 0) out.push({ kind: 'fallback', mode: m.mode, replicas: fallback });
  return out;
}

/**
 * The busiest server-side replica against the mean of all replicas, in received bytes/s:
 * measured rates (when beyond counting noise, see {@link HOT_REPLICA_MIN_Z}), or the closed
 * form's per-replica expectation when the ratio is expected.
 */
function hotFailure(snapshot: SimSnapshot, source: 'measured' | 'expected'): VerdictFailure | null {
  const perReplica =
    source === 'measured'
      ? snapshot.modes.server.replicas.map((r) => r.rates.bytesReceivedPerSec)
      : snapshot.closedForm.server.replicaBytesPerSec;
  // Stryker disable next-line ConditionalExpression: one replica is its own mean (factor 1) and none has no mean (NaN): neither is ever hot, with or without this line.
  if (perReplica.length < 2) return null;
  let busiest = 0;
  let sum = 0;
  for (let i = 0; i < perReplica.length; i++) {
    sum += perReplica[i]!;
    if (perReplica[i]! > perReplica[busiest]!) busiest = i;
  }
  const mean = sum / perReplica.length;
  if (!(mean > 0)) return null;
  const factor = perReplica[busiest]! / mean;
  if (factor < HOT_REPLICA_FACTOR) return null;
  if (source === 'measured') {
    const window = snapshot.params.rateWindowSeconds;
    const replicas = snapshot.modes.server.replicas;
    const meanEvents = (replicas.reduce((a, r) => a + r.rates.eventsReceivedPerSec, 0) / replicas.length) * window;
    const busiestEvents = replicas[busiest]!.rates.eventsReceivedPerSec * window;
    if (!(meanEvents > 0) || (busiestEvents - meanEvents) / Math.sqrt(meanEvents) < HOT_REPLICA_MIN_Z) return null;
  }
  return { kind: 'hot', mode: 'server', replica: busiest, factor };
}

/** Every failure of a snapshot, most severe first. */
export function failuresOf(snapshot: SimSnapshot, source: 'measured' | 'expected' = headlineRatio(snapshot).source): VerdictFailure[] {
  const server = snapshot.modes.server;
  const client = snapshot.modes.client;
  // Server-side first (the headline is about it), each mode's audit before its causes.
  const hand = snapshot.handoff.now;
  const out = [...auditFailures(server, hand.server), ...replicaFailures(server), ...auditFailures(client, hand.client), ...replicaFailures(client)];
  const hot = hotFailure(snapshot, source);
  if (hot) out.push(hot);
  return out;
}

/** The verdict of a snapshot: ratio, failures and the English sentence. */
export function verdictOf(snapshot: SimSnapshot): Verdict {
  const { ratio, source, settling, settlingSeconds } = headlineRatio(snapshot);
  const replicas = snapshot.modes.server.replicas.length;
  const failures = failuresOf(snapshot, source);
  const base = { replicas, ratio, source, settling, settlingSeconds, handoff: handoffOf(snapshot), failures };
  return { ...base, sentence: verdictSentence(base, ENGLISH) };
}

// ---------------------------------------------------------------------------------------
// The sentence
// ---------------------------------------------------------------------------------------

/**
 * What a sentence is built from: message lookup and number formats. The CLI uses
 * {@link ENGLISH}; the UI passes its catalogue and locale formatters, so both build the very
 * same sentence from the same verdict.
 */
export interface VerdictWords {
  /** A message with `{name}` placeholders filled; `count` selects the plural form. */
  message(id: VerdictMessageId, params: Readonly<Record<string, string | number>>): string;
  /** A ratio with one decimal (4.04 -> "4.0"). */
  ratio(n: number): string;
  /** A share in [0, 1] (0.25 -> "25%"). */
  percent(n: number): string;
  /** An integer count (12345 -> "12,345"). */
  count(n: number): string;
  /** Items joined as a list ("a, b, and c"). */
  list(items: readonly string[]): string;
}

/** The English messages; the UI catalogue holds the same texts under `verdict.<id>`. */
export const VERDICT_MESSAGES_EN = {
  headline: { one: '{count} replica: server-side sends {ratio}× less', other: '{count} replicas: server-side sends {ratio}× less' },
  headlineSame: { one: '{count} replica: both modes send the same', other: '{count} replicas: both modes send the same' },
  headlineSettling: {
    one: '{count} replica: server-side should send {ratio}× less (expected; rates settle in {seconds} s)',
    other: '{count} replicas: server-side should send {ratio}× less (expected; rates settle in {seconds} s)',
  },
  headlineSettlingSame: {
    one: '{count} replica: both modes should send the same (expected; rates settle in {seconds} s)',
    other: '{count} replicas: both modes should send the same (expected; rates settle in {seconds} s)',
  },
  headlineHandoff: {
    one: '{count} replica: hand-off in progress ({from} → {to} replicas): {orphans} objects with no owner, {duplicates} with two',
    other: '{count} replicas: hand-off in progress ({from} → {to} replicas): {orphans} objects with no owner, {duplicates} with two',
  },
  headlineHandoffSettling: {
    one: '{count} replica: hand-off {from} → {to} done; the ratio returns at {at}, a rate window later',
    other: '{count} replicas: hand-off {from} → {to} done; the ratio returns at {at}, a rate window later',
  },
  but: ' — but {problems}',
  separator: '; ',
  more: { one: 'and {count} more problem', other: 'and {count} more problems' },
  clientSide: 'client-side: {problem}',
  gapsShare: '{share} of objects have no owner',
  gapsCount: { one: '{formatted} object has no owner', other: '{formatted} objects have no owner' },
  duplicatesShare: '{share} of objects have more than one owner',
  duplicatesCount: { one: '{formatted} object has more than one owner', other: '{formatted} objects have more than one owner' },
  http500: { one: '{replicas} gets HTTP 500', other: '{replicas} get HTTP 500' },
  down: { one: '{replicas} is down (its selector does not parse)', other: '{replicas} are down (their selectors do not parse)' },
  trust: {
    one: '{replicas} is on a gate-off API server and caches the whole collection, silently',
    other: '{replicas} are on gate-off API servers and cache the whole collection, silently',
  },
  skewTrust: {
    one: '{events} duplicate events kept: {replicas} trusts a WATCH that a gate-off API server sends unfiltered',
    other: '{events} duplicate events kept: {replicas} trust a WATCH that a gate-off API server sends unfiltered',
  },
  skewTrustPast: '{events} duplicate events kept while a WATCH that a gate-off API server sent unfiltered was trusted',
  fallback: {
    one: '{replicas} is on a gate-off API server: it receives the whole stream and filters it locally',
    other: '{replicas} are on gate-off API servers: they receive the whole stream and filter it locally',
  },
  hot: '{replica} receives {factor}× its fair share',
  replicaName: 'replica-{replica}',
  replicaCount: '{count} replicas',
} as const;

/** Message ids of the verdict sentence. */
export type VerdictMessageId = keyof typeof VERDICT_MESSAGES_EN;

const enPlural = new Intl.PluralRules('en-US');
const enCount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const enRatio = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const enPercent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const enList = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** English words, formatted as the UI formats numbers in the `en` locale. */
export const ENGLISH: VerdictWords = {
  message(id, params) {
    const entry = VERDICT_MESSAGES_EN[id] as string | { readonly one: string; readonly other: string };
    const text = typeof entry === 'string' ? entry : enPlural.select(Number(params.count ?? 0)) === 'one' ? entry.one : entry.other;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const v = params[name];
      return v === undefined ? whole : typeof v === 'number' ? enCount.format(v) : v;
    });
  },
  ratio: (n) => enRatio.format(n),
  percent: (n) => enPercent.format(n),
  count: (n) => enCount.format(n),
  list: (items) => enList.format(items),
};

function replicasPhrase(replicas: readonly number[], w: VerdictWords): string {
  if (replicas.length > NAMED_REPLICAS_MAX) return w.message('replicaCount', { count: replicas.length });
  return w.list(replicas.map((r) => w.message('replicaName', { replica: String(r) })));
}

/** One failure as a phrase. */
export function failurePhrase(f: VerdictFailure, w: VerdictWords): string {
  let phrase: string;
  switch (f.kind) {
    case 'gaps':
    case 'duplicates': {
      const asShare = f.share >= SHARE_AS_PERCENT_FROM;
      const id = f.kind === 'gaps' ? (asShare ? 'gapsShare' : 'gapsCount') : asShare ? 'duplicatesShare' : 'duplicatesCount';
      phrase = w.message(id, { share: w.percent(f.share), count: f.count, formatted: w.count(f.count) });
      break;
    }
    case 'http500':
    case 'down':
    case 'trust':
    case 'fallback':
      // "one" when a single replica is named, so the verb agrees.
      phrase = w.message(f.kind, { count: f.replicas.length, replicas: replicasPhrase(f.replicas, w) });
      break;
    case 'skewTrust':
      phrase =
        f.replicas.length > 0
          ? w.message('skewTrust', { count: f.replicas.length, replicas: replicasPhrase(f.replicas, w), events: w.count(f.events) })
          : w.message('skewTrustPast', { events: w.count(f.events) });
      break;
    case 'hot':
      phrase = w.message('hot', { replica: w.message('replicaName', { replica: String(f.replica) }), factor: w.ratio(f.factor) });
      break;
  }
  return f.mode === 'client' ? w.message('clientSide', { problem: phrase }) : phrase;
}

/** The whole sentence: the ratio, then " — but ..." with the failures when there are any. */
export function verdictSentence(v: Omit<Verdict, 'sentence'>, w: VerdictWords): string {
  const rounded = w.ratio(v.ratio);
  // "1.0× less" reads as a saving that is not there: an even ratio is said in words.
  const same = rounded === w.ratio(1);
  // The seconds left come from the snapshot; a settling verdict built without them says 1.
  const seconds = v.settlingSeconds ?? 1;
  const h = v.handoff;
  const head = h
    ? h.phase === 'active'
      ? w.message('headlineHandoff', { count: v.replicas, from: w.count(h.from), to: w.count(h.to), orphans: w.count(h.orphans), duplicates: w.count(h.duplicates) })
      : w.message('headlineHandoffSettling', { count: v.replicas, from: w.count(h.from), to: w.count(h.to), at: clockText(h.ratioAt, 'up') })
    : v.settling
    ? same
      ? w.message('headlineSettlingSame', { count: v.replicas, seconds })
      : w.message('headlineSettling', { count: v.replicas, ratio: rounded, seconds })
    : same
      ? w.message('headlineSame', { count: v.replicas })
      : w.message('headline', { count: v.replicas, ratio: rounded });
  if (v.failures.length === 0) return head;
  const shown = v.failures.slice(0, FAILURES_SHOWN_MAX).map((f) => failurePhrase(f, w));
  const rest = v.failures.length - shown.length;
  if (rest > 0) shown.push(w.message('more', { count: rest }));
  return head + w.message('but', { problems: shown.join(w.message('separator', {})) });
}
