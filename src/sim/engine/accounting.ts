/**
 * Accounting of one mode: decode CPU (banked at each change of cost, derived on read), the
 * informer cache memory of the `all` cache style, and the samples behind the charts.
 *
 * Totals become rates over simulated time: a ring of samples of cumulative counters taken at
 * fixed simulated times, and rates as differences over a trailing window. Fixed sample times
 * keep charts independent of how often the UI calls `step()`.
 */
import type { ModeState } from './state';
import type { SimParams } from '../params';
import { sendCost, sendCostRates, type ApiServer, type SendWork } from '../apiserver';
import { C_BYTES_DECODED, C_BYTES_DISCARDED, C_BYTES_RECEIVED, C_CPU_SECONDS, C_EVENTS_KEPT, C_EVENTS_RECEIVED, C_LIST_BYTES, type Replica } from '../client';

/** Sample vector layout: per replica these fields, then per server, then the audit. */
export const S_BYTES_RECEIVED = 0;
export const S_CPU_SECONDS = 1;
export const S_EVENTS_RECEIVED = 2;
export const S_BYTES_DECODED = 3;
export const S_BYTES_DISCARDED = 4;
export const S_EVENTS_KEPT = 5;
export const S_CACHE_BYTES = 6;
export const S_LIST_BYTES = 7;
/** Cache bytes under clientCache `all` (S_CACHE_BYTES is the `owned` style's). */
export const S_ALL_CACHE_BYTES = 8;
export const S_REPLICA_WIDTH = 9;
export const S_EGRESS = 0;
export const S_HASHES = 1;
/** Bytes the server serialised (see `ApiServer.encodedBytes`). */
export const S_ENCODED = 2;
/** Writes the server made: events and BOOKMARKs per watcher, LIST responses (see `ApiServer.work`). */
export const S_SENT_EVENTS = 3;
export const S_SERVER_WIDTH = 4;

/** Width of the sample vector for this many replicas and servers (+3: gaps, duplicates, relist bytes). */
export function sampleWidth(replicas: number, servers: number): number {
  return replicas * S_REPLICA_WIDTH + servers * S_SERVER_WIDTH + 3;
}

/** Decode cost per byte under `params`, nanoseconds. */
export function nsPerByte(params: SimParams): number {
  return params.sizes.encoding === 'protobuf' ? params.costs.protobufDecodeNsPerByte : params.costs.jsonDecodeNsPerByte;
}

/**
 * Banks decode CPU for the bytes decoded so far at cost `ns` per byte, before the cost
 * changes. CPU is otherwise derived on read (bytes decoded since the last bank times the
 * cost), so it never depends on how events were batched. `decodedAtCpu[i]` is replica i's
 * decoded bytes at its last bank.
 */
export function bankCpu(replicas: readonly Replica[], decodedAtCpu: Float64Array, ns: number): void {
  for (let i = 0; i < replicas.length; i++) {
    const c = replicas[i]!.counters;
    c[C_CPU_SECONDS]! += (c[C_BYTES_DECODED]! - decodedAtCpu[i]!) * ns * 1e-9;
    decodedAtCpu[i] = c[C_BYTES_DECODED]!;
  }
}

/** Decode CPU seconds so far of a replica with these counters, banked at `decodedAt` bytes. */
export function cpuSeconds(counters: Float64Array, decodedAt: number, ns: number): number {
  return counters[C_CPU_SECONDS]! + (counters[C_BYTES_DECODED]! - decodedAt) * ns * 1e-9;
}

/** API-server CPU seconds (or cores, for work per second) of send-path work under `params` (see `../apiserver/sendcost`). */
export function serverCpuSeconds(work: SendWork, params: SimParams): number {
  return sendCost(work, sendCostRates(params)).total;
}

const WORK_FIELDS = 4;

/**
 * Each server's send-path counters now. Whatever they gain until `tallyWatchWork` is the
 * watch streams' work (the fan-out of events, the BOOKMARKs), told apart from the syncs'.
 */
export function markWatchWork(servers: readonly ApiServer[]): Float64Array {
  const mark = new Float64Array(servers.length * WORK_FIELDS);
  for (let i = 0; i < servers.length; i++) {
    const s = servers[i]!;
    const o = i * WORK_FIELDS;
    mark[o] = s.hashes;
    mark[o + 1] = s.encodedBytes;
    mark[o + 2] = s.egressBytes;
    mark[o + 3] = s.eventsSent;
  }
  return mark;
}

/** Adds what each server's counters gained since `mark` to its watch-stream tallies. */
export function tallyWatchWork(servers: readonly ApiServer[], mark: Float64Array): void {
  for (let i = 0; i < servers.length; i++) {
    const s = servers[i]!;
    const o = i * WORK_FIELDS;
    s.watchHashes += s.hashes - mark[o]!;
    s.watchEncodedBytes += s.encodedBytes - mark[o + 1]!;
    s.watchBytes += s.egressBytes - mark[o + 2]!;
    s.watchEvents += s.eventsSent - mark[o + 3]!;
  }
}

/** Informer cache bytes of a replica that caches everything it receives (clientCache `all`). */
export function allCacheBytes(r: Replica, params: SimParams): number {
  return r.recvJson * params.costs.cacheBytesPerJsonByte + r.recvObjects * params.costs.cacheOverheadBytes;
}

/** Writes the engine's cumulative counters now into `v`, in the sample layout. */
export function fillSampleVector(m: ModeState, v: Float64Array): void {
  let o = 0;
  for (const r of m.replicas) {
    const c = r.counters;
    v[o + S_BYTES_RECEIVED] = c[C_BYTES_RECEIVED]!;
    v[o + S_CPU_SECONDS] = m.cpuSeconds(o / S_REPLICA_WIDTH);
    v[o + S_EVENTS_RECEIVED] = c[C_EVENTS_RECEIVED]!;
    v[o + S_BYTES_DECODED] = c[C_BYTES_DECODED]!;
    v[o + S_BYTES_DISCARDED] = c[C_BYTES_DISCARDED]!;
    v[o + S_EVENTS_KEPT] = c[C_EVENTS_KEPT]!;
    v[o + S_CACHE_BYTES] = r.cacheBytes;
    v[o + S_LIST_BYTES] = c[C_LIST_BYTES]!;
    v[o + S_ALL_CACHE_BYTES] = m.allCacheBytes(r);
    o += S_REPLICA_WIDTH;
  }
  for (const s of m.servers) {
    v[o + S_EGRESS] = s.egressBytes;
    v[o + S_HASHES] = s.hashes;
    v[o + S_ENCODED] = s.encodedBytes;
    v[o + S_SENT_EVENTS] = s.eventsSent + s.listRequests;
    o += S_SERVER_WIDTH;
  }
  v[o] = m.gaps;
  v[o + 1] = m.duplicates;
  let relist = 0;
  for (const b of m.relistBytes) relist += b;
  v[o + 2] = relist;
}

/** A fixed-capacity ring of (time, vector) samples. */
export class SampleRing {
  private readonly times: Float64Array;
  private readonly data: Float64Array;
  private start = 0;
  /** Samples held. */
  length = 0;

  constructor(
    readonly width: number,
    readonly capacity: number,
  ) {
    this.times = new Float64Array(capacity);
    this.data = new Float64Array(capacity * width);
  }

  /** Appends a sample, dropping the oldest when full. */
  push(t: number, vec: Float64Array): void {
    const i = (this.start + this.length) % this.capacity;
    this.times[i] = t;
    this.data.set(vec.subarray(0, this.width), i * this.width);
    if (this.length < this.capacity) this.length++;
    else this.start = (this.start + 1) % this.capacity;
  }

  clear(): void {
    this.start = 0;
    this.length = 0;
  }

  /** Time of the k-th sample (0 = oldest). */
  time(k: number): number {
    return this.times[(this.start + k) % this.capacity]!;
  }

  /** Value of `field` in the k-th sample. */
  value(k: number, field: number): number {
    return this.data[((this.start + k) % this.capacity) * this.width + field]!;
  }

  /** The newest sample index whose time is <= t, or 0 (the oldest) if none. */
  indexAtOrBefore(t: number): number {
    let a = 0;
    let b = this.length - 1;
    if (b < 0 || this.time(0) > t) return 0;
    while (a < b) {
      const m = (a + b + 1) >>> 1;
      if (this.time(m) <= t) a = m;
      else b = m - 1;
    }
    return a;
  }

  /**
   * Per-second rate of `field` from the sample `window` seconds before `now` to the current
   * value `current`, but never from a sample older than `since` (the last change): rates
   * then measure only what flowed since. The caller takes a sample right after each change,
   * so the newest sample at or before `since` is that one. Zero when no time has passed.
   */
  rate(field: number, now: number, current: number, window: number, since = -Infinity): number {
    if (this.length === 0) return 0;
    const j = this.indexAtOrBefore(Math.max(now - window, since));
    const dt = now - this.time(j);
    return dt > 1e-12 ? (current - this.value(j, field)) / dt : 0;
  }

  /** Rate of `field` at each sample over the trailing window (oldest sample first). */
  rateSeries(field: number, window: number): number[] {
    const out = new Array<number>(this.length);
    let j = 0;
    for (let k = 0; k < this.length; k++) {
      const t = this.time(k);
      while (j + 1 < k && this.time(j + 1) <= t - window) j++;
      const dt = t - this.time(j);
      out[k] = dt > 1e-12 ? (this.value(k, field) - this.value(j, field)) / dt : 0;
    }
    // The very first sample has no earlier one: show the next sample's rate rather than 0.
    if (out.length > 1) out[0] = out[1]!;
    return out;
  }

  /** Raw values of `field` (oldest first). */
  valueSeries(field: number): number[] {
    const out = new Array<number>(this.length);
    for (let k = 0; k < this.length; k++) out[k] = this.value(k, field);
    return out;
  }

  timeSeries(): number[] {
    const out = new Array<number>(this.length);
    for (let k = 0; k < this.length; k++) out[k] = this.time(k);
    return out;
  }
}
