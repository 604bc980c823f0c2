/**
 * The whole state in a link: parameters and view as a URL fragment, so a run can be shared,
 * bookmarked or put on a slide, and reproduced exactly (same seed, same selectors). Decoding
 * is defensive: a field that is missing falls back to its default; a field that is present
 * but cannot be used also falls back, and is named, so the page can say so. Nothing throws.
 *
 * The encoder and the decoder share one size limit, {@link MAX_LINK_LENGTH}: every fragment
 * the encoder gives, the decoder reads back to the same state, and a state too large for a
 * link gets no fragment at all (the page keeps the last one that fit and says why).
 */
import { SHARD_KEYS, type ShardKey } from '../core/sharding';
import { defaultSimParams, defaultViewParams } from './defaults';
import { LIMITS, SPEEDS, type ApiServerParams, type NumericParam, type SimParams, type ViewParams } from './params';
import { MAX_TOTAL_RANGES } from '../sim/params';
import { LOCALES } from '../i18n/locale';
import { countRanges, equalSplitSelectors, rangeCountBound } from './selectors';
import { checkSchedule } from '../sim/params';
import { checkRetyped } from '../sim/params';
import { type RetypedLayout } from '../sim/params';
import { runningCountAt } from './running';
import type { ScheduledEvent } from '../sim/params';
import { DEFAULT_LIFECYCLE, GOAWAY_LIMITS, V1_LINK_LIFECYCLE, ROLLOUT_LIMITS, type LifecycleParams } from './lifecycle';
import { CLIENT_KINDS, type ClientKind } from '../sim/params';
import { encodeShortLink, encodeShortLinkSteps, shortParam, unpackShortPayload } from './shortLink';
import { defaultChurn, type ChurnFields } from './churn';

/** Version of the link format; bump when a field changes meaning. */
export const LINK_VERSION = 2;
/**
 * Version 1 links are the older format: a field they leave out stands for the default of
 * their time (the shardinfo client, LIST then WATCH, no watch timeouts), and `fallback` and
 * `lifecycle.watchPolicy` name the client. They open as they did.
 */
const LEGACY_LINK_VERSION = 1;

/** The BOOKMARK interval a version 1 link leaves out (today's default is kube-apiserver's 60 s). */
const V1_LINK_BOOKMARK_SECONDS = 10;
const KEY = 'state';

/**
 * The longest fragment (`#state=…`, in characters as it stands in the URL) that the page
 * writes or reads. Firefox caps a whole URL at 1 MiB (1,048,576 characters) and Chromium at
 * 2 MiB; 1,000,000 leaves room for the page's own address in both.
 */
export const MAX_LINK_LENGTH = 1_000_000;

/** What a link carries. */
export interface LinkState {
  readonly params: SimParams;
  readonly view: ViewParams;
}

/**
 * The fragment (`#state=...`) for a state, whatever its length. Use {@link linkFor} for a
 * fragment the page may put in the address bar or share.
 */
export function encodeLink(state: LinkState): string {
  const { locale: _locale, ...view } = state.view;
  // An empty schedule and the default lifecycle are left out: links made before they existed
  // stay the same.
  const { schedule, lifecycle, retyped, ...rest } = state.params;
  const p = {
    ...rest,
    ...(schedule && schedule.length > 0 ? { schedule } : {}),
    ...(retyped && retyped.length > 0 ? { retyped } : {}),
    ...(lifecycle && !sameLifecycle(lifecycle, DEFAULT_LIFECYCLE) ? { lifecycle } : {}),
  };
  return `#${KEY}=${encodeURIComponent(JSON.stringify({ v: LINK_VERSION, p, w: view }))}`;
}

/** A state too large for a link, and the selector that takes most of the room. */
export interface LinkTooLong {
  readonly ok: false;
  /** Characters the fragment would have. */
  readonly length: number;
  readonly limit: number;
  /** The replica whose selector takes the most characters of the fragment. */
  readonly replica: number;
  /** Characters that selector takes in the fragment (escaped as it would be). */
  readonly selectorLength: number;
}

/** The fragment for a state when it fits in {@link MAX_LINK_LENGTH}, or why it does not. */
export type LinkResult = { readonly ok: true; readonly hash: string } | LinkTooLong;

/**
 * The fragment for a state, if it fits. When it does not, names the replica whose selector
 * takes the most room (only selectors are unbounded: every other field is a bounded number
 * or a word, a few hundred characters in all).
 */
export function linkFor(state: LinkState): LinkResult {
  const hash = encodeLink(state);
  if (hash.length <= MAX_LINK_LENGTH) {
    // The short form is what the page writes and copies; a run fits in a link
    // exactly when its `#state=` form does (so the limit and its message do not change), and
    // the `#state=` form stands in for the rare state whose short form is longer.
    const short = encodeShortLink(state.params, state.view);
    return { ok: true, hash: short.length <= MAX_LINK_LENGTH ? short : hash };
  }
  let replica = 0;
  let selectorLength = -1;
  state.params.selectors.forEach((text, i) => {
    const n = encodeURIComponent(JSON.stringify(text)).length;
    if (n > selectorLength) {
      replica = i;
      selectorLength = n;
    }
  });
  return { ok: false, length: hash.length, limit: MAX_LINK_LENGTH, replica, selectorLength: Math.max(0, selectorLength) };
}

/**
 * {@link linkFor} in steps, for an export's caption: the short form is
 * deflated a slice at a time (see `encodeShortLinkSteps`). The same result, except that a long
 * state's short form may be spelt differently (it reads back the same).
 */
export function* linkForSteps(state: LinkState): Generator<void, LinkResult, unknown> {
  const hash = encodeLink(state);
  yield;
  if (hash.length > MAX_LINK_LENGTH) return linkFor(state);
  const short = yield* encodeShortLinkSteps(state.params, state.view);
  return { ok: true, hash: short.length <= MAX_LINK_LENGTH ? short : hash };
}

/**
 * Something in a link that could not be used. The page says so (instead of silently showing
 * other numbers than the ones shared) and keeps every other field.
 */
export interface LinkIssue {
  /**
   * What could not be used: a parameter or view field (`replicas`, `theme`, ...), a part of
   * one (`apiServers[0].gate`), a block (`p`, `w`), a field the format does not have, or
   * `state` for the whole fragment.
   */
  readonly field: string;
  /**
   * unreadable: not JSON / not an object; version: another link format; too-long: longer
   * than {@link MAX_LINK_LENGTH}, not read; invalid: out of bounds, mistyped or unknown.
   * too-large: a short link that unpacks to more than {@link MAX_LINK_LENGTH} (a
   * bomb), not read; unknown-story: a `#story=` link naming no story; unknown-talk: a `#talk=`
   * link naming no talk; both-forms: a `#state=`
   * and a `#s=` part in one fragment (the `#state=` part is read).
   */
  readonly reason: 'unreadable' | 'version' | 'too-long' | 'too-large' | 'invalid' | 'unknown-story' | 'unknown-talk' | 'unknown-exercise' | 'both-forms';
  /** For `selectors` over the range limit: the ranges they hold in all. */
  readonly ranges?: number;
  /** For too-large: the link's own length in characters. */
  readonly length?: number;
  /** For unknown-story and unknown-talk: the id the link names. */
  readonly value?: string;
}

/** Reasons that concern the whole link: nothing of it was read. */
export const WHOLE_LINK_REASONS: ReadonlySet<LinkIssue['reason']> = new Set(['unreadable', 'version', 'too-long', 'too-large']);

/** The state in a fragment, or null when the fragment carries none. Unknown or bad fields take defaults. */
export function decodeLink(hash: string): LinkState | null {
  return readLink(hash).state;
}

/** Whether a fragment carries a state (`#state=...`, or the short `#s=...`), readable or not. */
export function isStateFragment(hash: string): boolean {
  return STATE_PARAM.test(hash) || shortParam(hash) !== null;
}

const STATE_PARAM = /(?:^#|&)state=([^&]*)/;
const TOP_KEYS = new Set(['v', 'p', 'w']);
const SHORT_TOP_KEYS = new Set(['p', 'w']);

/**
 * The state in a fragment and what could not be used of it. A fragment without `state=` is
 * no link (state null, no issue); a `state=` that cannot be read is one `state` issue.
 */
export function readLink(hash: string): { state: LinkState | null; issues: LinkIssue[] } {
  const read = readEitherForm(hash);
  // Both forms in one fragment: the `#state=` one is read, and the notice says so.
  if (STATE_PARAM.test(hash) && shortParam(hash) !== null) read.issues.push({ field: 's', reason: 'both-forms' });
  return read;
}

/** {@link readLink} of the `#state=` part, or else of the short `#s=` part. */
function readEitherForm(hash: string): { state: LinkState | null; issues: LinkIssue[] } {
  const m = STATE_PARAM.exec(hash);
  const short = m ? null : shortParam(hash);
  if (!m && short === null) return { state: null, issues: [] };
  // The encoder never writes more; reading more would only cost time and memory.
  if (hash.length > MAX_LINK_LENGTH) return { state: null, issues: [{ field: 'state', reason: 'too-long' }] };
  if (short !== null) {
    // The short form holds the fields that differ from the defaults; the rest of
    // the reading is the `#state=` format's, field for field.
    const unpacked = unpackShortPayload(short, MAX_LINK_LENGTH);
    if (!unpacked.ok) return { state: null, issues: [{ field: 'state', reason: unpacked.reason, ...(unpacked.reason === 'too-large' ? { length: hash.length } : {}) }] };
    if (!isRecord(unpacked.raw)) return { state: null, issues: [{ field: 'state', reason: 'unreadable' }] };
    return readFields(unpacked.raw, SHORT_TOP_KEYS, unpacked.version === LEGACY_LINK_VERSION);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(decodeURIComponent(m![1]!));
  } catch {
    return { state: null, issues: [{ field: 'state', reason: 'unreadable' }] };
  }
  if (!isRecord(raw)) return { state: null, issues: [{ field: 'state', reason: 'unreadable' }] };
  if (raw.v !== LINK_VERSION && raw.v !== LEGACY_LINK_VERSION) return { state: null, issues: [{ field: 'state', reason: 'version' }] };
  return readFields(raw, TOP_KEYS, raw.v === LEGACY_LINK_VERSION);
}

/** The state in a link's JSON object (either format), defaults for what is missing, and every field it could not use. */
function readFields(raw: Record<string, unknown>, topKeys: ReadonlySet<string>, legacy: boolean): { state: LinkState; issues: LinkIssue[] } {
  const issues: LinkIssue[] = [];
  const bad = (field: string) => issues.push({ field, reason: 'invalid' });
  for (const k of Object.keys(raw)) if (!topKeys.has(k)) bad(k);
  const block = (k: 'p' | 'w'): Record<string, unknown> => {
    if (!has(raw, k)) return {};
    if (isRecord(raw[k])) return raw[k];
    bad(k);
    return {};
  };
  const p = block('p');
  const w = block('w');
  const d = defaultSimParams();
  // `fallback` is the field version 1 links carried instead of `client`.
  for (const k of Object.keys(p)) if (!has(d, k) && k !== 'lifecycle' && k !== 'retyped' && k !== 'imported' && !(legacy && k === 'fallback')) bad(k);
  const num = (k: NumericParam & keyof SimParams, fallback = d[k] as number): number => {
    const v = p[k];
    const lim = LIMITS[k];
    // `+ 0` turns -0 into 0: JSON writes both as 0, so only 0 round-trips.
    if (typeof v === 'number' && Number.isFinite(v) && v >= lim.min && v <= lim.max && (!lim.integer || Number.isInteger(v))) return v + 0;
    if (has(p, k)) bad(k);
    return fallback;
  };
  /** A value from a fixed list, else the default (named when present). */
  const oneOf = <T>(source: Record<string, unknown>, k: string, allowed: readonly T[], fallback: T): T => {
    if (!has(source, k)) return fallback;
    const v = source[k];
    if ((allowed as readonly unknown[]).includes(v)) return v as T;
    bad(k);
    return fallback;
  };
  /**
   * A churn rate: as the link gives it (events per second, exact: every `#state=` link the
   * page wrote carries all three), else the default for the link's objects, the model's rates
   * per 1,000 objects times them (a link that set no rate gets today's default, as a fresh
   * page does).
   */
  const objects = num('objects');
  const churnDefault = defaultChurn(objects);
  const rate = (k: keyof ChurnFields): number => num(k, churnDefault[k]);
  const replicas = num('replicas');
  const shardKey: ShardKey = oneOf(p, 'shardKey', SHARD_KEYS, d.shardKey);
  const apiServers = readApiServers(p, d.apiServers, bad);
  const texts = readSelectors(p, replicas, bad);
  // More ranges than the model simulates: the selectors are refused as a whole, and the notice
  // says why. They are parsed to count only when a scan says they might be too many.
  const linkRanges = texts && rangeCountBound(texts) > MAX_TOTAL_RANGES ? countRanges(texts) : 0;
  const tooManyRanges = linkRanges > MAX_TOTAL_RANGES;
  if (tooManyRanges) issues.push({ field: 'selectors', reason: 'invalid', ranges: linkRanges });
  const selectors = texts && !tooManyRanges ? texts : equalSplitSelectors(replicas, shardKey);
  const schedule = readSchedule(p, replicas, d.schedule, bad);
  const retyped = has(p, 'retyped') ? readRetyped(p.retyped, schedule, bad) : [];
  const params: SimParams = {
    seed: num('seed'),
    objects,
    namespaces: num('namespaces'),
    namespaceSkew: num('namespaceSkew'),
    objectBytes: num('objectBytes'),
    encoding: oneOf(p, 'encoding', ['json', 'protobuf'] as const, d.encoding),
    addedPerSec: rate('addedPerSec'),
    modifiedPerSec: rate('modifiedPerSec'),
    deletedPerSec: rate('deletedPerSec'),
    // Version 1 links left out the 10 s that was the default then.
    bookmarkEverySec: legacy && !has(p, 'bookmarkEverySec') ? V1_LINK_BOOKMARK_SECONDS : num('bookmarkEverySec'),
    replicas,
    shardKey,
    apiServers,
    clientMode: oneOf(p, 'clientMode', ['ranges', 'jump'] as const, d.clientMode),
    client: legacy && !has(p, 'client') ? legacyClient(p, bad) : oneOf(p, 'client', CLIENT_KINDS, d.client),
    clientCache: oneOf(p, 'clientCache', ['owned', 'all'] as const, d.clientCache),
    selectors,
    schedule,
    ...(has(p, 'lifecycle') ? { lifecycle: readLifecycle(p.lifecycle, bad, legacy) } : legacy ? { lifecycle: V1_LINK_LIFECYCLE } : {}),
    ...(retyped.length > 0 ? { retyped } : {}),
    ...(importedCount(p, bad) ?? {}),
  };
  const dv = defaultViewParams();
  for (const k of Object.keys(w)) if (!has(dv, k)) bad(k);
  const view: ViewParams = {
    view: oneOf(w, 'view', ['strip', 'ring'] as const, dv.view),
    dotOwners: oneOf(w, 'dotOwners', ['server', 'client'] as const, dv.dotOwners),
    theme: oneOf(w, 'theme', ['light', 'dark'] as const, dv.theme),
    speed: oneOf(w, 'speed', SPEEDS, dv.speed),
    // The language travels as `lang=` beside `state=` (see lang.ts), not in this block.
    locale: oneOf(w, 'locale', LOCALES, dv.locale),
    // Presentation mode survives a reload and travels with a shared link.
    presentation: oneOf(w, 'presentation', [true, false], dv.presentation),
  };
  return { state: { params, view }, issues };
}

/** `apiServers`: 1-5 objects whose `gate` is a boolean. A bad entry is named, its gate taken as on (the default). */
function readApiServers(p: Record<string, unknown>, fallback: readonly ApiServerParams[], bad: (field: string) => void): readonly ApiServerParams[] {
  if (!has(p, 'apiServers')) return fallback;
  const list = p.apiServers;
  if (!Array.isArray(list) || list.length < LIMITS.apiServers.min || list.length > LIMITS.apiServers.max) {
    bad('apiServers');
    return Array.isArray(list) && list.length > 0 ? readApiServers({ apiServers: list.slice(0, LIMITS.apiServers.max) }, fallback, bad) : fallback;
  }
  return list.map((s, i) => {
    if (!isRecord(s)) {
      bad(`apiServers[${i}]`);
      return { gate: true };
    }
    for (const k of Object.keys(s)) if (k !== 'gate') bad(`apiServers[${i}].${k}`);
    if (!has(s, 'gate') || typeof s.gate === 'boolean') return { gate: s.gate !== false };
    bad(`apiServers[${i}].gate`);
    return { gate: true };
  });
}

/** `selectors`: one string per replica, any length (the link's size limit bounds them). Null when absent or unusable. */
function readSelectors(p: Record<string, unknown>, replicas: number, bad: (field: string) => void): string[] | null {
  if (!has(p, 'selectors')) return null;
  const list = p.selectors;
  if (Array.isArray(list) && list.length === replicas && list.every((s) => typeof s === 'string')) return list as string[];
  bad('selectors');
  return null;
}

/**
 * `schedule`: events as the model validates them (`schedule[0].to`, ...). An event with a
 * problem is named and left out; the others are kept.
 */
function readSchedule(p: Record<string, unknown>, replicas: number, fallback: readonly ScheduledEvent[], bad: (field: string) => void): readonly ScheduledEvent[] {
  if (!has(p, 'schedule')) return fallback;
  const list = p.schedule;
  const issues = checkSchedule(list, replicas);
  if (!Array.isArray(list)) {
    bad('schedule');
    return fallback;
  }
  if (issues.length === 0) return list as ScheduledEvent[];
  for (const i of issues) bad(i.path);
  const badIndex = new Set(issues.map((i) => /^schedule\[(\d+)\]/.exec(i.path)?.[1]).filter((x) => x !== undefined).map(Number));
  if (issues.some((i) => i.path === 'schedule')) return fallback;
  const kept = (list as unknown[]).filter((_, k) => !badIndex.has(k)) as ScheduledEvent[];
  // What is left must hold together (a count may now repeat); else none.
  return checkSchedule(kept, replicas).length === 0 ? kept : fallback;
}

/**
 * `retyped`: running layouts typed after a reshard, as the model validates them
 * (`retyped[0].at`, ...), each after a reshard of the schedule and holding one selector per
 * replica then running (`retyped[0].selectors`). An entry with a problem is named and left out.
 */
function readRetyped(v: unknown, schedule: readonly ScheduledEvent[], bad: (field: string) => void): RetypedLayout[] {
  const issues = checkRetyped(v);
  if (!Array.isArray(v) || issues.some((i) => i.path === 'retyped')) {
    bad('retyped');
    return [];
  }
  for (const i of issues) bad(i.path);
  const badIndex = new Set(issues.map((i) => Number(/^retyped\[(\d+)\]/.exec(i.path)?.[1])));
  const kept: RetypedLayout[] = [];
  (v as RetypedLayout[]).forEach((e, k) => {
    if (badIndex.has(k)) return;
    const running = runningCountAt(schedule, e.at);
    if (running !== e.selectors.length) {
      bad(`retyped[${k}].selectors`);
      return;
    }
    kept.push({ at: e.at + 0, selectors: e.selectors.slice() });
  });
  // What is left must still be in time order (an entry out of order was the one left out).
  return checkRetyped(kept).length === 0 ? kept : [];
}

/** Whether two lifecycle settings are the same. */
function sameLifecycle(a: LifecycleParams, b: LifecycleParams): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The client of a version 1 link, from the fields it carried: `fallback` false was
 * the naive trust (client-go as shipped); true, the default, read `shardInfo` and filtered
 * without it (shardinfo), or checked every object with `lifecycle.watchPolicy` check-locally
 * or a streaming list, which carries no `shardInfo` (checked).
 */
function legacyClient(p: Record<string, unknown>, bad: (field: string) => void): ClientKind {
  let fallback = true;
  if (has(p, 'fallback')) {
    if (p.fallback === true || p.fallback === false) fallback = p.fallback;
    else bad('fallback');
  }
  if (!fallback) return 'client-go';
  const life = p.lifecycle;
  // Filtering without shardInfo: a streaming list never carries it, so that was a check of every object.
  return isRecord(life) && (life.watchPolicy === 'check-locally' || life.initialList === 'watch-list') ? 'checked' : 'shardinfo';
}

/**
 * `lifecycle`: the rolling upgrade `{gate, at, every}` or null, the initial
 * list, watch timeouts, routing and `--goaway-chance`. Each field it cannot use is named and
 * takes its default; a version 1 link (`legacy`) takes the defaults of its time, and
 * its `watchPolicy` is read into the client (see `legacyClient`).
 */
function readLifecycle(v: unknown, bad: (field: string) => void, legacy: boolean): LifecycleParams {
  const d = legacy ? V1_LINK_LIFECYCLE : DEFAULT_LIFECYCLE;
  if (!isRecord(v)) {
    bad('lifecycle');
    return d;
  }
  for (const k of Object.keys(v)) if (!has(d, k) && !(legacy && k === 'watchPolicy')) bad(`lifecycle.${k}`);
  if (legacy && has(v, 'watchPolicy') && v.watchPolicy !== 'trust-stream' && v.watchPolicy !== 'check-locally') bad('lifecycle.watchPolicy');
  const pick = <T>(k: keyof LifecycleParams, allowed: readonly T[], fallback: T): T => {
    if (!has(v, k)) return fallback;
    if ((allowed as readonly unknown[]).includes(v[k])) return v[k] as T;
    bad(`lifecycle.${k}`);
    return fallback;
  };
  let rollout: LifecycleParams['rollout'] = d.rollout;
  if (has(v, 'rollout') && v.rollout !== null) {
    const r = v.rollout;
    const seconds = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= ROLLOUT_LIMITS.min && x <= ROLLOUT_LIMITS.max;
    if (isRecord(r) && Object.keys(r).every((k) => k === 'gate' || k === 'at' || k === 'every') && typeof r.gate === 'boolean' && seconds(r.at) && seconds(r.every)) {
      rollout = { gate: r.gate, at: (r.at as number) + 0, every: (r.every as number) + 0 };
    } else bad('lifecycle.rollout');
  }
  let goawayChance = d.goawayChance;
  if (has(v, 'goawayChance')) {
    const g = v.goawayChance;
    if (typeof g === 'number' && Number.isFinite(g) && g >= GOAWAY_LIMITS.min && g <= GOAWAY_LIMITS.max) goawayChance = g + 0;
    else bad('lifecycle.goawayChance');
  }
  return {
    rollout,
    initialList: pick('initialList', ['list', 'watch-list'] as const, d.initialList),
    watchTimeouts: pick('watchTimeouts', [true, false], d.watchTimeouts),
    routing: pick('routing', ['l4', 'l7'] as const, d.routing),
    goawayChance,
  };
}

/** `imported`, the count of objects an import held (1 to the objects' limit), or nothing. */
function importedCount(p: Record<string, unknown>, bad: (field: string) => void): { imported: number } | null {
  if (!has(p, 'imported')) return null;
  const v = p['imported'];
  if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= LIMITS.objects.max) return { imported: v };
  bad('imported');
  return null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An own property (a link's JSON could name `toString` or `__proto__`). */
function has(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}
