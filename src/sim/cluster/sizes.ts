/**
 * How big objects and events are on the wire. Real pod JSON (with managedFields, a couple of
 * containers, env, volumes, status) is mostly 2 to 12 KB with a long right tail; a log-normal
 * around a ~4.5 KB median fits that shape. Protobuf drops field names and quoting, about half
 * the bytes for a pod. Sizes are kept as JSON bytes per object; the wire size in the current
 * encoding is a linear function of it, so sums stay exact under a switch of encoding.
 */
import type { Prng } from './prng';
import type { Encoding, SizeParams } from '../params';

/** Smallest and largest modelled pod (etcd's default request limit is 1.5 MiB). */
export const MIN_OBJECT_BYTES = 300;
export const MAX_OBJECT_BYTES = 1_572_864;

/** A watch event wraps the object: `{"type":"MODIFIED","object":` ... `}\n`. */
export const JSON_EVENT_ENVELOPE_BYTES = 30;
/** Protobuf: the `k8s\0` magic, runtime.Unknown and WatchEvent framing, length prefix. */
export const PROTOBUF_EVENT_ENVELOPE_BYTES = 24;
/** A BOOKMARK carries only kind, apiVersion and resourceVersion. */
export const JSON_BOOKMARK_BYTES = 98;
export const PROTOBUF_BOOKMARK_BYTES = 48;
/** A list body around its items: kind, apiVersion, metadata (resourceVersion, shardInfo). */
export const JSON_LIST_OVERHEAD_BYTES = 120;
export const PROTOBUF_LIST_OVERHEAD_BYTES = 60;

/** Draws a pod's JSON size: log-normal around the median, scaled by its namespace's factor. */
export function sampleJsonBytes(prng: Prng, sizes: SizeParams, namespaceFactor: number): number {
  const v = sizes.medianJsonBytes * namespaceFactor * Math.exp(sizes.spread * prng.normal());
  return Math.round(Math.min(MAX_OBJECT_BYTES, Math.max(MIN_OBJECT_BYTES, v)));
}

/**
 * A namespace's size factor: teams differ (sidecars, long env lists), so sizes cluster by
 * namespace, which matters when a rolling update hits one namespace.
 */
export function sampleNamespaceFactor(prng: Prng): number {
  return Math.exp(0.25 * prng.normal());
}

/** Wire bytes per JSON byte in an encoding. */
export function wireRatio(sizes: SizeParams): number {
  return sizes.encoding === 'protobuf' ? sizes.protobufRatio : 1;
}

/** Bytes a watch event adds around its object. */
export function eventEnvelopeBytes(encoding: Encoding): number {
  return encoding === 'protobuf' ? PROTOBUF_EVENT_ENVELOPE_BYTES : JSON_EVENT_ENVELOPE_BYTES;
}

/** Bytes of one BOOKMARK event. */
export function bookmarkBytes(encoding: Encoding): number {
  return encoding === 'protobuf' ? PROTOBUF_BOOKMARK_BYTES : JSON_BOOKMARK_BYTES;
}

/** Bytes a list body adds around its items. */
export function listOverheadBytes(encoding: Encoding): number {
  return encoding === 'protobuf' ? PROTOBUF_LIST_OVERHEAD_BYTES : JSON_LIST_OVERHEAD_BYTES;
}

/** The standard normal CDF (erfc by Abramowitz & Stegun 7.1.26: absolute error under 1.5e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erfc = poly * Math.exp(-z * z);
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * Expected JSON bytes of a newly drawn pod in a namespace with size factor `namespaceFactor`:
 * the mean of the log-normal {@link sampleJsonBytes} draws from, clamped to
 * [MIN_OBJECT_BYTES, MAX_OBJECT_BYTES] as the draw is (the clamp matters for small medians).
 */
export function expectedJsonBytes(sizes: SizeParams, namespaceFactor: number): number {
  const m = sizes.medianJsonBytes * namespaceFactor;
  const s = sizes.spread;
  if (!(s > 0)) return Math.round(Math.min(MAX_OBJECT_BYTES, Math.max(MIN_OBJECT_BYTES, m)));
  const mu = Math.log(m);
  const la = Math.log(MIN_OBJECT_BYTES);
  const lb = Math.log(MAX_OBJECT_BYTES);
  const below = normalCdf((la - mu) / s);
  const above = 1 - normalCdf((lb - mu) / s);
  const middle = Math.exp(mu + (s * s) / 2) * (normalCdf((lb - mu - s * s) / s) - normalCdf((la - mu - s * s) / s));
  return MIN_OBJECT_BYTES * below + MAX_OBJECT_BYTES * above + middle;
}
