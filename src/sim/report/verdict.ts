/**
 * The verdict of a run: the headline ratio (how many times less the API servers send with
 * server-side sharding) and every failure that must be read with it, as data and as one
 * English sentence. The CLI prints the sentence under its table; the UI builds the same
 * sentence from its message catalogue (a test holds the two equal), so a failure is stated
 * as loudly as the saving, in both places.
 */
import type { Mode } from '../params';
import type { ModeSnapshot, SimSnapshot } from './snapshot';

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

/** The headline and what qualifies it. */
export interface Verdict {
  readonly replicas: number;
  /** Client-side egress / server-side egress. */
  readonly ratio: number;
  /** `measured` from the event-by-event rates, or `expected` from the closed form. */
  readonly source: 'measured' | 'expected';
  /** True while rates are settling after a change: the ratio is then the closed form's. */
  readonly settling: boolean;
  /** Most severe first. Empty when the run is healthy. */
  readonly failures: readonly VerdictFailure[];
  /** The sentence, in English (what the CLI prints and the UI shows in the `en` locale). */
  readonly sentence: string;
}

/**
 * The ratio: measured egress when the run has some history and is not settling, otherwise
 * the closed form (right from the first frame, and never a transient).
 */
export function headlineRatio(snapshot: SimSnapshot): { ratio: number; source: 'measured' | 'expected'; settling: boolean } {
  const settling = snapshot.settling !== null;
  const client = snapshot.modes.client.totals.egressBytesPerSec;
  const server = snapshot.modes.server.totals.egressBytesPerSec;
  if (!settling && snapshot.time > 0 && client > 0 && server > 0) return { ratio: client / server, source: 'measured', settling };
  const c = snapshot.closedForm.client.egressBytesPerSec;
  const s = snapshot.closedForm.server.egressBytesPerSec;
  return { ratio: c > 0 && s > 0 ? c / s : 1, source: 'expected', settling };
}

function auditFailures(m: ModeSnapshot): VerdictFailure[] {
  const out: VerdictFailure[] = [];
  const live = Math.max(1, m.audit.live);
  if (m.audit.gaps > 0) out.push({ kind: 'gaps', mode: m.mode, count: m.audit.gaps, share: m.audit.gaps / live });
  if (m.audit.duplicates > 0) out.push({ kind: 'duplicates', mode: m.mode, count: m.audit.duplicates, share: m.audit.duplicates / live });
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
  const out = [...auditFailures(server), ...replicaFailures(server), ...auditFailures(client), ...replicaFailures(client)];
  const hot = hotFailure(snapshot, source);
  if (hot) out.push(hot);
  return out;
}

/** The verdict of a snapshot: ratio, failures and the English sentence. */
export function verdictOf(snapshot: SimSnapshot): Verdict {
  const { ratio, source, settling } = headlineRatio(snapshot);
  const replicas = snapshot.modes.server.replicas.length;
  const failures = failuresOf(snapshot, source);
  const base = { replicas, ratio, source, settling, failures };
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
    one: '{count} replica: server-side should send {ratio}× less (expected; rates settling)',
    other: '{count} replicas: server-side should send {ratio}× less (expected; rates settling)',
  },
  headlineSettlingSame: {
    one: '{count} replica: both modes should send the same (expected; rates settling)',
    other: '{count} replicas: both modes should send the same (expected; rates settling)',
  },
  but: ' — but {problems}',
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
  const head = v.settling
    ? same
      ? w.message('headlineSettlingSame', { count: v.replicas })
      : w.message('headlineSettling', { count: v.replicas, ratio: rounded })
    : same
      ? w.message('headlineSame', { count: v.replicas })
      : w.message('headline', { count: v.replicas, ratio: rounded });
  if (v.failures.length === 0) return head;
  const shown = v.failures.slice(0, FAILURES_SHOWN_MAX).map((f) => failurePhrase(f, w));
  const rest = v.failures.length - shown.length;
  if (rest > 0) shown.push(w.message('more', { count: rest }));
  return head + w.message('but', { problems: shown.join('; ') });
}
