/**
 * The whole state in a link: parameters and view as a URL fragment, so a run can be shared,
 * bookmarked or put on a slide, and reproduced exactly (same seed, same selectors). Decoding
 * is defensive: a field that is missing or out of bounds falls back to its default, never an
 * error, so an edited or truncated link still opens.
 */
import { SHARD_KEYS, type ShardKey } from '../core/sharding';
import { defaultSimParams, defaultViewParams } from './defaults';
import { LIMITS, SPEEDS, type NumericParam, type SimParams, type ViewParams } from './params';
import { MAX_TOTAL_RANGES } from '../sim/params';
import { countRanges, equalSplitSelectors } from './selectors';

/** Version of the link format; bump when a field changes meaning. */
export const LINK_VERSION = 1;
const KEY = 'state';

/** What a link carries. */
export interface LinkState {
  readonly params: SimParams;
  readonly view: ViewParams;
}

/** The fragment (`#state=...`) for a state. */
export function encodeLink(state: LinkState): string {
  const { locale: _locale, ...view } = state.view;
  return `#${KEY}=${encodeURIComponent(JSON.stringify({ v: LINK_VERSION, p: state.params, w: view }))}`;
}

/**
 * Something in a link that could not be used. The page says so (instead of silently showing
 * other numbers than the ones shared) and keeps every other field.
 */
export interface LinkIssue {
  /** The parameter (`replicas`, `selectors`, ...) or `state` for the whole fragment. */
  readonly field: string;
  /** unreadable: not JSON / not an object; version: another link format; invalid: out of bounds or mistyped. */
  readonly reason: 'unreadable' | 'version' | 'invalid';
  /** For `selectors` over the range limit: the ranges they hold in all. */
  readonly ranges?: number;
}

/** The state in a fragment, or null when the fragment carries none. Unknown or bad fields take defaults. */
export function decodeLink(hash: string): LinkState | null {
  return readLink(hash).state;
}

/**
 * The state in a fragment and what could not be used of it. A fragment without `state=` is
 * no link (state null, no issue); a `state=` that cannot be read is one `state` issue.
 */
export function readLink(hash: string): { state: LinkState | null; issues: LinkIssue[] } {
  const issues: LinkIssue[] = [];
  const m = /(?:^#|&)state=([^&]*)/.exec(hash);
  if (!m) return { state: null, issues };
  let raw: unknown;
  try {
    raw = JSON.parse(decodeURIComponent(m[1]!));
  } catch {
    return { state: null, issues: [{ field: 'state', reason: 'unreadable' }] };
  }
  if (!isRecord(raw)) return { state: null, issues: [{ field: 'state', reason: 'unreadable' }] };
  if (raw.v !== LINK_VERSION) return { state: null, issues: [{ field: 'state', reason: 'version' }] };
  const p = isRecord(raw.p) ? raw.p : {};
  const w = isRecord(raw.w) ? raw.w : {};
  const d = defaultSimParams();
  const bad = (field: string) => issues.push({ field, reason: 'invalid' });
  const num = (k: NumericParam & keyof SimParams): number => {
    const v = p[k];
    const lim = LIMITS[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= lim.min && v <= lim.max && (!lim.integer || Number.isInteger(v))) return v;
    if (k in p) bad(k);
    return d[k] as number;
  };
  const replicas = num('replicas');
  const shardKey: ShardKey = SHARD_KEYS.includes(p.shardKey as ShardKey) ? (p.shardKey as ShardKey) : d.shardKey;
  if ('shardKey' in p && shardKey !== p.shardKey) bad('shardKey');
  if ('apiServers' in p && (!Array.isArray(p.apiServers) || p.apiServers.length === 0 || p.apiServers.length > LIMITS.apiServers.max)) bad('apiServers');
  const servers = Array.isArray(p.apiServers) ? p.apiServers.slice(0, LIMITS.apiServers.max) : [];
  const apiServers = servers.length > 0 ? servers.map((s) => ({ gate: isRecord(s) ? s.gate !== false : true })) : d.apiServers;
  const texts = Array.isArray(p.selectors) && p.selectors.length === replicas && p.selectors.every((s) => typeof s === 'string' && s.length <= 10_000);
  if ('selectors' in p && !texts) bad('selectors');
  // More ranges than the model simulates: the selectors are refused as a whole, and the notice says why.
  const linkRanges = texts ? countRanges(p.selectors as string[]) : 0;
  const tooManyRanges = linkRanges > MAX_TOTAL_RANGES;
  if (tooManyRanges) issues.push({ field: 'selectors', reason: 'invalid', ranges: linkRanges });
  for (const [k, allowed] of [['encoding', ['json', 'protobuf']], ['clientMode', ['ranges', 'jump']], ['fallback', [true, false]], ['clientCache', ['owned', 'all']]] as const) {
    if (k in p && !(allowed as readonly unknown[]).includes(p[k])) bad(k);
  }
  const params: SimParams = {
    seed: num('seed'),
    objects: num('objects'),
    namespaces: num('namespaces'),
    namespaceSkew: num('namespaceSkew'),
    objectBytes: num('objectBytes'),
    encoding: p.encoding === 'protobuf' ? 'protobuf' : 'json',
    addedPerSec: num('addedPerSec'),
    modifiedPerSec: num('modifiedPerSec'),
    deletedPerSec: num('deletedPerSec'),
    bookmarkEverySec: num('bookmarkEverySec'),
    replicas,
    shardKey,
    apiServers,
    clientMode: p.clientMode === 'jump' ? 'jump' : 'ranges',
    fallback: p.fallback !== false,
    clientCache: p.clientCache === 'all' ? 'all' : 'owned',
    selectors: texts && !tooManyRanges ? (p.selectors as string[]) : equalSplitSelectors(replicas, shardKey),
  };
  const dv = defaultViewParams();
  const view: ViewParams = {
    view: w.view === 'ring' ? 'ring' : 'strip',
    dotOwners: w.dotOwners === 'client' ? 'client' : 'server',
    theme: w.theme === 'dark' ? 'dark' : w.theme === 'light' ? 'light' : dv.theme,
    speed: typeof w.speed === 'number' && SPEEDS.includes(w.speed) ? w.speed : dv.speed,
    locale: 'en',
  };
  if ('speed' in w && view.speed !== w.speed) bad('speed');
  return { state: { params, view }, issues };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
