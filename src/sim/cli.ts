/**
 * Command line: runs one simulation and prints client-side and server-side side by side.
 *
 *   npm run sim -- --pods 100000 --replicas 4 --seconds 60 [--json]
 *
 * Bad flags print a message naming the flag and its bounds and exit with status 2.
 */
import { MAX_LIVE_OBJECTS } from './cluster';
import { createSimulation } from './simulation';
import { LIMITS, MAX_EVENTS_PER_STEP, SimParamsError, churnEventsPerSecond, validateParams } from './params';
import type { ParamIssue, SimParamsInput } from './params';
import type { SimParams } from './params';
import type { ModeSnapshot, SimSnapshot } from './types';
import { verdictOf, verdictSentence } from './verdict';
import { verdictWordsFor } from './verdictWords';
import { cliText, displayWidth, padColumns, type CliText } from './cliText';
import { matchLocale, proseCount, type LocaleId } from '../i18n/locale';
import { readFileSync } from 'node:fs';
import { RESHARD_GRAMMAR, ScenarioError, parseReshardFlag, parseScenario } from './scenariofile';
import { replicaCountsBefore } from './scenario';
import type { ScheduledEvent } from './scenario';
import type { HandoffSummary } from './handoff';

/** What a CLI run produced. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

interface FlagSpec {
  readonly path: string;
  readonly kind: 'int' | 'number' | 'string' | 'enum' | 'key' | 'gates' | 'bool' | 'rollout';
  readonly values?: readonly string[];
  readonly help: string;
  /** Bounds of a numeric flag, checked here so that the message names the flag. */
  readonly min?: number;
  readonly max?: number;
}

/** Flags and the parameter each sets. */
const FLAGS: Record<string, FlagSpec> = {
  pods: { path: 'cluster.pods', kind: 'int', min: LIMITS.pods.min, max: LIMITS.pods.max, help: 'live pods at the start (1 to 1,000,000)' },
  replicas: { path: 'replicas.count', kind: 'int', min: LIMITS.replicas.min, max: LIMITS.replicas.max, help: 'controller replicas (1 to 64)' },
  seconds: { path: '', kind: 'number', min: 0.01, max: 86_400, help: 'simulated seconds to run (0.01 to 86,400)' },
  namespaces: { path: 'cluster.namespaces', kind: 'int', min: LIMITS.namespaces.min, max: LIMITS.namespaces.max, help: 'namespaces (1 to 10,000)' },
  'api-servers': { path: 'apiServers.count', kind: 'int', min: LIMITS.apiServers.min, max: LIMITS.apiServers.max, help: 'API server instances (1 to 5)' },
  gates: { path: 'apiServers.gates', kind: 'gates', help: 'ShardedListAndWatch per API server, e.g. on,off' },
  seed: { path: 'seed', kind: 'string', help: 'PRNG seed (same seed, same run)' },
  encoding: { path: 'sizes.encoding', kind: 'enum', values: ['json', 'protobuf'], help: 'wire encoding' },
  adds: { path: 'churn.addsPerSecond', kind: 'number', min: 0, max: 1_000_000, help: 'pods created per second' },
  modifies: { path: 'churn.modifiesPerSecond', kind: 'number', min: 0, max: 1_000_000, help: 'pod updates per second' },
  deletes: { path: 'churn.deletesPerSecond', kind: 'number', min: 0, max: 1_000_000, help: 'pods deleted per second' },
  bursts: { path: 'churn.burst.enabled', kind: 'bool', help: 'rolling updates on (true/false)' },
  'client-filter': { path: 'replicas.clientFilter', kind: 'enum', values: ['ranges', 'jump'], help: 'client-side local filter' },
  fallback: { path: 'replicas.serverFallback', kind: 'enum', values: ['filter', 'trust'], help: 'server-side when shardInfo is missing' },
  'sequential-ids': { path: 'cluster.sequentialIds', kind: 'bool', help: 'UUIDv7-like uids (true/false)' },
  key: { path: 'replicas.key', kind: 'key', values: ['uid', 'namespace'], help: 'shard key: uid (object.metadata.uid) or namespace (object.metadata.namespace)' },
  'rollout-gates': { path: 'apiServers.rollout', kind: 'rollout', help: 'rolling upgrade: gate@start/every, e.g. on@60s/20s restarts server i at 60 + 20i s with the gate on' },
  'watch-timeouts': { path: 'watch.timeouts', kind: 'bool', help: 'watches end after 5 to 10 minutes and resume (true/false)' },
  'watch-policy': { path: 'replicas.watchPolicy', kind: 'enum', values: ['trust', 'check'], help: 'after a LIST with shardInfo: trust the stream or check locally too' },
  'initial-list': { path: 'replicas.initialList', kind: 'enum', values: ['list', 'watch-list'], help: 'LIST then WATCH, or a streaming list (sendInitialEvents)' },
  compaction: { path: 'watch.compactionSeconds', kind: 'number', min: 0, max: 3_600, help: 'seconds of history before 410 Gone (0: never compacted)' },
  bookmarks: { path: 'watch.bookmarks', kind: 'bool', help: 'watchers ask for BOOKMARKs (true/false)' },
  'client-cache': { path: 'replicas.clientCache', kind: 'enum', values: ['owned', 'all'], help: 'informer cache: owned (filter before the cache) or all (cache everything, filter in handlers)' },
};

/** `--key` values and the field path each stands for. */
const KEY_PATHS: Readonly<Record<string, string>> = { uid: 'object.metadata.uid', namespace: 'object.metadata.namespace' };

function usage(): string {
  const lines = ['usage: npm run sim -- [--pods N] [--replicas N] [--seconds S] [--json] [flags]', '', 'flags:'];
  for (const [name, f] of Object.entries(FLAGS)) lines.push(`  --${name.padEnd(16)} ${f.help}`);
  lines.push(`  --${'json'.padEnd(16)} print JSON instead of a table`);
  lines.push(`  --${'reshard'.padEnd(16)} a reshard during the run: ${RESHARD_GRAMMAR}; repeat for several`);
  lines.push(`  --${'scenario'.padEnd(16)} a JSON file {"params": {...}, "events": [...], "seconds": S} (docs/scenario.md); flags override its params`);
  lines.push(`  --${'lang'.padEnd(16)} language of the table and the summary: en or zh-CN (JSON keys stay English)`);
  lines.push('', 'Numbers are decimal (100000, 100_000, 2.5, 1e5); give each flag at most once.');
  return lines.join('\n');
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let o = obj;
  for (const p of parts.slice(0, -1)) {
    o[p] = (o[p] as Record<string, unknown> | undefined) ?? {};
    o = o[p] as Record<string, unknown>;
  }
  o[parts[parts.length - 1]!] = value;
}

class FlagError extends Error {}

/** The hint every error ends with. */
const HELP_HINT = '(run with --help for every flag)';

/**
 * A decimal number as people type it on a command line: optional sign, digits with optional
 * `_` between them, an optional fraction and exponent. No hex, octal, binary, `Infinity` or
 * `NaN` (JavaScript's `Number()` takes all of those, and `0x10` silently became 16).
 */
const DECIMAL = /^[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:e[+-]?\d+)?$/i;

/** A typed value quoted for a message, cut short so that a huge argument gives a short line. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/**
 * A typed number for a message: plain digits grouped (`2,000,000`), anything else as typed
 * (never re-expanded: `1e308` stays `1e308`), cut short.
 */
function asTyped(value: string): string {
  if (/^[+-]?\d{1,15}(\.\d{1,6})?$/.test(value)) return bound(Number(value));
  return value.length > 40 ? `${value.slice(0, 40)}… (${value.length.toLocaleString('en-US')} characters)` : value;
}

function bound(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 20 });
}

/** Reads a numeric flag; throws FlagError naming the flag, its bounds and the typed text. */
function numberFlag(name: string, spec: FlagSpec, value: string): number {
  const whole = spec.kind === 'int';
  if (!DECIMAL.test(value)) throw new FlagError(`--${name} must be a decimal number such as 100000 or 100_000, got ${quoted(value)}`);
  const n = Number(value.replace(/_/g, ''));
  const min = spec.min ?? -Infinity;
  const max = spec.max ?? Infinity;
  if (!(n >= min && n <= max) || (whole && !Number.isInteger(n))) {
    throw new FlagError(`--${name} must be ${whole ? 'an integer' : 'a number'} from ${bound(min)} to ${bound(max)}, got ${asTyped(value)}`);
  }
  return n;
}

/** Parses argv into parameters; throws FlagError with a message naming the flag. */
export function parseArgs(argv: readonly string[]): {
  input: SimParamsInput;
  seconds: number;
  json: boolean;
  help: boolean;
  /** `--reshard` values in order, each with the `from` it names. */
  reshards: { from: number; event: ScheduledEvent; text: string }[];
  scenario: string | null;
  secondsGiven: boolean;
  lang: LocaleId;
} {
  const input: Record<string, unknown> = {};
  const reshards: { from: number; event: ScheduledEvent; text: string }[] = [];
  let scenario: string | null = null;
  let seconds = 60;
  let json = false;
  let help = false;
  let lang: LocaleId | null = null;
  // The text each flag was given, to refuse a repeat instead of silently taking the last.
  const seen = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') {
      if (json) throw new FlagError('--json is given twice; give it once');
      json = true;
      continue;
    }
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    // issue 11: --lang zh-CN (or --lang=zh-CN)
    if (arg === '--lang' || arg.startsWith('--lang=')) {
      const value = arg === '--lang' ? argv[++i] : arg.slice('--lang='.length);
      if (value === undefined) throw new FlagError('--lang needs a value (en or zh-CN)');
      if (lang !== null) throw new FlagError('--lang is given twice; give it once');
      lang = matchLocale(value);
      if (lang === null) throw new FlagError(`--lang must be en or zh-CN, got ${quoted(value)}`);
      continue;
    }
    if (!arg.startsWith('--')) throw new FlagError(`unexpected argument ${quoted(arg)}; flags look like --pods 100000`);
    let name = arg.slice(2);
    let value: string | undefined;
    const eq = name.indexOf('=');
    if (eq >= 0) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    }
    if (name === 'reshard' || name === 'scenario') {
      if (value === undefined) {
        value = argv[i + 1];
        if (value === undefined || value.startsWith('--')) throw new FlagError(`--${name} needs a value (${name === 'reshard' ? RESHARD_GRAMMAR : 'a JSON file'})`);
        i++;
      }
      if (name === 'reshard') {
        // The only repeatable flag: one reshard each.
        try {
          reshards.push({ ...parseReshardFlag(value), text: value });
        } catch (e) {
          if (e instanceof ScenarioError) throw new FlagError(e.message);
          throw e;
        }
      } else {
        if (scenario !== null) throw new FlagError(`--scenario is given twice (${quoted(scenario)}, then ${quoted(value)}); give it once`);
        scenario = value;
      }
      continue;
    }
    const spec = FLAGS[name];
    if (!spec) throw new FlagError(`unknown flag --${name.slice(0, 40)}; known flags: ${Object.keys(FLAGS).map((f) => `--${f}`).join(', ')}, --json, --reshard, --scenario`);
    if (value === undefined) {
      value = argv[i + 1];
      // `--pods --replicas 4`: the value is missing, not "--replicas".
      if (value === undefined || (value.startsWith('--') && (value.slice(2).split('=')[0]! in FLAGS || value === '--json' || value === '--help'))) {
        throw new FlagError(`--${name} needs a value (${spec.help})`);
      }
      i++;
    }
    const before = seen.get(name);
    if (before !== undefined) throw new FlagError(`--${name} is given twice (${quoted(before)}, then ${quoted(value)}); give it once`);
    seen.set(name, value);
    let parsed: unknown;
    switch (spec.kind) {
      case 'int':
      case 'number':
        parsed = numberFlag(name, spec, value);
        break;
      case 'bool':
        if (value !== 'true' && value !== 'false') throw new FlagError(`--${name} must be true or false, got ${quoted(value)}`);
        parsed = value === 'true';
        break;
      case 'enum':
        if (!spec.values!.includes(value)) throw new FlagError(`--${name} must be one of ${spec.values!.join(', ')}, got ${quoted(value)}`);
        parsed = name === 'watch-policy' ? (value === 'trust' ? 'trust-stream' : 'check-locally') : value;
        break;
      case 'rollout': {
        const m = /^(on|off)@(\d+(?:\.\d+)?)s?\/(\d+(?:\.\d+)?)s?$/.exec(value);
        if (!m) throw new FlagError(`--${name} must be on|off@START/EVERY in seconds, e.g. on@60s/20s, got ${quoted(value)}`);
        parsed = { gate: m[1] === 'on', at: Number(m[2]), everySeconds: Number(m[3]) };
        break;
      }
      case 'key': {
        // The short names, or the field path itself.
        const path = KEY_PATHS[value] ?? (Object.values(KEY_PATHS).includes(value) ? value : undefined);
        if (path === undefined) throw new FlagError(`--${name} must be one of ${spec.values!.join(', ')}, got ${quoted(value)}`);
        parsed = path;
        break;
      }
      case 'gates':
        parsed = value.split(',').map((g) => {
          if (g === 'on' || g === 'true') return true;
          if (g === 'off' || g === 'false') return false;
          throw new FlagError(`--gates must be a comma-separated list of on/off, one per API server, got ${quoted(value)}`);
        });
        break;
      default:
        parsed = value;
    }
    if (name === 'seconds') seconds = parsed as number;
    else setPath(input, spec.path, parsed);
  }
  // A gates list implies the server count; it may be shorter than --api-servers (the rest are on).
  const servers = input.apiServers as { gates?: boolean[]; count?: number } | undefined;
  if (servers?.gates) {
    const n = servers.gates.length;
    if (servers.count === undefined) {
      if (n > LIMITS.apiServers.max) throw new FlagError(`--gates lists ${n} API servers, more than the most (${LIMITS.apiServers.max}); give at most ${LIMITS.apiServers.max} on/off values`);
      servers.count = n;
    } else if (n > servers.count) {
      throw new FlagError(`--gates lists ${n} API servers but --api-servers is ${servers.count}; give one on/off per API server`);
    }
  }
  return { input: input as SimParamsInput, seconds, json, help, reshards, scenario, secondsGiven: seen.has('seconds'), lang: lang ?? 'en' };
}

function mergeInput(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (typeof base === 'object' && base !== null && !Array.isArray(base) && typeof over === 'object' && over !== null && !Array.isArray(over)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(over)) out[k] = mergeInput(out[k], v);
    return out;
  }
  return over;
}

/** Reads a scenario file (the command line passes the file system; tests pass text). */
export type ReadFile = (path: string) => string;

/**
 * The run's parameters, events and length from the flags and the scenario file: flags
 * override the file's parameters, `--reshard` events follow the file's, and each
 * `--reshard`'s `from` must be the replica count at its time.
 */
export function scenarioOf(args: ReturnType<typeof parseArgs>, readFile: ReadFile): { input: SimParamsInput; seconds: number } {
  let fileParams: SimParamsInput = {};
  let events: ScheduledEvent[] = [];
  let seconds = args.seconds;
  if (args.scenario !== null) {
    let text: string;
    try {
      text = readFile(args.scenario);
    } catch (e) {
      throw new FlagError(`--scenario ${quoted(args.scenario)} cannot be read: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    }
    const file = parseScenario(text, args.scenario);
    fileParams = file.params;
    events = [...file.events];
    if (!args.secondsGiven && file.seconds !== undefined) seconds = file.seconds;
  }
  const input = mergeInput(fileParams, args.input) as SimParamsInput;
  const first = events.length;
  events.push(...args.reshards.map((r) => r.event));
  const initial = input.replicas?.count ?? DEFAULT_REPLICAS;
  if (typeof initial === 'number') {
    const froms = replicaCountsBefore(events, initial);
    args.reshards.forEach((r, k) => {
      const have = froms[first + k]!;
      if (r.from !== have) {
        throw new FlagError(`--reshard ${quoted(r.text)}: from is ${r.from} but the run has ${have} replicas at ${r.event.at} s; write ${have}:${r.event.to}@...`);
      }
    });
  }
  for (const r of args.reshards) {
    if (r.event.at > seconds) throw new FlagError(`--reshard ${quoted(r.text)} happens at ${r.event.at} s, after the run ends (--seconds ${seconds}); lengthen --seconds`);
  }
  return { input: events.length > 0 ? { ...input, schedule: events } : input, seconds };
}

const DEFAULT_REPLICAS = 4;

/** The CLI flag that sets each parameter path, for messages of the model's own validation. */
const FLAG_OF_PATH: ReadonlyMap<string, string> = new Map(Object.entries(FLAGS).filter(([, f]) => f.path !== '').map(([name, f]) => [f.path, `--${name}`]));

/**
 * Rewrites a parameter issue to name CLI flags instead of the model's field paths. Paths are
 * replaced longest first, so `apiServers.gates` is not read as `apiServers` plus a suffix.
 */
function flagMessage(issue: ParamIssue): string {
  let message = issue.message;
  const paths = [...FLAG_OF_PATH.keys()].sort((a, b) => b.length - a.length);
  for (const path of paths) message = message.split(path).join(FLAG_OF_PATH.get(path)!);
  return message;
}

/** The stderr of a refused run: one `error:` line per problem, then the --help hint. */
function refused(messages: readonly string[]): CliResult {
  return { code: 2, stdout: '', stderr: messages.map((m) => `error: ${m}\n`).join('') + HELP_HINT + '\n' };
}

// ---------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------

/** Figures of one mode over the run, the same for table and JSON. */
export interface ModeReport {
  readonly replicas: readonly {
    readonly index: number;
    readonly status: string;
    readonly filtering: string;
    readonly watchBytesPerSec: number;
    readonly watchEventsPerSec: number;
    readonly discardedShare: number;
    readonly decodeCpuMillicores: number;
    readonly listBytes: number;
    readonly cacheBytes: number;
    readonly cacheObjects: number;
    /** Informer cache under each client style (`cacheBytes` is the configured one's). */
    readonly cacheBytesByStyle: { readonly owned: number; readonly all: number };
    /** Transient decode allocation of the watch stream, bytes per second. */
    readonly decodeAllocBytesPerSec: number;
    /** Peak while decoding a full LIST of what it receives now, under the configured style. */
    readonly listPeakBytes: number;
    readonly error: string | null;
  }[];
  readonly totalWatchBytesPerSec: number;
  readonly totalDecodeCpuMillicores: number;
  readonly totalCacheBytes: number;
  readonly totalCacheBytesByStyle: { readonly owned: number; readonly all: number };
  readonly totalDecodeAllocBytesPerSec: number;
  readonly apiServerEgressBytesPerSec: number;
  readonly apiServerHashesPerSec: number;
  readonly watchShardsTotal: number;
  readonly watchFilteredEventsTotal: number;
  readonly gaps: number;
  readonly duplicates: number;
  readonly closedFormBytesPerSecPerReplica: readonly number[];
  readonly closedFormEgressBytesPerSec: number;
  readonly closedFormHashesPerSec: number;
  /** Relists by cause and their bytes, watch timeouts, 410s, duplicates caught/missed under the run's policy. */
  readonly lifecycle: ModeSnapshot['lifecycle'] & { readonly watchPolicy: string };
}

function modeReport(snap: SimSnapshot, m: ModeSnapshot, seconds: number, nsPerByte: number): ModeReport {
  const cf = snap.closedForm[m.mode];
  const style = snap.params.replicas.clientCache;
  const allocPerByte = snap.params.costs.decodeAllocBytesPerByte;
  const replicas = m.replicas.map((r) => {
    const watchBytes = r.counters.bytesReceived - r.counters.listBytes;
    return {
      index: r.index,
      status: r.status,
      filtering: r.filtering,
      watchBytesPerSec: watchBytes / seconds,
      watchEventsPerSec: r.counters.eventsReceived / seconds,
      discardedShare: r.counters.bytesReceived > 0 ? r.counters.bytesDiscarded / r.counters.bytesReceived : 0,
      decodeCpuMillicores: (watchBytes * nsPerByte * 1e-9 * 1000) / seconds,
      listBytes: r.counters.listBytes,
      cacheBytes: r.cacheBytes,
      cacheObjects: r.cacheObjects,
      cacheBytesByStyle: { owned: r.memory.byStyle.owned.cacheBytes, all: r.memory.byStyle.all.cacheBytes },
      decodeAllocBytesPerSec: (watchBytes * allocPerByte) / seconds,
      listPeakBytes: r.memory.byStyle[style].listPeakBytes,
      error: r.error?.message ?? null,
    };
  });
  const egressList = m.replicas.reduce((a, r) => a + r.counters.listBytes, 0);
  return {
    replicas,
    totalWatchBytesPerSec: replicas.reduce((a, r) => a + r.watchBytesPerSec, 0),
    totalDecodeCpuMillicores: replicas.reduce((a, r) => a + r.decodeCpuMillicores, 0),
    totalCacheBytes: replicas.reduce((a, r) => a + r.cacheBytes, 0),
    totalCacheBytesByStyle: {
      owned: replicas.reduce((a, r) => a + r.cacheBytesByStyle.owned, 0),
      all: replicas.reduce((a, r) => a + r.cacheBytesByStyle.all, 0),
    },
    totalDecodeAllocBytesPerSec: replicas.reduce((a, r) => a + r.decodeAllocBytesPerSec, 0),
    apiServerEgressBytesPerSec: (m.totals.egressBytes - egressList) / seconds,
    apiServerHashesPerSec: m.totals.apiServerHashes / seconds,
    watchShardsTotal: m.apiServers.reduce((a, s) => a + s.metrics.watchShardsTotal, 0),
    watchFilteredEventsTotal: m.apiServers.reduce((a, s) => a + s.metrics.watchFilteredEventsTotal, 0),
    gaps: m.audit.gaps,
    duplicates: m.audit.duplicates,
    closedFormBytesPerSecPerReplica: cf.replicaBytesPerSec,
    closedFormEgressBytesPerSec: cf.egressBytesPerSec,
    closedFormHashesPerSec: cf.hashesPerSec,
    lifecycle: { ...m.lifecycle, watchPolicy: snap.params.replicas.watchPolicy },
  };
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

function bytes(n: number): string {
  let v = n;
  let u = 0;
  while (Math.abs(v) >= 1000 && u < UNITS.length - 1) {
    v /= 1000;
    u++;
  }
  return `${v >= 100 || u === 0 ? v.toFixed(0) : v.toFixed(v >= 10 ? 1 : 2)} ${UNITS[u]}`;
}

function int(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function ratio(a: number, b: number): string {
  if (b === 0) return a === 0 ? '-' : 'inf';
  return `${(a / b).toFixed(2)}x`;
}

function table(snap: SimSnapshot, seconds: number, client: ModeReport, server: ModeReport, lang: LocaleId = 'en'): string {
  const tx: CliText = cliText(lang);
  const p = snap.params;
  const gates = Array.from({ length: p.apiServers.count }, (_, i) => ((p.apiServers.gates[i] ?? true) ? 'on' : 'off')).join(',');
  const events = snap.churn.total.added + snap.churn.total.modified + snap.churn.total.deleted;
  const out: string[] = [];
  out.push(
    tx.intro({
      pods: proseCount(lang, p.cluster.pods),
      namespaces: proseCount(lang, p.cluster.namespaces),
      replicas: p.replicas.count,
      servers: p.apiServers.count,
      gates,
      seconds,
      seed: JSON.stringify(String(p.seed)),
    }),
  );
  out.push(
    tx.stream({
      events: int(events),
      perSec: int(events / seconds),
      bookmarks: int(snap.churn.total.bookmarks),
      meanEvent: bytes(snap.closedForm.meanEventBytes),
      encoding: p.sizes.encoding,
      live: int(snap.cluster.live),
    }),
  );
  if (snap.churn.refusedAdds > 0) {
    out.push(tx.refused({ refused: int(snap.churn.refusedAdds), max: int(MAX_LIVE_OBJECTS) }));
  }
  out.push('');
  const w0 = 40;
  const w = 18;
  const style = p.replicas.clientCache;
  // Both client styles, the one in use first: the comparison needs no second run.
  const styles = style === 'all' ? (['all', 'owned'] as const) : (['owned', 'all'] as const);
  const row = (label: string, a: string, b: string, c = '') =>
    out.push(padColumns(label, w0, 'end') + padColumns(a, w, 'start') + padColumns(b, w, 'start') + padColumns(c, w, 'start'));
  row('', ...tx.columns);
  const [d0, d1, d2] = tx.columns.map((h) => '-'.repeat(displayWidth(h)));
  row('', d0!, d1!, d2!);
  for (let i = 0; i < client.replicas.length; i++) {
    const c = client.replicas[i]!;
    const s = server.replicas[i]!;
    row(tx.replica(i), `${bytes(c.watchBytesPerSec)}/s`, `${bytes(s.watchBytesPerSec)}/s`, ratio(s.watchBytesPerSec, c.watchBytesPerSec));
    const cc = client.closedFormBytesPerSecPerReplica[i] ?? 0;
    const cs = server.closedFormBytesPerSecPerReplica[i] ?? 0;
    row(`          ${tx.closedForm}`, `${bytes(cc)}/s`, `${bytes(cs)}/s`, ratio(cs, cc));
    row(`          ${tx.discarded}`, `${(c.discardedShare * 100).toFixed(0)}%`, `${(s.discardedShare * 100).toFixed(0)}%`);
    row(`          ${tx.decodeCpu}`, `${c.decodeCpuMillicores.toFixed(1)} ${tx.mcores}`, `${s.decodeCpuMillicores.toFixed(1)} ${tx.mcores}`, ratio(s.decodeCpuMillicores, c.decodeCpuMillicores));
    row(`          ${tx.initialList}`, bytes(c.listBytes), bytes(s.listBytes), ratio(s.listBytes, c.listBytes));
    row(`          ${tx.owned}`, int(c.cacheObjects), int(s.cacheObjects));
    for (const st of styles) {
      row(`          ${tx.cache(st, st === style)}`, bytes(c.cacheBytesByStyle[st]), bytes(s.cacheBytesByStyle[st]), ratio(s.cacheBytesByStyle[st], c.cacheBytesByStyle[st]));
    }
    row(`          ${tx.decodeAlloc}`, `${bytes(c.decodeAllocBytesPerSec)}/s`, `${bytes(s.decodeAllocBytesPerSec)}/s`, ratio(s.decodeAllocBytesPerSec, c.decodeAllocBytesPerSec));
    row(`          ${tx.listPeak(style)}`, bytes(c.listPeakBytes), bytes(s.listPeakBytes), ratio(s.listPeakBytes, c.listPeakBytes));
    if (c.error || s.error) row(`          ${tx.error}`, c.error ? tx.yes : '-', s.error ? tx.yes : '-');
  }
  row(tx.allWatch, `${bytes(client.totalWatchBytesPerSec)}/s`, `${bytes(server.totalWatchBytesPerSec)}/s`, ratio(server.totalWatchBytesPerSec, client.totalWatchBytesPerSec));
  row(tx.allCpu, `${client.totalDecodeCpuMillicores.toFixed(1)} ${tx.mcores}`, `${server.totalDecodeCpuMillicores.toFixed(1)} ${tx.mcores}`, ratio(server.totalDecodeCpuMillicores, client.totalDecodeCpuMillicores));
  for (const st of styles) {
    const label = tx.allCaches(st, st === style);
    row(label, bytes(client.totalCacheBytesByStyle[st]), bytes(server.totalCacheBytesByStyle[st]), ratio(server.totalCacheBytesByStyle[st], client.totalCacheBytesByStyle[st]));
  }
  row(tx.allAlloc, `${bytes(client.totalDecodeAllocBytesPerSec)}/s`, `${bytes(server.totalDecodeAllocBytesPerSec)}/s`, ratio(server.totalDecodeAllocBytesPerSec, client.totalDecodeAllocBytesPerSec));
  row(tx.egress, `${bytes(client.apiServerEgressBytesPerSec)}/s`, `${bytes(server.apiServerEgressBytesPerSec)}/s`, ratio(server.apiServerEgressBytesPerSec, client.apiServerEgressBytesPerSec));
  row(tx.checks, `${int(client.apiServerHashesPerSec)}/s`, `${int(server.apiServerHashesPerSec)}/s`);
  row('apiserver_watch_shards_total', int(client.watchShardsTotal), int(server.watchShardsTotal));
  row('apiserver_watch_filtered_events_total', int(client.watchFilteredEventsTotal), int(server.watchFilteredEventsTotal));
  row(tx.gaps, int(client.gaps), int(server.gaps));
  row(tx.duplicates, int(client.duplicates), int(server.duplicates));
  row(tx.cfEgress, `${bytes(client.closedFormEgressBytesPerSec)}/s`, `${bytes(server.closedFormEgressBytesPerSec)}/s`, ratio(server.closedFormEgressBytesPerSec, client.closedFormEgressBytesPerSec));
  row(tx.cfChecks, `${int(client.closedFormHashesPerSec)}/s`, `${int(server.closedFormHashesPerSec)}/s`);
  // The watch lifecycle, shown once something happened over time (defaults print as before).
  const lc = [client.lifecycle, server.lifecycle];
  if (lc.some((l) => l.watchTimeouts + l.duplicatesMissed + l.duplicatesCaught + Object.values(l.relists).reduce((a, b) => a + b, 0) > 0)) {
    const causes = (l: ModeReport['lifecycle']) => `${int(l.relists.restart)}/${int(l.relists.gone)}/${int(l.relists.reshard)}/${int(l.relists.error)}`;
    const relistBytes = (l: ModeReport['lifecycle']) => Object.values(l.relistBytes).reduce((a, b) => a + b, 0);
    row(tx.relists, causes(client.lifecycle), causes(server.lifecycle));
    row(tx.relistBytes, bytes(relistBytes(client.lifecycle)), bytes(relistBytes(server.lifecycle)), ratio(relistBytes(server.lifecycle), relistBytes(client.lifecycle)));
    row(tx.watchTimeouts, `${int(client.lifecycle.watchTimeouts)} (${int(client.lifecycle.goneResponses)})`, `${int(server.lifecycle.watchTimeouts)} (${int(server.lifecycle.goneResponses)})`);
    row(tx.duplicatesMissedCaught(p.replicas.watchPolicy), '-', `${int(server.lifecycle.duplicatesMissed)}/${int(server.lifecycle.duplicatesCaught)}`);
  }
  const errors = [...client.replicas.map((r) => ['client', r] as const), ...server.replicas.map((r) => ['server', r] as const)].filter(([, r]) => r.error);
  if (errors.length > 0) {
    out.push('');
    for (const [mode, r] of errors) out.push(`${tx.modeReplica(mode, r.index)}: ${r.error}`);
  }
  // The headline, with every failure that qualifies it: the same sentence as the page's.
  out.push('');
  const verdict = verdictOf(snap);
  out.push(lang === 'en' ? verdict.sentence : verdictSentence(verdict, verdictWordsFor(lang)));
  return out.join('\n') + '\n';
}

/**
 * Rate x duration, checked before running: the events the churn flags ask for over --seconds
 * must fit one run. Returns a message naming the flags, or null.
 */
function eventBudgetError(churn: SimParams['churn'], seconds: number): string | null {
  const total = churnEventsPerSecond(churn) * seconds;
  if (total <= MAX_EVENTS_PER_STEP) return null;
  const rates = [
    ['--adds', churn.addsPerSecond],
    ['--modifies', churn.modifiesPerSecond],
    ['--deletes', churn.deletesPerSecond],
  ] as const;
  const parts = rates.map(([f, r]) => `${f} ${int(r)}/s`);
  if (churn.burst.enabled) parts.push(`rolling updates ${int(churnEventsPerSecond(churn) - churn.addsPerSecond - churn.modifiesPerSecond - churn.deletesPerSecond)}/s (--bursts)`);
  return (
    `${parts.join(' + ')} for --seconds ${seconds.toLocaleString('en-US')} asks for ${int(total)} events; ` +
    `a run takes at most ${int(MAX_EVENTS_PER_STEP)}: lower --seconds or a rate`
  );
}

/** Runs the CLI on `argv` (without the node and script arguments). */
export function runCli(argv: readonly string[], readFile: ReadFile = (path) => readFileSync(path, 'utf8')): CliResult {
  try {
    return run(argv, readFile);
  } catch (e) {
    if (e instanceof FlagError) return refused([e.message]);
    if (e instanceof ScenarioError) return refused(e.message.split('\n'));
    if (e instanceof SimParamsError) return refused(e.issues.map(flagMessage));
    // Anything else is a fault or exhaustion (memory, typed-array size): say so in one line
    // and what to change, instead of a stack trace.
    const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    return {
      code: 1,
      stdout: '',
      stderr: `error: the simulation stopped: ${what}\n(try a smaller run: fewer --pods, lower --adds, or fewer --seconds; ${HELP_HINT.slice(1)}\n`,
    };
  }
}

function run(argv: readonly string[], readFile: ReadFile): CliResult {
  const args = parseArgs(argv);
  if (args.help) return { code: 0, stdout: usage() + '\n', stderr: '' };
  const { input, seconds: runSeconds } = scenarioOf(args, readFile);
  const v = validateParams(input);
  if (!v.ok) return refused(v.issues.map(flagMessage));
  const runError = eventBudgetError(v.params.churn, runSeconds);
  if (runError) return refused([runError]);
  const sim = createSimulation(input);
  sim.step(runSeconds);
  const snap = sim.snapshot();
  const seconds = snap.time;
  const p = snap.params;
  const nsPerByte = p.sizes.encoding === 'protobuf' ? p.costs.protobufDecodeNsPerByte : p.costs.jsonDecodeNsPerByte;
  const client = modeReport(snap, snap.modes.client, seconds, nsPerByte);
  const server = modeReport(snap, snap.modes.server, seconds, nsPerByte);
  if (args.json) {
    const body = {
      params: p,
      seconds,
      events: snap.churn.total,
      livePods: snap.cluster.live,
      refusedAdds: snap.churn.refusedAdds,
      meanEventBytes: snap.closedForm.meanEventBytes,
      modes: { client, server },
      closedForm: snap.closedForm,
      bursts: snap.churn.bursts,
      reshards: reshardReports(snap.handoff.reshards),
      verdict: verdictOf(snap),
    };
    return { code: 0, stdout: JSON.stringify(body, null, 2) + '\n', stderr: '' };
  }
  return { code: 0, stdout: table(snap, seconds, client, server, args.lang) + reshardTable(snap.handoff.reshards, args.lang), stderr: '' };
}

/** One mode's hand-off figures for --json. */
export interface HandoffReport {
  readonly movedPercent: number;
  readonly orphanObjectSeconds: number;
  readonly duplicateObjectSeconds: number;
  readonly settleSeconds: number;
  readonly peakOrphans: number;
  readonly peakDuplicates: number;
  readonly relists: number;
  readonly relistBytes: number;
}

function handoffReport(h: HandoffSummary): HandoffReport {
  return {
    movedPercent: h.movedFraction * 100,
    orphanObjectSeconds: h.orphanObjectSeconds,
    duplicateObjectSeconds: h.duplicateObjectSeconds,
    settleSeconds: h.settleSeconds,
    peakOrphans: h.peakOrphans,
    peakDuplicates: h.peakDuplicates,
    relists: h.relists,
    relistBytes: h.relistBytes,
  };
}

/** Every fired reshard with both modes' hand-off (summaries come client then server per event). */
function reshardReports(list: readonly HandoffSummary[]) {
  const out = [];
  for (let i = 0; i + 1 < list.length; i += 2) {
    const c = list[i]!;
    const s = list[i + 1]!;
    out.push({
      at: c.at,
      from: c.from,
      to: c.to,
      objects: c.objects,
      rollout: c.rollout,
      strategy: { client: c.strategy, server: s.strategy },
      client: handoffReport(c),
      server: handoffReport(s),
      relistBytesClientOverServer: s.relistBytes > 0 ? c.relistBytes / s.relistBytes : null,
    });
  }
  return out;
}

function reshardTable(list: readonly HandoffSummary[], lang: LocaleId = 'en'): string {
  const tx: CliText = cliText(lang);
  const out: string[] = [];
  for (const r of reshardReports(list)) {
    out.push('');
    out.push(tx.reshardAt({ at: r.at, from: r.from, to: r.to, rollout: r.rollout, objects: int(r.objects), client: r.strategy.client, server: r.strategy.server }));
    const row = (label: string, a: string, b: string) => out.push(padColumns(label, 40, 'end') + padColumns(a, 18, 'start') + padColumns(b, 18, 'start'));
    row('', tx.columns[0], tx.columns[1]);
    row(tx.movedOwner, `${r.client.movedPercent.toFixed(1)}%`, `${r.server.movedPercent.toFixed(1)}%`);
    row(tx.orphanSeconds, int(r.client.orphanObjectSeconds), int(r.server.orphanObjectSeconds));
    row(tx.duplicateSeconds, int(r.client.duplicateObjectSeconds), int(r.server.duplicateObjectSeconds));
    row(tx.settle, `${r.client.settleSeconds.toFixed(2)} s`, `${r.server.settleSeconds.toFixed(2)} s`);
    row(tx.relistsAndBytes, `${r.client.relists} / ${bytes(r.client.relistBytes)}`, `${r.server.relists} / ${bytes(r.server.relistBytes)}`);
  }
  return out.length > 0 ? out.join('\n') + '\n' : '';
}

// Run when executed directly (`tsx src/sim/cli.ts`), not when imported by tests.
const entry = typeof process !== 'undefined' ? process.argv[1] ?? '' : '';
if (/cli\.[cm]?[jt]s$/.test(entry)) {
  const r = runCli(process.argv.slice(2));
  if (r.stdout) process.stdout.write(r.stdout);
  if (r.stderr) process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
