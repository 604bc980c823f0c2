/**
 * Validation of a run's parameters: every problem at once, each naming the parameter and its
 * bounds, so that a form can mark them all. Everything the model does follows from a
 * `SimParams` and the seed inside it, so a run is reproducible from its parameters alone
 * (and can live in a URL).
 */
import { DEFAULT_CHURN_PER_1000, DEFAULT_PARAMS, LIMITS, MAX_EVENTS_PER_STEP, MAX_TOTAL_RANGES, churnEventsPerSecond, churnRates, deepFreeze } from './defaults';
import { totalRanges } from './ranges';
import { checkSchedule } from './schedule';
import { checkRetyped } from './retyped';
import { preview } from './preview';
import { SHARD_KEYS, isShardKey } from '../../core/sharding';
import { CLIENT_KINDS, CLIENT_PROFILES, isClientKind, isListOnly } from './clients';
import type { ParamIssue, SimParams, SimParamsInput } from './types';

/** Thrown by `createSimulation`/`reconfigure` for out-of-range or contradictory parameters. */
export class SimParamsError extends Error {
  override readonly name = 'SimParamsError';
  constructor(readonly issues: readonly ParamIssue[]) {
    super(issues.map((i) => i.message).join('; '));
  }
}

/** The outcome of {@link validateParams}. */
export type ValidationResult =
  | { readonly ok: true; readonly params: SimParams }
  | { readonly ok: false; readonly issues: readonly ParamIssue[] };

/**
 * Merges `input` over `base` (the defaults unless given) and checks every value. Returns
 * every problem at once, each naming its parameter and bounds, so a form can mark them all.
 */
export function validateParams(input: SimParamsInput = {}, base: SimParams = DEFAULT_PARAMS): ValidationResult {
  const issues: ParamIssue[] = [];
  const merged = mergeParams(base, withClient(input, issues));
  const num = (path: string, v: unknown, min: number, max: number, integer = false): void => {
    const kind = integer ? 'an integer' : 'a number';
    if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v)) || v < min || v > max) {
      issues.push({
        path,
        min,
        max,
        message: `${path} must be ${kind} from ${fmt(min)} to ${fmt(max)}, got ${describe(v)}`,
      });
    }
  };
  const oneOf = (path: string, v: unknown, allowed: readonly string[]): void => {
    if (typeof v !== 'string' || !allowed.includes(v)) {
      issues.push({ path, message: `${path} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${describe(v)}` });
    }
  };
  const bool = (path: string, v: unknown): void => {
    if (typeof v !== 'boolean') issues.push({ path, message: `${path} must be true or false, got ${describe(v)}` });
  };
  const p = merged;
  if (!((typeof p.seed === 'string' && p.seed.length <= 256) || (typeof p.seed === 'number' && Number.isFinite(p.seed)))) {
    issues.push({ path: 'seed', message: `seed must be a string of at most 256 characters or a finite number, got ${describe(p.seed)}` });
  }
  num('cluster.pods', p.cluster.pods, LIMITS.pods.min, LIMITS.pods.max, true);
  num('cluster.namespaces', p.cluster.namespaces, LIMITS.namespaces.min, LIMITS.namespaces.max, true);
  num('cluster.zipfExponent', p.cluster.zipfExponent, 0, 3);
  num('cluster.clusterScopedShare', p.cluster.clusterScopedShare, 0, 1);
  bool('cluster.sequentialIds', p.cluster.sequentialIds);
  oneOf('sizes.encoding', p.sizes.encoding, ['json', 'protobuf']);
  num('sizes.medianJsonBytes', p.sizes.medianJsonBytes, 200, 1_000_000);
  num('sizes.spread', p.sizes.spread, 0, 2);
  num('sizes.protobufRatio', p.sizes.protobufRatio, 0.05, 1);
  const per = DEFAULT_CHURN_PER_1000;
  checkRate(issues, 'churn.addsPerSecond', p.churn.addsPerSecond, per.addsPerSecond);
  checkRate(issues, 'churn.modifiesPerSecond', p.churn.modifiesPerSecond, per.modifiesPerSecond);
  checkRate(issues, 'churn.deletesPerSecond', p.churn.deletesPerSecond, per.deletesPerSecond);
  num('churn.bookmarkIntervalSeconds', p.churn.bookmarkIntervalSeconds, 0, 3_600);
  bool('churn.burst.enabled', p.churn.burst.enabled);
  num('churn.burst.everySeconds', p.churn.burst.everySeconds, 1, 86_400);
  checkRate(issues, 'churn.burst.podsPerSecond', p.churn.burst.podsPerSecond, per.burstPodsPerSecond);
  num('churn.burst.maxSeconds', p.churn.burst.maxSeconds, 0.1, 86_400);
  num('apiServers.count', p.apiServers.count, LIMITS.apiServers.min, LIMITS.apiServers.max, true);
  if (!Array.isArray(p.apiServers.gates)) {
    issues.push({ path: 'apiServers.gates', message: `apiServers.gates must be an array of booleans, got ${describe(p.apiServers.gates)}` });
  } else {
    p.apiServers.gates.forEach((g, i) => {
      if (typeof g !== 'boolean' && g !== undefined && g !== null) bool(`apiServers.gates[${i}]`, g);
    });
    if (Number.isInteger(p.apiServers.count) && p.apiServers.gates.length > p.apiServers.count) {
      issues.push({
        path: 'apiServers.gates',
        max: p.apiServers.count,
        message: `apiServers.gates has ${p.apiServers.gates.length} entries but apiServers.count is ${p.apiServers.count}`,
      });
    }
  }
  num('replicas.count', p.replicas.count, LIMITS.replicas.min, LIMITS.replicas.max, true);
  oneOf('replicas.key', p.replicas.key, SHARD_KEYS);
  oneOf('replicas.client', p.replicas.client, CLIENT_KINDS);
  oneOf('replicas.clientFilter', p.replicas.clientFilter, ['ranges', 'jump']);
  oneOf('replicas.clientCache', p.replicas.clientCache, ['owned', 'all']);
  if (!Array.isArray(p.replicas.selectors)) {
    issues.push({ path: 'replicas.selectors', message: `replicas.selectors must be an array, got ${describe(p.replicas.selectors)}` });
  } else {
    p.replicas.selectors.forEach((s, i) => checkSelectorSpec(`replicas.selectors[${i}]`, s, issues));
    if (Number.isInteger(p.replicas.count) && !issues.some((i) => i.path.startsWith('replicas.selectors'))) {
      const total = totalRanges(p.replicas.selectors, p.replicas.count);
      if (total > MAX_TOTAL_RANGES) {
        issues.push({
          path: 'replicas.selectors',
          max: MAX_TOTAL_RANGES,
          message: `replicas.selectors hold ${fmt(total)} ranges in all; at most ${fmt(MAX_TOTAL_RANGES)} ranges across all replicas are simulated`,
        });
      }
    }
  }
  if (!Array.isArray(p.replicas.apiServerOf)) {
    issues.push({ path: 'replicas.apiServerOf', message: `replicas.apiServerOf must be an array, got ${describe(p.replicas.apiServerOf)}` });
  } else {
    const maxServer = Number.isInteger(p.apiServers.count) ? p.apiServers.count - 1 : LIMITS.apiServers.max - 1;
    p.replicas.apiServerOf.forEach((a, i) => {
      if (a !== undefined && a !== null) num(`replicas.apiServerOf[${i}]`, a, 0, maxServer, true);
    });
  }
  const ro = p.apiServers.rollout as unknown;
  if (ro !== null && ro !== undefined) {
    if (!isPlainObject(ro)) issues.push({ path: 'apiServers.rollout', message: `apiServers.rollout must be null or {gate, at, everySeconds}, got ${describe(ro)}` });
    else {
      bool('apiServers.rollout.gate', ro.gate);
      num('apiServers.rollout.at', ro.at, 0, 86_400);
      num('apiServers.rollout.everySeconds', ro.everySeconds, 0, 86_400);
    }
  }
  oneOf('replicas.initialList', p.replicas.initialList, ['list', 'watch-list']);
  const listOnly = isClientKind(p.replicas.client) ? CLIENT_PROFILES[p.replicas.client].listOnly : null;
  if (listOnly !== null && p.replicas.initialList === 'watch-list') {
    issues.push({
      path: 'replicas.initialList',
      message: `replicas.client '${p.replicas.client}' ${listOnly}: set replicas.initialList to 'list'`,
    });
  }
  num('replicas.podRestartSeconds', p.replicas.podRestartSeconds, 0, 600);
  oneOf('apiServers.routing', p.apiServers.routing, ['l4', 'l7']);
  num('apiServers.goawayChance', p.apiServers.goawayChance, 0, 0.02);
  num('apiServers.restartSeconds', p.apiServers.restartSeconds, 0, 600);
  bool('watch.timeouts', p.watch?.timeouts);
  bool('watch.bookmarks', p.watch?.bookmarks);
  num('watch.historySeconds', p.watch?.historySeconds, 75, 3_600);
  num('costs.jsonDecodeNsPerByte', p.costs.jsonDecodeNsPerByte, 0, 10_000);
  num('costs.protobufDecodeNsPerByte', p.costs.protobufDecodeNsPerByte, 0, 10_000);
  num('costs.cacheBytesPerJsonByte', p.costs.cacheBytesPerJsonByte, 0, 100);
  num('costs.cacheOverheadBytes', p.costs.cacheOverheadBytes, 0, 1_000_000);
  num('costs.decodeAllocBytesPerByte', p.costs.decodeAllocBytesPerByte, 0, 100);
  num('costs.listBytesPerSecond', p.costs.listBytesPerSecond, 1_000, 1e12);
  num('costs.listRttSeconds', p.costs.listRttSeconds, 0, 60);
  num('costs.serverShardCheckNs', p.costs.serverShardCheckNs, 0, 100_000);
  num('costs.serverJsonEncodeNsPerByte', p.costs.serverJsonEncodeNsPerByte, 0, 10_000);
  num('costs.serverProtobufEncodeNsPerByte', p.costs.serverProtobufEncodeNsPerByte, 0, 10_000);
  issues.push(...checkSchedule(p.schedule, p.replicas.count));
  issues.push(...checkRetyped(p.retyped));
  num('stepSeconds', p.stepSeconds, 0.001, 3_600);
  num('rateWindowSeconds', p.rateWindowSeconds, 0.001, 3_600);
  num('seriesCapacity', p.seriesCapacity, 2, 10_000, true);
  num('sampleSeconds', p.sampleSeconds, 0.01, 3_600);
  // Rate x duration: each bound alone is fine, but a long step at high rates is billions of
  // events to process in one call (a frozen page). Checked once the parts themselves are valid.
  if (issues.length === 0) {
    const rates = churnEventsPerSecond(churnRates(p));
    const perStep = rates * p.stepSeconds;
    if (perStep > MAX_EVENTS_PER_STEP) {
      issues.push({
        path: 'stepSeconds',
        max: MAX_EVENTS_PER_STEP,
        message:
          `stepSeconds ${fmt(p.stepSeconds)} at the churn rates (churn.addsPerSecond + churn.modifiesPerSecond + ` +
          `churn.deletesPerSecond + rolling updates: ${fmt(Math.round(rates))} events/s) asks for ` +
          `${fmt(Math.round(perStep))} events in one step; at most ${fmt(MAX_EVENTS_PER_STEP)}: lower stepSeconds or a rate`,
      });
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, params: deepFreeze(merged) };
}

/**
 * The input with the legacy `serverFallback` and `watchPolicy` turned into `client` (an
 * explicit `client` wins), and a client that only lists given `initialList: list` unless the
 * input says otherwise.
 */
function withClient(input: SimParamsInput, issues: ParamIssue[]): SimParamsInput {
  const r = input.replicas;
  if (r === undefined || r === null || typeof r !== 'object') return input;
  const { serverFallback, watchPolicy, ...rest } = r;
  let client = rest.client;
  if (client === undefined && (serverFallback !== undefined || watchPolicy !== undefined)) {
    // A missing one takes its old default (filter, trust-stream), so old flags and links mean what they meant.
    const f = serverFallback ?? 'filter';
    const w = watchPolicy ?? 'trust-stream';
    if (f !== 'filter' && f !== 'trust') issues.push({ path: 'replicas.serverFallback', message: `replicas.serverFallback must be one of 'filter', 'trust', got ${describe(f)}` });
    else if (w !== 'trust-stream' && w !== 'check-locally') {
      issues.push({ path: 'replicas.watchPolicy', message: `replicas.watchPolicy must be one of 'trust-stream', 'check-locally', got ${describe(w)}` });
    } else if (f === 'trust') client = 'client-go';
    // Filtering without shardInfo: a streaming list never carries it, so that was a check of every object.
    else client = w === 'check-locally' || rest.initialList === 'watch-list' ? 'checked' : 'shardinfo';
  }
  const replicas = { ...rest, ...(client !== undefined ? { client } : {}) };
  if (isClientKind(client) && isListOnly(client) && rest.initialList === undefined) Object.assign(replicas, { initialList: 'list' });
  return { ...input, replicas };
}

/** Like {@link validateParams} but throws {@link SimParamsError}. */
export function resolveParams(input: SimParamsInput = {}, base: SimParams = DEFAULT_PARAMS): SimParams {
  const r = validateParams(input, base);
  if (!r.ok) throw new SimParamsError(r.issues);
  return r.params;
}

/** A churn rate: events per second, or null for its rate per 1,000 objects times the pods. */
function checkRate(issues: ParamIssue[], path: string, v: unknown, per1000: number): void {
  if (v === null) return;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1_000_000) {
    issues.push({ path, min: 0, max: 1_000_000, message: `${path} must be a number from 0 to 1,000,000, or null for ${fmt(per1000)} per 1,000 pods, got ${describe(v)}` });
  }
}

function checkSelectorSpec(path: string, s: unknown, issues: ParamIssue[]): void {
  if (s === undefined || s === null) return;
  const spec = s as { kind?: unknown; ranges?: unknown; text?: unknown; key?: unknown };
  if (spec.kind === 'equal') return;
  if (spec.kind === 'text') {
    // Any text is accepted here: whether it parses is the API server's business (HTTP 500).
    if (typeof spec.text !== 'string') issues.push({ path: `${path}.text`, message: `${path}.text must be a string, got ${describe(spec.text)}` });
    return;
  }
  if (spec.kind === 'ranges') {
    if (!Array.isArray(spec.ranges)) {
      issues.push({ path: `${path}.ranges`, message: `${path}.ranges must be an array of {start, end}, got ${describe(spec.ranges)}` });
      return;
    }
    if (spec.key !== undefined && !isShardKey(spec.key)) {
      issues.push({ path: `${path}.key`, message: `${path}.key must be one of ${SHARD_KEYS.map((k) => `'${k}'`).join(', ')}, got ${describe(spec.key)}` });
    }
    (spec.ranges as unknown[]).forEach((r, i) => {
      const rr = r as { start?: unknown; end?: unknown } | null;
      for (const end of ['start', 'end'] as const) {
        const v = rr?.[end];
        if (typeof v !== 'string' || !/^0x[0-9a-f]{16}$|^0x10000000000000000$/.test(v)) {
          issues.push({
            path: `${path}.ranges[${i}].${end}`,
            message: `${path}.ranges[${i}].${end} must be 0x and 16 lowercase hex digits (or 0x10000000000000000), got ${describe(v)}`,
          });
        }
      }
    });
    return;
  }
  issues.push({ path: `${path}.kind`, message: `${path}.kind must be one of 'equal', 'ranges', 'text', got ${describe(spec.kind)}` });
}

function fmt(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US') : String(n);
}

function describe(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? fmt(v) : String(v);
  // Cut short, however large or deep.
  return preview(v);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

/** Deep merge of plain objects; arrays and scalars in `over` replace those in `base`. */
export function mergeParams(base: SimParams, over: SimParamsInput): SimParams {
  return mergeDeep(base, over) as SimParams;
}

function mergeDeep(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (isPlainObject(base) && isPlainObject(over)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = mergeDeep(base[k], v);
    return out;
  }
  return over;
}
