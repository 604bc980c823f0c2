/**
 * Scenarios from the command line: the `--reshard` flag grammar and the `--scenario` JSON file
 * (schema in docs/scenario.md). Errors name the flag or the JSON path (`$.events[0].to`).
 */
import { DEFAULT_PARAMS } from '../params';
import { validateParams } from '../params';
import type { SimParamsInput } from '../params';
import { CLIENT_ONLY_REASON } from '../params';
import { pathKey, preview } from '../params';
import type { ReshardEvent, ReshardRollout, ScheduledEvent } from '../params';
import type { ReshardStrategy } from '../params';

/** `--reshard` strategy names. */
export const STRATEGY_NAMES: Readonly<Record<string, ReshardStrategy>> = {
  equal: 'equal-ranges',
  split: 'range-splitting',
  jump: 'jump-hash',
  mod: 'hash-mod',
};

/** Thrown for a bad `--reshard` or scenario file; the message names the flag or JSON path. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
}

/** The `--reshard` grammar, for messages and --help. */
export const RESHARD_GRAMMAR = 'from:to@time:strategy[:rollout[/interval]], e.g. 4:5@30s:equal:one-by-one/5s (strategy equal|split|jump|mod; rollout all|one-by-one/<dur>|new-first[/<dur>])';

/** A duration such as `30s`, `30`, `1.5m` or `500ms`, in seconds; null when unreadable. */
export function parseDuration(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?|\.\d+)(ms|s|m|h)?$/.exec(text);
  if (!m) return null;
  const v = Number(m[1]);
  const unit = m[2] ?? 's';
  return unit === 'ms' ? v / 1000 : unit === 'm' ? v * 60 : unit === 'h' ? v * 3600 : v;
}

/** One `--reshard` value; `from` is checked against the run by the caller. */
export function parseReshardFlag(value: string): { from: number; event: ReshardEvent } {
  const fail = (why: string): never => {
    throw new ScenarioError(`--reshard ${JSON.stringify(value.slice(0, 60))}: ${why}; the form is ${RESHARD_GRAMMAR}`);
  };
  const m = /^(\d+):(\d+)@([^:]+):([^:]+)(?::(.+))?$/.exec(value);
  if (!m) return fail('unreadable');
  const from = Number(m[1]);
  const to = Number(m[2]);
  for (const [name, n] of [['from', from], ['to', to]] as const) if (!(n >= 1 && n <= 64)) fail(`${name} must be an integer from 1 to 64, got ${n}`);
  const at = parseDuration(m[3]!);
  if (at === null) fail(`the time must be a duration such as 30s, 1.5m or 500ms, got ${JSON.stringify(m[3])}`);
  const strategy = STRATEGY_NAMES[m[4]!];
  if (!strategy) fail(`the strategy must be one of ${Object.keys(STRATEGY_NAMES).join(', ')}, got ${JSON.stringify(m[4])}`);
  let rollout: ReshardRollout = { kind: 'all-at-once' };
  if (m[5] !== undefined) {
    const [kind, every, ...rest] = m[5].split('/');
    if (rest.length > 0) fail('the rollout has at most one /interval');
    const interval = every === undefined ? undefined : parseDuration(every);
    if (interval === null) fail(`the rollout interval must be a duration such as 5s, got ${JSON.stringify(every)}`);
    if (kind === 'all') {
      if (every !== undefined) fail('rollout all takes no interval');
    } else if (kind === 'one-by-one') {
      if (interval === undefined) fail('rollout one-by-one needs an interval, e.g. one-by-one/5s');
      rollout = { kind: 'one-by-one', everySeconds: interval! };
    } else if (kind === 'new-first') {
      rollout = interval === undefined ? { kind: 'new-first' } : { kind: 'new-first', everySeconds: interval! };
    } else {
      fail(`the rollout must be all, one-by-one/<dur> or new-first[/<dur>], got ${JSON.stringify(kind)}`);
    }
  }
  return { from, event: { kind: 'reshard', at: at!, to, strategy: strategy!, rollout } };
}

/** What a scenario file holds. */
export interface ScenarioFile {
  readonly params: SimParamsInput;
  readonly events: readonly ScheduledEvent[];
  /** Simulated seconds to run; the command line's --seconds wins. */
  readonly seconds?: number;
}

const TOP_KEYS = ['params', 'events', 'seconds', 'description'];

/** The most problems a refusal lists, one line each; the rest are counted. */
export const MAX_PROBLEM_LINES = 20;
/**
 * How deep a scenario's values may nest: a real one nests about 5 levels
 * (`$.events[0].rollout.kind`); deeper is a generated file gone wrong, refused before any
 * recursive step could overflow the stack.
 */
export const MAX_SCENARIO_DEPTH = 32;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An own property (`toString`, `constructor` or `__proto__` in a file are not parameters). */
function has(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** The first problems, and how many more there were. */
class Problems {
  readonly lines: string[] = [];
  more = 0;
  push(line: string): void {
    if (this.lines.length < MAX_PROBLEM_LINES) this.lines.push(line);
    else this.more++;
  }
  get length(): number {
    return this.lines.length + this.more;
  }
}

/**
 * The path of the first value nested deeper than `max` levels (its first `max` steps), or
 * null. Iterative, so any depth is measured without recursion.
 */
function tooDeep(root: unknown, max: number): string | null {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: root, depth: 0, path: '$' }];
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return path;
    const keys = Array.isArray(v) ? null : Object.keys(v);
    const n = keys ? keys.length : (v as unknown[]).length;
    // Last first, so the first child is looked at first.
    for (let i = n - 1; i >= 0; i--) {
      const step = keys ? pathKey(keys[i]!, 40) : `[${i}]`;
      stack.push({ v: keys ? (v as Record<string, unknown>)[keys[i]!] : (v as unknown[])[i], depth: depth + 1, path: path.length < 200 ? path + step : path });
    }
  }
  return null;
}

/** Unknown fields of a params object, as JSON paths (arrays are not walked: their items are checked by validation). */
function unknownFields(v: Record<string, unknown>, known: Record<string, unknown>, path: string, out: Problems): void {
  for (const k of Object.keys(v)) {
    const val = v[k];
    if (!has(known, k)) {
      out.push(`${path}${pathKey(k)} is not a parameter; known here: ${Object.keys(known).join(', ')}`);
      continue;
    }
    const kv = known[k];
    if (isObject(val) && isObject(kv)) unknownFields(val, kv, `${path}${pathKey(k)}`, out);
  }
}

/** Reads and validates a scenario file's text; every problem names its JSON path. */
export function parseScenario(text: string, fileName: string): ScenarioFile {
  // The file's name as every message starts with it: cut short, control characters escaped.
  const name = /^[^\p{Cc}\p{Cf}]{0,80}$/u.test(fileName) ? fileName : preview(fileName);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError(`${name}: not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const problems = new Problems();
  if (!isObject(raw)) throw new ScenarioError(`${name}: $ must be an object {"params": {...}, "events": [...]}`);
  const deep = tooDeep(raw, MAX_SCENARIO_DEPTH);
  if (deep !== null) {
    throw new ScenarioError(
      `${name}: ${deep.length > 100 ? `${deep.slice(0, 99)}…` : deep} nests more than ${MAX_SCENARIO_DEPTH} levels deep; ` +
        `a scenario is only a few levels deep ({"params": {...}, "events": [{...}]}, see docs/scenario.md), so this file is not one`,
    );
  }
  for (const k of Object.keys(raw)) if (!TOP_KEYS.includes(k)) problems.push(`$${pathKey(k)} is not a scenario field; known: ${TOP_KEYS.join(', ')}`);
  const params = has(raw, 'params') ? raw.params : {};
  const events = has(raw, 'events') ? raw.events : [];
  if (!isObject(params)) problems.push(`$.params must be an object of parameters, got ${preview(params)}`);
  else {
    if (has(params, 'schedule')) problems.push('$.params.schedule: put events in $.events');
    unknownFields(params, DEFAULT_PARAMS as unknown as Record<string, unknown>, '$.params', problems);
  }
  if (!Array.isArray(events)) problems.push(`$.events must be an array of events, got ${preview(events)}`);
  if (raw.seconds !== undefined && !(typeof raw.seconds === 'number' && raw.seconds >= 0.01 && raw.seconds <= 86_400)) {
    problems.push(`$.seconds must be a number from 0.01 to 86,400, got ${preview(raw.seconds)}`);
  }
  if (problems.length === 0) {
    const v = validateParams({ ...(params as SimParamsInput), schedule: events as ScheduledEvent[] });
    if (!v.ok) {
      for (const i of v.issues) {
        const path = i.path.startsWith('schedule') ? `$.events${i.path.slice('schedule'.length)}` : `$.params.${i.path}`;
        const message = i.message.startsWith(i.path) ? i.message.slice(i.path.length).trimStart() : i.message;
        problems.push(`${path} ${message}`);
      }
    }
  }
  if (problems.length > 0) {
    const lines = problems.lines.map((p) => `${name}: ${p}`);
    if (problems.more > 0) lines.push(`${name}: … and ${problems.more.toLocaleString('en-US')} more problem${problems.more === 1 ? '' : 's'}`);
    throw new ScenarioError(lines.join('\n'));
  }
  return { params: params as SimParamsInput, events: events as ScheduledEvent[], seconds: raw.seconds as number | undefined };
}

export { CLIENT_ONLY_REASON };
