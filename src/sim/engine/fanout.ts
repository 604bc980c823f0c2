/**
 * The watch fan-out: every event of a batch goes to every watcher. Per watcher the server's
 * shard check decides whether and as what it is sent (ADDED, MODIFIED, DELETED or nothing),
 * then the bytes on the wire, the replica's decode, its local keep/discard, its cache and the
 * audit counts follow. `outcome` answers the same question for one event without counting.
 */
import { SHARD_KEY, shardKeyIndex } from '../../core/sharding';
import type { ShardSelector } from '../../core/sharding';
import { watchDecision } from '../apiserver';
import { maskCategory } from './audit';
import { EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, EV_NONE, keyHashHi, keyHashLo } from '../cluster';
import type { EventBatch } from '../cluster';
import type { ModeState } from './state';
import { C_BYTES_DECODED, C_BYTES_DISCARDED, C_BYTES_KEPT, C_BYTES_RECEIVED, C_DUP_CAUGHT, C_DUP_MISSED, C_EVENTS_DECODED, C_EVENTS_DISCARDED, C_EVENTS_KEPT, C_EVENTS_RECEIVED, C_LOCAL_HASHES, LOCAL_JUMP, LOCAL_KEEP_ALL, LOCAL_RANGES } from '../client';
import { eventEnvelopeBytes, wireRatio } from '../cluster';

// Module-local copies of imported constants: some loaders (tsx, vite-node) turn imported
// bindings into getter calls, which would dominate the per-event loop below.
const EVR = C_EVENTS_RECEIVED;
const BYR = C_BYTES_RECEIVED;
const EVD = C_EVENTS_DECODED;
const BYD = C_BYTES_DECODED;
const EVX = C_EVENTS_DISCARDED;
const BYX = C_BYTES_DISCARDED;
const EVK = C_EVENTS_KEPT;
const BYK = C_BYTES_KEPT;
const LHA = C_LOCAL_HASHES;
const K_ALL = LOCAL_KEEP_ALL;
const K_RANGES = LOCAL_RANGES;
const K_JUMP = LOCAL_JUMP;
const T_ADDED = EV_ADDED;
const T_MODIFIED = EV_MODIFIED;
const T_DELETED = EV_DELETED;
const T_NONE = EV_NONE;
// The hot loop calls `maskCategory` per event; a local binding avoids a getter call there too.
const category = maskCategory;
// The fast path's cut table is searched by the uid hash (`uidHi`, `uidLo` below).
const FAST_KEY = SHARD_KEY.uid.index;

const EMPTY_F64 = new Float64Array(0);
const EMPTY_U32 = new Uint32Array(0);

/**
 * Fans every event of the batch out to every watcher: the server's per-watcher filter, the
 * bytes on the wire, the replica's decode, its local keep/discard, its cache, the audit.
 *
 * Replicas fall in two groups with the same rules but different bookkeeping:
 * - unsharded watchers (client-side mode; gate off) receive every event, so what they
 *   receive and decode is tallied once per event and credited to each at the end;
 * - sharded watchers get the server's check per watcher. When old and new object are the
 *   same stored object (always, in this model: the shard key is immutable), pass/pass is
 *   MODIFIED and fail/fail is dropped, so one match decides; a hand-built transition
 *   (old != new) goes through `ApiServer.route`, the general rule. Hashes are counted per
 *   event per watcher (two per MODIFIED), filtered events per failed check, as `route` does.
 *
 * The fast path answers "which watchers pass, which replicas keep" for all replicas at once:
 * the hash space is cut at every bound of every uid selector, each piece carries the bit
 * masks of the replicas whose ranges hold it, and one binary search per event finds the
 * piece. Per event the work is then proportional to the replicas that act on it (usually
 * one), not to the number of replicas. Namespace-keyed selectors take the general path.
 */
export function processBatch(m: ModeState, batch: EventBatch): void {
  m.ensureCapacity();
  const cluster = m.cluster;
  const sizes = m.params.sizes;
  const ratio = wireRatio(sizes);
  const envelope = eventEnvelopeBytes(sizes.encoding);
  const cacheFactor = m.params.costs.cacheBytesPerJsonByte;
  const cacheOverhead = m.params.costs.cacheOverheadBytes;
  const json = cluster.jsonBytes;
  const uidHi = cluster.uidHi;
  const uidLo = cluster.uidLo;
  const buckets = cluster.jumpBuckets;
  const lo = m.maskLo;
  const hi = m.maskHi;

  // Per replica (by index) configuration and per-batch tallies.
  const R = m.replicas.length;
  // Serialisation on each server: an event is encoded once for all its watchers there (the
  // watch cache shares it), if any watcher there is sent it.
  const S = m.servers.length;
  const srvOf = new Int32Array(R);
  const unshOn = new Uint8Array(S);
  const shMaskLo = new Uint32Array(S);
  const shMaskHi = new Uint32Array(S);
  const encoded = new Float64Array(S);
  const stamp = new Float64Array(S).fill(-1);
  const act: number[] = [];
  const shardedList: number[] = [];
  const sharded = new Uint8Array(R);
  const kinds = new Int32Array(R);
  const bitLo = new Uint32Array(R);
  const bitHi = new Uint32Array(R);
  const localSel: (ShardSelector | null)[] = new Array(R).fill(null);
  // Each replica's key hash columns: its local matcher's, and its sharded watcher's.
  const localHi: Uint32Array[] = new Array<Uint32Array>(R).fill(EMPTY_U32);
  const localLo: Uint32Array[] = new Array<Uint32Array>(R).fill(EMPTY_U32);
  const serverSel: (ShardSelector | null)[] = new Array(R).fill(null);
  const serverHi: Uint32Array[] = new Array<Uint32Array>(R).fill(EMPTY_U32);
  const serverLo: Uint32Array[] = new Array<Uint32Array>(R).fill(EMPTY_U32);
  const cacheObjects = new Float64Array(R);
  const cacheBytes = new Float64Array(R);
  // What each sharded watcher has been sent and still holds (the `all` cache style).
  const heldObjects = new Float64Array(R);
  const heldJson = new Float64Array(R);
  let unshLo = 0;
  let unshHi = 0;
  let allKeepLo = 0;
  let allKeepHi = 0;
  let jumpLo = 0;
  let jumpHi = 0;
  let fast = true;
  // Server-side replicas whose WATCH a gate-off server sends unfiltered: each event outside
  // their shard is a duplicate, kept by a client that does not check (missed) or dropped by
  // one that does (caught).
  const skewed = new Uint8Array(R);
  const dupMissed = new Float64Array(R);
  const dupCaught = new Float64Array(R);
  // resourceVersion of the last event each sharded watcher received (where it would resume).
  const lastRv = new Float64Array(R);
  for (const r of m.replicas) {
    const i = r.index;
    cacheObjects[i] = r.cacheObjects;
    cacheBytes[i] = r.cacheBytes;
    if (!r.watcher || r.status !== 'ok') continue;
    act.push(i);
    lastRv[i] = r.lastRv;
    bitLo[i] = r.bitLo;
    bitHi[i] = r.bitHi;
    kinds[i] = r.localKind;
    localSel[i] = r.resolved.local;
    const localKey = shardKeyIndex(r.resolved.key);
    localHi[i] = keyHashHi(cluster, localKey);
    localLo[i] = keyHashLo(cluster, localKey);
    serverSel[i] = r.watcher.selector;
    if (r.watcher.keyIndex !== null) {
      serverHi[i] = keyHashHi(cluster, r.watcher.keyIndex);
      serverLo[i] = keyHashLo(cluster, r.watcher.keyIndex);
    }
    srvOf[i] = r.apiServer;
    if (r.watcher.selector !== null) {
      shMaskLo[r.apiServer] = (shMaskLo[r.apiServer]! | r.bitLo) >>> 0;
      shMaskHi[r.apiServer] = (shMaskHi[r.apiServer]! | r.bitHi) >>> 0;
    } else unshOn[r.apiServer] = 1;
    if (r.watcher.selector !== null) {
      sharded[i] = 1;
      shardedList.push(i);
      // A sharded watcher's replica keeps what it is sent (the server filtered it).
      if (r.watcher.keyIndex !== FAST_KEY || r.localKind !== K_ALL) fast = false;
    } else {
      if (m.mode === 'server' && r.resolved.local !== null) {
        // Server-side mode, a stream the server does not filter (its gate is off): every
        // event outside the replica's shard is a duplicate, kept or caught by its client.
        skewed[i] = 1;
        fast = false;
      }
      unshLo |= r.bitLo;
      unshHi |= r.bitHi;
      if (r.localKind === K_ALL) {
        allKeepLo |= r.bitLo;
        allKeepHi |= r.bitHi;
      } else if (r.localKind === K_JUMP) {
        jumpLo |= r.bitLo;
        jumpHi |= r.bitHi;
      } else if (r.localKind === K_RANGES && r.resolved.local !== null && localKey !== FAST_KEY) {
        fast = false;
      }
    }
  }
  const nAct = act.length;
  const recvEvents = new Float64Array(R); // sharded only
  const recvBytes = new Float64Array(R); // sharded only
  const keptEvents = new Float64Array(R);
  const keptBytes = new Float64Array(R);
  const discEvents = new Float64Array(R); // sharded only
  const discBytes = new Float64Array(R); // sharded only
  const filtered = new Float64Array(R);
  const passChecks = new Float64Array(R); // fast path: checks of events that passed
  let bcEvents = 0; // events every unsharded watcher received
  let bcBytes = 0;
  let bcObjEvents = 0; // object events (BOOKMARKs come per watcher, see ../client/lifecycle)
  let bcObjBytes = 0;
  let bcHeldObjects = 0; // change in what every unsharded watcher holds
  let bcHeldJson = 0;
  let checks = 0; // shard checks per sharded watcher (1 per ADDED/DELETED, 2 per MODIFIED)
  let fastChecks = 0;
  let gaps = m.gaps;
  let dups = m.duplicates;

  // The cut table for the fast path.
  const table = fast ? m.cuts.get(act, sharded, kinds, serverSel, localSel) : null;
  const segHi = table ? table.hi : EMPTY_F64;
  const segLo = table ? table.lo : EMPTY_F64;
  const segPassLo = table ? table.passLo : EMPTY_U32;
  const segPassHi = table ? table.passHi : EMPTY_U32;
  const segKeepLo = table ? table.keepLo : EMPTY_U32;
  const segKeepHi = table ? table.keepHi : EMPTY_U32;
  const lastSeg = segHi.length - 1;
  const anyJump = (jumpLo | jumpHi) !== 0;

  const types = batch.type;
  const olds = batch.oldSlot;
  const news = batch.newSlot;
  const rvs = batch.rv;
  let batchLastRv = -1;
  for (let e = 0; e < batch.length; e++) {
    const type = types[e]!;
    const rv = rvs[e]!;
    batchLastRv = rv;
    const oldSlot = olds[e]!;
    const newSlot = news[e]!;
    const subject = type === T_DELETED ? oldSlot : newSlot;
    // Whole bytes: sums of integers are exact, so totals do not depend on batch boundaries.
    const bytes = Math.round(json[subject]! * ratio) + envelope;
    const cb = json[subject]! * cacheFactor + cacheOverhead;
    const cw = type === T_MODIFIED ? 2 : 1;
    // Change in a holder's objects and JSON bytes when it receives this event as sent.
    const dObj = type === T_ADDED ? 1 : type === T_DELETED ? -1 : 0;
    const dJson = type === T_ADDED ? json[newSlot]! : type === T_DELETED ? -json[oldSlot]! : json[newSlot]! - json[oldSlot]!;
    bcEvents++;
    bcBytes += bytes;
    bcObjEvents++;
    bcObjBytes += bytes;
    bcHeldObjects += dObj;
    bcHeldJson += dJson;
    checks += cw;
    const beforeCat = type === T_ADDED ? -1 : category(lo[subject]!, hi[subject]!);

    if (table !== null && (oldSlot === newSlot || type !== T_MODIFIED)) {
      fastChecks += cw;
      const h = uidHi[subject]!;
      const l = uidLo[subject]!;
      let a = 0;
      let b = lastSeg;
      while (a < b) {
        const m = (a + b + 1) >> 1;
        const mh = segHi[m]!;
        if (mh < h || (mh === h && segLo[m]! <= l)) a = m;
        else b = m - 1;
      }
      const passLo = segPassLo[a]!;
      const passHi = segPassHi[a]!;
      if ((passLo | passHi) !== 0) {
        for (let q = 0; q < S; q++) if (!unshOn[q] && ((passLo & shMaskLo[q]!) | (passHi & shMaskHi[q]!)) !== 0) encoded[q]! += bytes;
      }
      // Sharded watchers that pass receive it.
      for (let half = 0; half < 2; half++) {
        let m = half === 0 ? passLo : passHi;
        while (m !== 0) {
          const t = m & -m;
          const k = 31 - Math.clz32(t) + half * 32;
          recvEvents[k]!++;
          recvBytes[k]! += bytes;
          lastRv[k] = rv;
          passChecks[k]! += cw;
          heldObjects[k]! += dObj;
          heldJson[k]! += dJson;
          m ^= t;
        }
      }
      const cLo = lo[subject]!;
      const cHi = hi[subject]!;
      if (type === T_DELETED) {
        // Whoever received it and holds it drops it; a sharded receiver without it discards.
        const rmLo = cLo & (passLo | unshLo);
        const rmHi = cHi & (passHi | unshHi);
        for (let half = 0; half < 2; half++) {
          let m = half === 0 ? rmLo : rmHi;
          while (m !== 0) {
            const t = m & -m;
            const k = 31 - Math.clz32(t) + half * 32;
            cacheObjects[k]!--;
            cacheBytes[k]! -= cb;
            keptEvents[k]!++;
            keptBytes[k]! += bytes;
            m ^= t;
          }
          m = half === 0 ? passLo & ~cLo : passHi & ~cHi;
          while (m !== 0) {
            const t = m & -m;
            const k = 31 - Math.clz32(t) + half * 32;
            discEvents[k]!++;
            discBytes[k]! += bytes;
            m ^= t;
          }
        }
        lo[subject] = (cLo & ~rmLo) >>> 0;
        hi[subject] = (cHi & ~rmHi) >>> 0;
      } else {
        let keepLo = segKeepLo[a]! | allKeepLo | passLo;
        let keepHi = segKeepHi[a]! | allKeepHi | passHi;
        if (anyJump) {
          const jb = buckets[subject]!;
          if (jb < 32) keepLo |= jumpLo & (1 << jb);
          else keepHi |= jumpHi & (1 << (jb - 32));
        }
        const addLo = keepLo & ~cLo;
        const addHi = keepHi & ~cHi;
        const dropLo = (passLo | unshLo) & cLo & ~keepLo;
        const dropHi = (passHi | unshHi) & cHi & ~keepHi;
        for (let half = 0; half < 2; half++) {
          let m = half === 0 ? keepLo : keepHi;
          while (m !== 0) {
            const t = m & -m;
            const k = 31 - Math.clz32(t) + half * 32;
            keptEvents[k]!++;
            keptBytes[k]! += bytes;
            m ^= t;
          }
          m = half === 0 ? addLo : addHi;
          while (m !== 0) {
            const t = m & -m;
            const k = 31 - Math.clz32(t) + half * 32;
            cacheObjects[k]!++;
            cacheBytes[k]! += cb;
            m ^= t;
          }
          m = half === 0 ? dropLo : dropHi;
          while (m !== 0) {
            const t = m & -m;
            const k = 31 - Math.clz32(t) + half * 32;
            cacheObjects[k]!--;
            cacheBytes[k]! -= cb;
            m ^= t;
          }
        }
        lo[subject] = ((cLo | addLo) & ~dropLo) >>> 0;
        hi[subject] = ((cHi | addHi) & ~dropHi) >>> 0;
      }
    } else {
      // The general path: one replica at a time.
      for (let j = 0; j < nAct; j++) {
        const k = act[j]!;
        let out = type;
        if (sharded[k]) {
          if (oldSlot === newSlot || type !== T_MODIFIED) {
            const sel = serverSel[k]!;
            const pass = sel.matchesHash(serverHi[k]![subject]!, serverLo[k]![subject]!);
            if (!pass) {
              filtered[k]! += cw;
              continue;
            }
          } else {
            const r = m.replicas[k]!;
            const srv = m.servers[r.apiServer]!;
            const before = srv.filteredEvents;
            const hashesBefore = srv.hashes;
            out = srv.route(r.watcher!, type, cluster, oldSlot, newSlot);
            // `route` counted on the server directly; move it to this batch's tallies.
            filtered[k]! += srv.filteredEvents - before;
            srv.filteredEvents = before;
            srv.hashes = hashesBefore;
            if (out === T_NONE) continue;
          }
          recvEvents[k]!++;
          recvBytes[k]! += bytes;
          lastRv[k] = rv;
          const q = srvOf[k]!;
          if (!unshOn[q] && stamp[q] !== e) {
            stamp[q] = e;
            encoded[q]! += bytes;
          }
          if (out === T_ADDED) {
            heldObjects[k]!++;
            heldJson[k]! += json[newSlot]!;
          } else if (out === T_DELETED) {
            heldObjects[k]!--;
            heldJson[k]! -= json[oldSlot]!;
          } else if (oldSlot !== newSlot) {
            heldJson[k]! += json[newSlot]! - json[oldSlot]!;
          }
        }
        const s = out === T_DELETED ? oldSlot : newSlot;
        if (skewed[k]) {
          const sel = localSel[k];
          const mine = sel === null || sel.matchesHash(localHi[k]![s]!, localLo[k]![s]!);
          if (!mine) {
            if (kinds[k] === K_ALL) dupMissed[k]!++;
            else dupCaught[k]!++;
          }
        }
        const bl = bitLo[k]!;
        const bh = bitHi[k]!;
        const inCache = ((lo[s]! & bl) | (hi[s]! & bh)) !== 0;
        const scb = json[s]! * cacheFactor + cacheOverhead;
        let keepIt: boolean;
        if (out === T_DELETED) {
          keepIt = inCache;
        } else {
          const kind = kinds[k]!;
          if (kind === K_ALL) keepIt = true;
          else if (kind === K_RANGES) {
            const sel = localSel[k];
            keepIt = sel === null || sel!.matchesHash(localHi[k]![s]!, localLo[k]![s]!);
          } else if (kind === K_JUMP) keepIt = buckets[s] === k;
          else keepIt = false;
        }
        if (keepIt) {
          if (out === T_DELETED) {
            lo[s] = (lo[s]! & ~bl) >>> 0;
            hi[s] = (hi[s]! & ~bh) >>> 0;
            cacheObjects[k]!--;
            cacheBytes[k]! -= scb;
          } else if (!inCache) {
            lo[s] = (lo[s]! | bl) >>> 0;
            hi[s] = (hi[s]! | bh) >>> 0;
            cacheObjects[k]!++;
            cacheBytes[k]! += scb;
          }
          keptEvents[k]!++;
          keptBytes[k]! += bytes;
        } else {
          if (inCache) {
            // It left this replica's share: drop it from the cache.
            lo[s] = (lo[s]! & ~bl) >>> 0;
            hi[s] = (hi[s]! & ~bh) >>> 0;
            cacheObjects[k]!--;
            cacheBytes[k]! -= scb;
          }
          if (sharded[k]) {
            discEvents[k]!++;
            discBytes[k]! += bytes;
          }
        }
      }
    }
    if (beforeCat === 0) gaps--;
    else if (beforeCat === 2) dups--;
    if (type !== T_DELETED) {
      const after = category(lo[subject]!, hi[subject]!);
      if (after === 0) gaps++;
      else if (after === 2) dups++;
    }
  }
  for (const r of m.replicas) {
    r.cacheObjects = cacheObjects[r.index]!;
    r.cacheBytes = cacheBytes[r.index]!;
  }
  for (let j = 0; j < nAct; j++) {
    const k = act[j]!;
    const r = m.replicas[k]!;
    const c = r.counters;
    const srv = m.servers[r.apiServer]!;
    c[EVK]! += keptEvents[k]!;
    c[BYK]! += keptBytes[k]!;
    let ev: number;
    let by: number;
    if (sharded[k]) {
      ev = recvEvents[k]!;
      by = recvBytes[k]!;
      r.recvObjects += heldObjects[k]!;
      r.recvJson += heldJson[k]!;
      c[EVX]! += discEvents[k]!;
      c[BYX]! += discBytes[k]!;
      // check-locally: the replica hashes every object event it receives as well.
      if (kinds[k] === K_RANGES) c[LHA]! += recvEvents[k]!;
      r.lastRv = lastRv[k]!;
      srv.hashes += checks;
      srv.filteredEvents += filtered[k]! + (fastChecks - passChecks[k]!);
    } else {
      ev = bcEvents;
      by = bcBytes;
      r.recvObjects += bcHeldObjects;
      r.recvJson += bcHeldJson;
      // Every object event it decoded is either kept (applied) or discarded.
      c[EVX]! += bcObjEvents - keptEvents[k]!;
      c[BYX]! += bcObjBytes - keptBytes[k]!;
      if (kinds[k] === K_RANGES || kinds[k] === K_JUMP) c[LHA]! += bcObjEvents;
      if (batchLastRv >= 0) r.lastRv = batchLastRv;
      c[C_DUP_MISSED]! += dupMissed[k]!;
      c[C_DUP_CAUGHT]! += dupCaught[k]!;
    }
    c[EVR]! += ev;
    c[BYR]! += by;
    c[EVD]! += ev;
    c[BYD]! += by;
    srv.egressBytes += by;
    srv.eventsSent += ev;
  }
  for (let q = 0; q < S; q++) m.servers[q]!.encodedBytes += encoded[q]! + (unshOn[q] ? bcBytes : 0);
  m.gaps = gaps;
  m.duplicates = dups;
}

/**
 * What would happen to one event at each replica now (the same rules as `process`, without
 * counting): the type sent (or null) and whether it is kept.
 */
export function outcome(m: ModeState, type: number, oldSlot: number, newSlot: number): { replica: number; sentAs: number; kept: boolean }[] {
  const cluster = m.cluster;
  return m.replicas.map((r) => {
    if (!r.watcher || r.status !== 'ok') return { replica: r.index, sentAs: EV_NONE, kept: false };
    const w = r.watcher;
    let sent = type;
    if (w.selector && type !== EV_BOOKMARK) {
      const H = keyHashHi(cluster, w.keyIndex!);
      const L = keyHashLo(cluster, w.keyIndex!);
      const oldPass = type !== EV_ADDED && w.selector.matchesHash(H[oldSlot]!, L[oldSlot]!);
      const newPass = type !== EV_DELETED && w.selector.matchesHash(H[newSlot]!, L[newSlot]!);
      sent = watchDecision(type, oldPass, newPass);
    }
    if (sent === EV_NONE || sent === EV_BOOKMARK) return { replica: r.index, sentAs: sent, kept: false };
    const s = sent === EV_DELETED ? oldSlot : newSlot;
    let kept: boolean;
    if (r.localKind === LOCAL_KEEP_ALL) kept = true;
    else if (r.localKind === LOCAL_RANGES) kept = r.keepsHash(cluster.uidHi[s]!, cluster.uidLo[s]!, cluster.nsHi[s]!, cluster.nsLo[s]!);
    else if (r.localKind === LOCAL_JUMP) kept = cluster.jumpBuckets[s] === r.index;
    else kept = false;
    return { replica: r.index, sentAs: sent, kept };
  });
}
