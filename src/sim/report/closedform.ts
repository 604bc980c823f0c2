/**
 * The expected steady-state figures, from the rates, the cluster's namespaces and each
 * replica's configuration alone, beside the event-by-event model.
 *
 * The stream, as the churn source makes it:
 * - ordinary ADDED: a new object in a namespace drawn by weight (Zipf, cluster-scoped share);
 * - ordinary MODIFIED and DELETED: an object drawn uniformly from the live ones;
 * - a rolling update replaces pods of one namespace (drawn by Zipf weight): per pod three
 *   events on the new pod (ADDED, MODIFIED, MODIFIED) and two on the old one (MODIFIED,
 *   DELETED), the old one drawn uniformly within the namespace;
 * - BOOKMARKs are not part of it: each watcher gets its own (see `bookmarksPerSecond`).
 *
 * What reaches a replica depends on its API server, not only on its mode:
 * - a watch the server filters (gate on, a valid selector) delivers the events whose object
 *   passes the selector: for a uid key an object passes with the share of the hash space its
 *   ranges cover (new objects) or with the share of live objects they hold (existing ones);
 *   for a namespace key it passes when its namespace's hash is in range, so a replica gets
 *   the traffic of the namespaces it owns, by their weights and their populations;
 * - an unfiltered watch (client-side mode; gate off; no selector) delivers everything;
 * - a failed request (HTTP 500, or a selector the client cannot parse) delivers nothing.
 *
 * The server hashes each event once per sharded watcher (twice for a MODIFIED, old and new
 * object); a gate-off server hashes nothing. A replica that filters locally (client-side, or
 * the fallback after a LIST without `shardInfo`) hashes each object event itself. Sizes:
 * existing objects by their actual bytes, new ones by the expected size of their namespace,
 * in the current encoding. LIST traffic is left out of the rates (it is a one-off).
 *
 * Memory: the cache holds the kept share (`owned`) or everything received (`all`); decode
 * allocation is the watch bytes times the allocation factor; the LIST peak is a full LIST of
 * what the replica receives, decoded, plus its cache.
 */
import type { ClosedForm, ClosedFormMode } from './closedformTypes';
import { listWorkSeats, sendCost, type SendCostRates } from '../apiserver';

/** Which objects a selector (or a local filter) lets through. */
export type Share =
  | { readonly kind: 'all' }
  | { readonly kind: 'none' }
  /** A uid key: `width` is the fraction of the hash space its ranges cover; the live objects in them now. */
  | { readonly kind: 'uid'; readonly width: number; readonly objects: number; readonly jsonBytes: number }
  /** A namespace key: the namespaces (indices in the stream's order) whose hash is in range. */
  | { readonly kind: 'namespaces'; readonly members: readonly number[] }
  /** A filter that keeps this expected fraction of everything, independent of namespaces (jump hash). */
  | { readonly kind: 'fraction'; readonly fraction: number };

/** What one replica's configuration makes of the stream. */
export interface ReplicaPlan {
  /** Index of its API server. */
  readonly apiServer: number;
  /** What its watch delivers: nothing (its requests fail), everything, or the server-filtered shard. */
  readonly receives: 'none' | 'all' | 'shard';
  /** The server's filter, when `receives` is `shard` (a `uid` or `namespaces` share). */
  readonly shard: Share;
  /** What its informer cache holds (its share, or all it receives when it caches everything). */
  readonly keeps: Share;
  /** What it processes: its share of ownership, as the audit counts it (whatever it caches). */
  readonly owns: Share;
  /** Whether it hashes every object event it receives itself (local filtering). */
  readonly hashesLocally: boolean;
}

/** The stream and the cluster now, by namespace; the last entry is the cluster-scoped objects. */
export interface ClosedFormStream {
  /** Ordinary churn, events per second. */
  readonly addsPerSec: number;
  readonly modifiesPerSec: number;
  readonly deletesPerSec: number;
  /** Probability that an ordinary add lands in each namespace (sums to 1). */
  readonly addWeights: ArrayLike<number>;
  /** Pods replaced per second by rolling updates in each namespace (averaged over the period). */
  readonly burstPodsPerSec: ArrayLike<number>;
  /** Live objects and their JSON bytes per namespace. */
  readonly nsLive: ArrayLike<number>;
  readonly nsJsonBytes: ArrayLike<number>;
  /** Expected JSON bytes of a new object per namespace. */
  readonly newJsonBytes: ArrayLike<number>;
}

/** What the closed form needs. */
export interface ClosedFormInput {
  readonly stream: ClosedFormStream;
  /** Wire bytes per JSON byte in the current encoding. */
  readonly wireRatio: number;
  /** Bytes a watch event adds around its object. */
  readonly envelopeBytes: number;
  /** Bookmarks per second per watcher and their size. */
  readonly bookmarksPerSec: number;
  readonly bookmarkBytes: number;
  readonly decodeNsPerByte: number;
  /** Informer-cache bytes per JSON byte of a kept object, and per kept object. */
  readonly cacheBytesPerJsonByte: number;
  readonly cacheOverheadBytes: number;
  /** Wire bytes of a list body around its items. */
  readonly listOverheadBytes: number;
  /** Heap allocated per wire byte decoded. */
  readonly decodeAllocBytesPerByte: number;
  readonly apiServers: number;
  readonly client: readonly ReplicaPlan[];
  readonly server: readonly ReplicaPlan[];
  /**
   * Per mode and API server, what it serialises: the union of what its watchers are sent
   * (`all` if one of them is sent everything, `none` if it has none).
   */
  readonly clientEncodes: readonly Share[];
  readonly serverEncodes: readonly Share[];
  /** What the API server's send path costs (see `apiserver/sendcost`). */
  readonly sendRates: SendCostRates;
  /** How a replica syncs: a streaming list (initial events, then a BOOKMARK) or a LIST. */
  readonly syncStreaming: boolean;
  /** The `limit` of the first sync's request (0: none), as APF reads it. */
  readonly syncLimit: number;
}

/**
 * BOOKMARKs per second one watcher receives: one every `interval` seconds from its start and
 * one 2 s before its deadline; its deadline is uniform in [min, 2 min) seconds and a new
 * watch (with a new schedule) follows. A renewal process: the expected bookmarks of one
 * watch over its expected length, E[floor((D - 2) / interval) + 1] / E[D].
 */
export function bookmarksPerSecond(interval: number, minTimeoutSeconds: number): number {
  if (!(interval > 0) || !(minTimeoutSeconds > 0)) return 0;
  const a = (minTimeoutSeconds - 2) / interval;
  const b = (2 * minTimeoutSeconds - 2) / interval;
  // The mean of floor(x) for x uniform in [a, b): the integral of floor over [a, b), piece by piece.
  let integral = 0;
  // Stryker disable next-line EqualityOperator: `k <= b` adds one more piece only when b is an integer, and that piece is k x (b - b) = 0.
  for (let k = Math.floor(a); k < b; k++) integral += k * (Math.min(b, k + 1) - Math.max(a, k));
  return (integral / (b - a) + 1) / (1.5 * minTimeoutSeconds);
}

/** Event classes of the stream: one rate each, and what passes a share of each. */
const ADD = 0; // ordinary ADDED (new object, namespace by weight)
const LIVE = 1; // ordinary MODIFIED and DELETED (uniform over live objects)
const BURST_NEW = 2; // rolling update, new pod: ADDED, MODIFIED, MODIFIED
const BURST_OLD = 3; // rolling update, old pod: MODIFIED, DELETED
const CLASSES = 4;

/** Per class: the probability an event passes, and the expected bytes it delivers (0 if not). */
interface Pass {
  readonly p: Float64Array;
  readonly bytes: Float64Array;
}

class Model {
  readonly rates = new Float64Array(CLASSES);
  /** Shard checks per event, per class (a MODIFIED checks old and new object). */
  readonly checks = new Float64Array(CLASSES);
  readonly live: number;
  readonly json: number;
  readonly all: Pass;
  private readonly burstPods: number;

  constructor(private readonly input: ClosedFormInput) {
    const s = input.stream;
    this.burstPods = sum(s.burstPodsPerSec);
    this.rates[ADD] = s.addsPerSec;
    this.rates[LIVE] = s.modifiesPerSec + s.deletesPerSec;
    this.rates[BURST_NEW] = 3 * this.burstPods;
    this.rates[BURST_OLD] = 2 * this.burstPods;
    const lr = s.modifiesPerSec + s.deletesPerSec;
    this.checks[ADD] = 1;
    this.checks[LIVE] = lr > 0 ? (2 * s.modifiesPerSec + s.deletesPerSec) / lr : 0;
    this.checks[BURST_NEW] = 5 / 3;
    this.checks[BURST_OLD] = 3 / 2;
    this.live = sum(s.nsLive);
    this.json = sum(s.nsJsonBytes);
    this.all = this.byNamespace(null);
  }

  /** Wire bytes of an event about an object of `json` JSON bytes. */
  private wire(json: number): number {
    return json * this.input.wireRatio + this.input.envelopeBytes;
  }

  /** What passes when the objects of these namespaces (null: all) pass. */
  private byNamespace(members: readonly number[] | null): Pass {
    const s = this.input.stream;
    const p = new Float64Array(CLASSES);
    const bytes = new Float64Array(CLASSES);
    const count = members === null ? s.nsLive.length : members.length;
    for (let k = 0; k < count; k++) {
      const i = members === null ? k : members[k]!;
      const w = s.addWeights[i] ?? 0;
      p[ADD]! += w;
      bytes[ADD]! += w * this.wire(s.newJsonBytes[i]!);
      if (this.live > 0) {
        p[LIVE]! += s.nsLive[i]! / this.live;
        bytes[LIVE]! += (s.nsJsonBytes[i]! * this.input.wireRatio + s.nsLive[i]! * this.input.envelopeBytes) / this.live;
      }
      const b = s.burstPodsPerSec[i] ?? 0;
      // Stryker disable next-line EqualityOperator,LogicalOperator: only a guard against 0 / 0. A namespace without bursts (b = 0) adds 0 x its bytes either way, and b > 0 implies burstPods > 0 (a sum of rates, none negative).
      if (b > 0 && this.burstPods > 0) {
        const f = b / this.burstPods;
        p[BURST_NEW]! += f;
        bytes[BURST_NEW]! += f * this.wire(s.newJsonBytes[i]!);
        p[BURST_OLD]! += f;
        bytes[BURST_OLD]! += f * this.wire(s.nsLive[i]! > 0 ? s.nsJsonBytes[i]! / s.nsLive[i]! : s.newJsonBytes[i]!);
      }
    }
    return { p, bytes };
  }

  private scaled(f: number, g = f): Pass {
    const p = new Float64Array(CLASSES);
    const bytes = new Float64Array(CLASSES);
    for (let c = 0; c < CLASSES; c++) {
      const k = c === ADD || c === BURST_NEW ? f : g;
      p[c] = this.all.p[c]! * k;
      bytes[c] = this.all.bytes[c]! * k;
    }
    return { p, bytes };
  }

  /** What passes a share, per class. */
  pass(share: Share): Pass {
    switch (share.kind) {
      case 'all':
        return this.all;
      case 'none':
        return this.scaled(0);
      case 'fraction':
        return this.scaled(share.fraction);
      case 'namespaces':
        return this.byNamespace(share.members);
      case 'uid': {
        // New objects pass with the covered share of the hash space; existing ones with the
        // share of live objects the ranges hold now, by their actual bytes.
        const held = this.live > 0 ? share.objects / this.live : 0;
        const out = this.scaled(share.width, held);
        out.p[LIVE] = held;
        out.bytes[LIVE] = this.live > 0 ? (share.jsonBytes * this.input.wireRatio + share.objects * this.input.envelopeBytes) / this.live : 0;
        return out;
      }
    }
  }

  /** Objects and JSON bytes a share holds now. */
  holds(share: Share): { objects: number; json: number } {
    const s = this.input.stream;
    switch (share.kind) {
      case 'all':
        return { objects: this.live, json: this.json };
      case 'none':
        return { objects: 0, json: 0 };
      case 'fraction':
        return { objects: this.live * share.fraction, json: this.json * share.fraction };
      case 'uid':
        return { objects: share.objects, json: share.jsonBytes };
      case 'namespaces': {
        let objects = 0;
        let json = 0;
        for (const i of share.members) {
          objects += s.nsLive[i]!;
          json += s.nsJsonBytes[i]!;
        }
        return { objects, json };
      }
    }
  }

  /** Events and bytes per second of what passes. */
  flow(pass: Pass): { events: number; bytes: number; checks: number } {
    let events = 0;
    let bytes = 0;
    let checks = 0;
    for (let c = 0; c < CLASSES; c++) {
      events += this.rates[c]! * pass.p[c]!;
      bytes += this.rates[c]! * pass.bytes[c]!;
      checks += this.rates[c]! * pass.p[c]! * this.checks[c]!;
    }
    return { events, bytes, checks };
  }
}

function sum(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]!;
  return s;
}

function modeFigures(model: Model, input: ClosedFormInput, plans: readonly ReplicaPlan[], encodes: readonly Share[]): ClosedFormMode {
  const stream = model.flow(model.all);
  const replicaEventsPerSec: number[] = [];
  const replicaBytesPerSec: number[] = [];
  const replicaCpuCores: number[] = [];
  const replicaCacheBytes: number[] = [];
  const replicaLocalHashesPerSec: number[] = [];
  const replicaAllocBytesPerSec: number[] = [];
  const replicaListPeakBytes: number[] = [];
  const apiServerEgressBytesPerSec = new Array<number>(input.apiServers).fill(0);
  const apiServerHashesPerSec = new Array<number>(input.apiServers).fill(0);
  const apiServerEventsPerSec = new Array<number>(input.apiServers).fill(0);
  const replicaSyncObjects: number[] = [];
  // The work of every replica syncing once (its LIST, or its initial events and BOOKMARK).
  const sync = { selectorEvals: 0, encodedBytes: 0, sentBytes: 0, sentEvents: 0 };
  for (const plan of plans) {
    let events = 0;
    let bytes = 0;
    if (plan.receives !== 'none') {
      const f = plan.receives === 'all' ? stream : model.flow(model.pass(plan.shard));
      events = f.events + input.bookmarksPerSec;
      bytes = f.bytes + input.bookmarksPerSec * input.bookmarkBytes;
      // A sharded watcher costs its server one check per event (two per MODIFIED), whatever
      // the outcome; an unfiltered one costs none.
      if (plan.receives === 'shard') apiServerHashesPerSec[plan.apiServer]! += stream.checks;
    }
    replicaEventsPerSec.push(events);
    replicaBytesPerSec.push(bytes);
    replicaCpuCores.push(bytes * input.decodeNsPerByte * 1e-9);
    // A replica that checks locally hashes every object event it receives (a bookmark has no object to hash).
    replicaLocalHashesPerSec.push(!plan.hashesLocally ? 0 : plan.receives === 'all' ? stream.events : plan.receives === 'shard' ? events - input.bookmarksPerSec : 0);
    const held = model.holds(plan.keeps);
    const cache = held.json * input.cacheBytesPerJsonByte + held.objects * input.cacheOverheadBytes;
    replicaCacheBytes.push(cache);
    replicaAllocBytesPerSec.push(bytes * input.decodeAllocBytesPerByte);
    // A full LIST of what it receives is decoded whole before it is filtered and stored.
    const listed = plan.receives === 'none' ? null : model.holds(plan.receives === 'all' ? { kind: 'all' } : plan.shard);
    const listWire = listed === null ? 0 : input.listOverheadBytes + listed.json * input.wireRatio;
    replicaListPeakBytes.push(listWire * input.decodeAllocBytesPerByte + cache);
    replicaSyncObjects.push(listed === null ? 0 : listed.objects);
    if (listed !== null) {
      // A filtered sync checks every stored object; its body (or each initial event) is encoded for this request alone.
      if (plan.receives === 'shard') sync.selectorEvals += model.live;
      const syncBytes = input.syncStreaming ? listed.json * input.wireRatio + listed.objects * input.envelopeBytes + input.bookmarkBytes : listWire;
      sync.encodedBytes += syncBytes;
      sync.sentBytes += syncBytes;
      sync.sentEvents += input.syncStreaming ? listed.objects + 1 : 1;
    }
    if (plan.apiServer >= 0 && plan.apiServer < input.apiServers) {
      apiServerEgressBytesPerSec[plan.apiServer]! += bytes;
      apiServerEventsPerSec[plan.apiServer]! += events;
    }
  }
  // Serialisation: each server encodes each event its watchers are sent once, and each BOOKMARK per watcher.
  const watchersOn = new Array<number>(input.apiServers).fill(0);
  for (const plan of plans) if (plan.receives !== 'none' && plan.apiServer >= 0 && plan.apiServer < input.apiServers) watchersOn[plan.apiServer]!++;
  const apiServerEncodedBytesPerSec = watchersOn.map((w, i) => model.flow(model.pass(encodes[i] ?? { kind: 'none' })).bytes * (w > 0 ? 1 : 0) + w * input.bookmarksPerSec * input.bookmarkBytes);
  // Every server's watch streams at once: the model is linear, so the sum's cost is the sum of the costs.
  const apiServerCpu = sendCost(
    { selectorEvals: sum(apiServerHashesPerSec), encodedBytes: sum(apiServerEncodedBytesPerSec), sentBytes: sum(apiServerEgressBytesPerSec), sentEvents: sum(apiServerEventsPerSec) },
    input.sendRates,
  );
  return {
    replicaBytesPerSec,
    replicaEventsPerSec,
    replicaCpuCores,
    replicaCacheBytes,
    replicaLocalHashesPerSec,
    replicaAllocBytesPerSec,
    replicaListPeakBytes,
    egressBytesPerSec: sum(apiServerEgressBytesPerSec),
    hashesPerSec: sum(apiServerHashesPerSec),
    apiServerEgressBytesPerSec,
    apiServerHashesPerSec,
    apiServerEncodedBytesPerSec,
    apiServerEventsPerSec,
    apiServerCpuCores: apiServerCpu.total,
    apiServerCpu,
    replicaSyncObjects,
    syncCpuSeconds: sendCost(sync, input.sendRates).total,
  };
}

/** Computes the closed form. */
export function closedForm(input: ClosedFormInput): ClosedForm {
  const model = new Model(input);
  const stream = model.flow(model.all);
  // Imbalance as the audit measures it: the largest server-side cache over the mean share.
  let max = 0;
  for (const plan of input.server) max = Math.max(max, model.holds(plan.owns).objects);
  const n = input.server.length;
  return {
    streamEventsPerSec: stream.events,
    meanEventBytes: stream.events > 0 ? stream.bytes / stream.events : input.envelopeBytes,
    imbalance: model.live > 0 && n > 0 ? (max * n) / model.live : 0,
    syncSeats: listWorkSeats({
      objects: model.live,
      averageObjectBytes: model.live > 0 ? (model.json * input.wireRatio) / model.live : 0,
      limit: input.syncLimit,
      fromCache: true,
    }),
    client: modeFigures(model, input, input.client, input.clientEncodes),
    server: modeFigures(model, input, input.server, input.serverEncodes),
  };
}
