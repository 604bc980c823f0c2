/**
 * The real artefacts a replica produces or receives, as text people can copy into their own
 * clusters: the request URL exactly as client-go encodes it, and the HTTP 500 body text.
 */
import { INVALID_SHARD_SELECTOR_PREFIX } from '../core/sharding';

const UNRESERVED = /[A-Za-z0-9\-_.~]/;
const utf8 = new TextEncoder();

/**
 * Go's `url.QueryEscape`, which client-go uses (through `url.Values.Encode`) for every query
 * parameter: unreserved characters stay, a space becomes `+`, every other UTF-8 byte becomes
 * `%XX` with uppercase hex. So `'`, `(`, `)` and `,` are escaped, unlike `encodeURIComponent`.
 */
export function goQueryEscape(value: string): string {
  let out = '';
  for (const ch of value) {
    if (ch === ' ') out += '+';
    else if (ch.length === 1 && UNRESERVED.test(ch)) out += ch;
    else for (const b of utf8.encode(ch)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** The informer's WATCH request for pods with this shard selector (omitted when empty). */
export function watchRequestUrl(selector: string): string {
  const base = '/api/v1/pods?watch=true';
  return selector === '' ? base : `${base}&shardSelector=${goQueryEscape(selector)}`;
}

/** The informer's LIST request for pods with this shard selector (omitted when empty). */
export function listRequestUrl(selector: string, limit = 500): string {
  const base = `/api/v1/pods?limit=${limit}`;
  return selector === '' ? base : `${base}&shardSelector=${goQueryEscape(selector)}`;
}

/** The message of the apiserver's HTTP 500 for a selector its parser rejected. */
export function rejectionMessage(parserMessage: string): string {
  return INVALID_SHARD_SELECTOR_PREFIX + parserMessage;
}
