/**
 * Owner lookup: which replica owns a value of the shard key, in each
 * mode, and through which range. Server-side, a replica owns what any of its ranges holds,
 * `start <= hash < end`, as the apiserver's matcher decides; client-side, the replica's own
 * filter decides: the same ranges checked locally, or kube-state-metrics' jump hash of the
 * uid's hash over N (the model's `jump` filter and the `ksm` clients), exactly as the replicas
 * of the model do (`Replica.configureAfterList`).
 */
import { hashFieldHigh, hexFraction, lastHashLow, requirementToString, type ShardKey } from '../../core/sharding';
import { parseForRequest } from '../apiserver';
import { jumpHash } from '../cluster';
import { JUMP_KEY } from '../params';

/** The replica layout a lookup reads. */
export interface LookupLayout {
  /** The replicas' shard key (what the value stands for). */
  readonly key: ShardKey;
  /** Each replica's selector text, as sent server-side (empty: none sent, everything kept). */
  readonly selectors: readonly string[];
  /** Whether client-side mode filters with jump hash of the uid (else with the ranges). */
  readonly clientJump: boolean;
}

/** One range that holds the hash, as apimachinery's `String()` prints it. */
export interface RangeMatch {
  readonly replica: number;
  readonly selector: string;
}

/** What the ranges say about one hash. */
export interface RangeOwners {
  /** Replicas owning it (none: a gap; several: an overlap). */
  readonly owners: readonly number[];
  /** The ranges that hold it, one per match (an empty selector matches as a whole). */
  readonly matches: readonly RangeMatch[];
  /** Replicas whose selector the apiserver rejects (HTTP 500): they own nothing. */
  readonly failing: readonly { readonly replica: number; readonly message: string }[];
}

/** The client-side owner. */
export type ClientOwners =
  | ({ readonly kind: 'ranges' } & RangeOwners)
  | { readonly kind: 'jump'; readonly owner: number; readonly uidHash: string }
  /** Jump hash reads the uid; a namespace alone does not say which replica gets each of its objects. */
  | { readonly kind: 'jump-per-object' };

/** A lookup's answer. */
export interface OwnerLookup {
  /** The value hashed: the shard key's value. */
  readonly value: string;
  /** `0x` + 16 lowercase hex digits: FNV-1a 64 of the value's UTF-8 bytes. */
  readonly hash: string;
  /** The hash as a fraction of 2^64 (where it sits on the strip). */
  readonly position: number;
  readonly server: RangeOwners;
  readonly client: ClientOwners;
}

/** The longest text a lookup hashes (the apiserver's own limit for a selector is the same order). */
export const LOOKUP_MAX_LENGTH = 100_000;

/** `0x` + `%016x` of FNV-1a 64 over the UTF-8 bytes of `value`, and its two halves. */
export function hashOf(value: string): { hex: string; hi: number; lo: number } {
  const hi = hashFieldHigh(value);
  const lo = lastHashLow();
  return { hex: '0x' + hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0'), hi, lo };
}

/** Which ranges of which replicas hold the hash `hi`/`lo` (`hex`). */
export function rangeOwners(selectors: readonly string[], hex: string): RangeOwners {
  const owners: number[] = [];
  const matches: RangeMatch[] = [];
  const failing: { replica: number; message: string }[] = [];
  selectors.forEach((text, replica) => {
    const a = parseForRequest(text);
    if (!a.ok) {
      failing.push({ replica, message: a.message });
      return;
    }
    if (a.selector === null || a.selector.empty()) {
      owners.push(replica);
      matches.push({ replica, selector: '' });
      return;
    }
    let owned = false;
    for (const r of a.selector.requirements) {
      // The bounds parsed are canonical (16 digits, or 2^64), so HexLess is the numeric order.
      if (lessOrEqual(r.start, hex) && less(hex, r.end)) {
        matches.push({ replica, selector: requirementToString(r) });
        owned = true;
      }
    }
    if (owned) owners.push(replica);
  });
  return { owners, matches, failing };
}

function less(a: string, b: string): boolean {
  return a.length !== b.length ? a.length < b.length : a < b;
}
function lessOrEqual(a: string, b: string): boolean {
  return a === b || less(a, b);
}

/**
 * Owners of the shard-key value `value` under `layout`, in both modes. `uid` is the uid of an
 * object the value belongs to, when known: client-side jump hash reads the uid whatever the key.
 * Throws a RangeError for a value over {@link LOOKUP_MAX_LENGTH} characters.
 */
export function lookupOwner(value: string, layout: LookupLayout, uid?: string): OwnerLookup {
  if (value.length > LOOKUP_MAX_LENGTH) throw new RangeError(`a value of at most ${LOOKUP_MAX_LENGTH} characters, got ${value.length}`);
  const h = hashOf(value);
  const server = rangeOwners(layout.selectors, h.hex);
  let client: ClientOwners;
  const n = layout.selectors.length;
  if (!layout.clientJump) {
    client = { kind: 'ranges', ...server };
  } else if (layout.key === JUMP_KEY.path || uid !== undefined) {
    const u = layout.key === JUMP_KEY.path ? h : hashOf(uid!);
    client = { kind: 'jump', owner: n > 0 ? jumpHash(u.hi, u.lo, n) : -1, uidHash: u.hex };
  } else {
    client = { kind: 'jump-per-object' };
  }
  return { value, hash: h.hex, position: hexFraction(h.hex), server, client };
}
