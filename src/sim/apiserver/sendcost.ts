/**
 * The API server's send path as one cost model, priced from counts of work: the simulation
 * prices the work its API servers counted, the closed form prices the work it expects per
 * second, and both call `sendCost`, so the page's cost panel and a run cannot disagree on the
 * model, only on the counts.
 *
 * What kube-apiserver v1.36 does per event (see docs/cost-model.md for the reading and the
 * figures):
 * - the cacher wraps each event's object in a cachingObject, and the first watcher that sends
 *   it serialises the whole watch event (envelope and object) into that cache: **encoded once
 *   per event**, per byte (`encodedBytes`). BOOKMARKs, the initial events of a streaming list
 *   and LIST bodies are not cached: encoded per request;
 * - each watcher that receives the event writes those bytes into its own HTTP/2 stream over
 *   its own TLS connection and flushes when nothing else is queued: **per watcher**, a fixed
 *   cost per event (channel hand-off, write, flush, HTTP/2 frame, TLS record, syscall) and a
 *   cost per byte (copy, framing, AES-GCM) (`sentEvents`, `sentBytes`);
 * - each sharded watcher evaluates its selector on every event (old and new object for a
 *   MODIFIED), and a sharded LIST evaluates it on every object it scans: FNV-1a of the key,
 *   formatted, compared with the ranges (`selectorEvals`). Client-side watchers have no
 *   selector: they evaluate nothing and receive every event.
 */
import type { SimParams } from '../params';

/** Counts of send-path work: totals (the simulation) or rates per second (the closed form). */
export interface SendWork {
  /** Shard-selector evaluations: per sharded watcher per event (two per MODIFIED), per object a sharded LIST scans. */
  readonly selectorEvals: number;
  /** Bytes serialised: each watch event once for all its watchers; BOOKMARKs, initial events and LIST bodies per request. */
  readonly encodedBytes: number;
  /** Bytes written to clients, per watcher (and per LIST response). */
  readonly sentBytes: number;
  /** Writes: each event and BOOKMARK per watcher, each LIST response once. */
  readonly sentEvents: number;
}

/** What each unit of `SendWork` costs, nanoseconds. */
export interface SendCostRates {
  readonly selectorEvalNs: number;
  readonly encodeNsPerByte: number;
  readonly sendNsPerByte: number;
  readonly sendEventNs: number;
}

/**
 * The per-watcher write path's cost, measured on Go 1.19.8 (net/http's HTTP/2 over crypto/tls,
 * AES-GCM, on loopback to a reader in another process): server CPU per event, flushed after
 * each event, at 256 B to 16 kB events, fitted as fixed + per byte. See docs/cost-model.md.
 */
export const SEND_PATH = {
  /** Per event per watcher: channel hand-off, write, flush, HTTP/2 DATA frame, TLS record, write syscall. */
  sendEventNs: 6_500,
  /** Per byte per watcher: copy into the stream, HTTP/2 framing, AES-GCM seal, the socket write. */
  sendNsPerByte: 0.9,
} as const;

/** The rates under `params`: selector and encode costs are parameters, the write path is measured (`SEND_PATH`). */
export function sendCostRates(params: Pick<SimParams, 'costs' | 'sizes'>): SendCostRates {
  const c = params.costs;
  return {
    selectorEvalNs: c.serverShardCheckNs,
    encodeNsPerByte: params.sizes.encoding === 'protobuf' ? c.serverProtobufEncodeNsPerByte : c.serverJsonEncodeNsPerByte,
    sendNsPerByte: SEND_PATH.sendNsPerByte,
    sendEventNs: SEND_PATH.sendEventNs,
  };
}

/** CPU of some send-path work, by part, in seconds (or cores, for work per second). */
export interface SendCost {
  /** Shard-selector evaluations. */
  readonly select: number;
  /** Serialisation (once per event, per request for the uncached). */
  readonly encode: number;
  /** Per-watcher write, HTTP/2 and TLS: per event and per byte. */
  readonly send: number;
  readonly total: number;
}

/** Prices `work` at `rates`. Linear: the cost of a sum is the sum of the costs. */
export function sendCost(work: SendWork, rates: SendCostRates): SendCost {
  const select = work.selectorEvals * rates.selectorEvalNs * 1e-9;
  const encode = work.encodedBytes * rates.encodeNsPerByte * 1e-9;
  const send = (work.sentEvents * rates.sendEventNs + work.sentBytes * rates.sendNsPerByte) * 1e-9;
  return { select, encode, send, total: select + encode + send };
}
