/**
 * The real artefacts a replica produces or receives, as text people can copy into their own
 * clusters: the request URL exactly as client-go encodes it, and the HTTP 500 body text.
 */
import { INVALID_SHARD_SELECTOR_PREFIX } from '../core/sharding';
import { goQueryEscape } from '../sim/apiserver';
import { goQueryEscapeMemo } from '../sim/apiserver';

export { goQueryEscape };
// Pure builders (no model code): the page prints the same bodies and exposition as the model.
export { statusBody } from '../sim/apiserver';
export { metricsExposition, METRIC_FILTERED_EVENTS } from '../sim/apiserver';

/**
 * The informer's WATCH request for pods with this shard selector (omitted when empty). The
 * escaped selector is remembered per text: cards ask on every render.
 */
export function watchRequestUrl(selector: string): string {
  const base = '/api/v1/pods?watch=true';
  return selector === '' ? base : `${base}&shardSelector=${goQueryEscapeMemo(selector)}`;
}

/** The informer's LIST request for pods with this shard selector (omitted when empty). */
export function listRequestUrl(selector: string, limit = 500): string {
  const base = `/api/v1/pods?limit=${limit}`;
  return selector === '' ? base : `${base}&shardSelector=${goQueryEscapeMemo(selector)}`;
}

/** The message of the apiserver's HTTP 500 for a selector its parser rejected. */
export function rejectionMessage(parserMessage: string): string {
  return INVALID_SHARD_SELECTOR_PREFIX + parserMessage;
}
