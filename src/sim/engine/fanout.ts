/**
 * The watch fan-out: every event of a batch goes to every watcher. Per watcher the server's
 * shard check decides whether and as what it is sent (ADDED, MODIFIED, DELETED or nothing),
 * then the bytes on the wire, the replica's decode, its local keep/discard, its cache and the
 * audit counts follow. `outcome` answers the same question for one event without counting.
 */
import { SHARD_KEY, shardKeyIndex } from '../../core/sharding';
import { watchDecision } from '../apiserver';
import { maskCategory } from './audit';
import { EV_ADDED, EV_BOOKMARK, EV_DELETED, EV_MODIFIED, EV_NONE, keyHashHi, keyHashLo } from '../cluster';
import type { EventBatch } from '../cluster';
import type { ModeState } from './state';
import { LOCAL_JUMP, LOCAL_KEEP_ALL, LOCAL_RANGES } from '../client';
import { attachCutTable, creditFanout, openFanout, type Fanout } from './fanoutbatch';

// Module-local copies of imported constants: some loaders (tsx, vite-node) turn imported
// bindings into getter calls, which would dominate the per-event loop below.
const K_ALL = LOCAL_KEEP_ALL;
const K_RANGES = LOCAL_RANGES;
const K_JUMP = LOCAL_JUMP;
const T_ADDED = EV_ADDED;
const T_MODIFIED = EV_MODIFIED;
const T_DELETED = EV_DELETED;
const T_NONE = EV_NONE;
// The hot loop calls `maskCategory` per event; a local binding avoids a getter call there too.
const category = maskCategory;
// The fast path's cut table is searched by the uid hash (`uidHi`, `uidLo` in `fastEvents`).
const FAST_KEY = SHARD_KEY.uid.index;

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
  const f = openFanout(m);
  enlistReplicas(m, f);
  attachCutTable(m, f);
  fanOutEvents(m, batch, f);
  creditFanout(m, f);
}

/** Reads each replica's watcher, selectors and cache into the batch, and decides whether the fast path holds. */
function enlistReplicas(m: ModeState, f: Fanout): void {
  const { cacheObjects, cacheBytes, act, lastRv, bitLo, bitHi, kinds, localSel, localHi, localLo, serverSel, serverHi, serverLo, srvOf, shMaskLo, shMaskHi, unshOn, sharded, skewed } = f;
  const cluster = m.cluster;
  let unshLo = 0;
  let unshHi = 0;
  let allKeepLo = 0;
  let allKeepHi = 0;
  let jumpLo = 0;
  let jumpHi = 0;
  let fast = true;
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
  f.unshLo = unshLo;
  f.unshHi = unshHi;
  f.allKeepLo = allKeepLo;
  f.allKeepHi = allKeepHi;
  f.jumpLo = jumpLo;
  f.jumpHi = jumpHi;
  f.anyJump = (jumpLo | jumpHi) !== 0;
  f.fast = fast;
}

/**
 * The events in order. A batch with a cut table takes the fast path, except for a hand-built
 * transition (old != new), which takes the general one; a batch without takes the general
 * path throughout. Each loop keeps everything it reads per event in local bindings: the
 * model's hot loop (a million events a second) ran a fifth slower with the per-event work in
 * functions that read the batch object.
 */
function fanOutEvents(m: ModeState, batch: EventBatch, f: Fanout): void {
  f.batchLastRv = batch.length > 0 ? batch.rv[batch.length - 1]! : -1;
  if (f.table !== null) fastEvents(m, batch, f);
  else generalEvents(m, batch, f, 0, batch.length);
}

/**
 * The fast path: per event, one binary search in the cut table finds which sharded watchers
 * pass and which replicas keep; each of them is credited and its cache updated, bit by bit.
 */
function fastEvents(m: ModeState, batch: EventBatch, f: Fanout): void {
  const { json, uidHi, uidLo, buckets, lo, hi, cacheFactor, cacheOverhead, ratio, envelope, S, unshOn, shMaskLo, shMaskHi, encoded } = f;
  const { cacheObjects, cacheBytes, heldObjects, heldJson, lastRv, recvEvents, recvBytes, keptEvents, keptBytes, discEvents, discBytes, passChecks } = f;
  const { unshLo, unshHi, allKeepLo, allKeepHi, jumpLo, jumpHi, anyJump, segHi, segLo, segPassLo, segPassHi, segKeepLo, segKeepHi, lastSeg } = f;
  const { type: types, oldSlot: olds, newSlot: news, rv: rvs } = batch;
  let events = 0;
  let sent = 0;
  let heldDelta = 0;
  let heldJsonDelta = 0;
  let checks = 0;
  let gaps = 0;
  let dups = 0;
  for (let e = 0; e < batch.length; e++) {
    const type = types[e]!;
    const oldSlot = olds[e]!;
    const newSlot = news[e]!;
    if (oldSlot !== newSlot && type === T_MODIFIED) {
      generalEvents(m, batch, f, e, e + 1);
      continue;
    }
    const rv = rvs[e]!;
    const subject = type === T_DELETED ? oldSlot : newSlot;
    // Whole bytes: sums of integers are exact, so totals do not depend on batch boundaries.
    const bytes = Math.round(json[subject]! * ratio) + envelope;
    const cb = json[subject]! * cacheFactor + cacheOverhead;
    const cw = type === T_MODIFIED ? 2 : 1;
    // Change in a holder's objects and JSON bytes when it receives this event as sent.
    const dObj = type === T_ADDED ? 1 : type === T_DELETED ? -1 : 0;
    const dJson = type === T_ADDED ? json[newSlot]! : type === T_DELETED ? -json[oldSlot]! : json[newSlot]! - json[oldSlot]!;
    events++;
    sent += bytes;
    heldDelta += dObj;
    heldJsonDelta += dJson;
    checks += cw;
    const beforeCat = type === T_ADDED ? -1 : category(lo[subject]!, hi[subject]!);
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
    // A DELETED: whoever received it and holds it drops it (and counts it kept); a sharded
    // receiver without it discards. Else: whoever keeps it (by the piece, by keeping all, by
    // being sent it, by jump hash) counts it and caches it; a receiver that no longer keeps it drops it.
    let keepLo: number;
    let keepHi: number;
    let addLo = 0;
    let addHi = 0;
    let dropLo: number;
    let dropHi: number;
    if (type === T_DELETED) {
      dropLo = keepLo = cLo & (passLo | unshLo);
      dropHi = keepHi = cHi & (passHi | unshHi);
      for (let half = 0; half < 2; half++) {
        let m = half === 0 ? passLo & ~cLo : passHi & ~cHi;
        while (m !== 0) {
          const t = m & -m;
          const k = 31 - Math.clz32(t) + half * 32;
          discEvents[k]!++;
          discBytes[k]! += bytes;
          m ^= t;
        }
      }
    } else {
      keepLo = segKeepLo[a]! | allKeepLo | passLo;
      keepHi = segKeepHi[a]! | allKeepHi | passHi;
      if (anyJump) {
        const jb = buckets[subject]!;
        if (jb < 32) keepLo |= jumpLo & (1 << jb);
        else keepHi |= jumpHi & (1 << (jb - 32));
      }
      addLo = keepLo & ~cLo;
      addHi = keepHi & ~cHi;
      dropLo = (passLo | unshLo) & cLo & ~keepLo;
      dropHi = (passHi | unshHi) & cHi & ~keepHi;
    }
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
    const afterCat = type === T_DELETED ? -1 : category(lo[subject]!, hi[subject]!);
    gaps += (afterCat === 0 ? 1 : 0) - (beforeCat === 0 ? 1 : 0);
    dups += (afterCat === 2 ? 1 : 0) - (beforeCat === 2 ? 1 : 0);
  }
  f.bcEvents += events;
  f.bcObjEvents += events;
  f.bcBytes += sent;
  f.bcObjBytes += sent;
  f.bcHeldObjects += heldDelta;
  f.bcHeldJson += heldJsonDelta;
  f.checks += checks;
  f.fastChecks += checks;
  m.gaps += gaps;
  m.duplicates += dups;
}
/** Whether replica `k`'s own check keeps slot `s`: its local selector on its key (none keeps everything). */
function localKeeps(f: Fanout, k: number, s: number): boolean {
  const sel = f.localSel[k];
  return !sel || sel.matchesHash(f.localHi[k]![s]!, f.localLo[k]![s]!);
}

/**
 * The general path for events `from` to `to`, one replica at a time: the server's check for a
 * sharded watcher (through `ApiServer.route` for a hand-built transition) and what it
 * receives, then what the replica's client keeps, caches, discards, and counts as a duplicate.
 */
function generalEvents(m: ModeState, batch: EventBatch, f: Fanout, from: number, to: number): void {
  const { json, buckets, lo, hi, cacheFactor, cacheOverhead, ratio, envelope, act, sharded, serverSel, serverHi, serverLo, kinds, skewed, bitLo, bitHi } = f;
  const { filtered, recvEvents, recvBytes, lastRv, srvOf, unshOn, stamp, encoded, heldObjects, heldJson, dupMissed, dupCaught, cacheObjects, cacheBytes, keptEvents, keptBytes, discEvents, discBytes } = f;
  const { type: types, oldSlot: olds, newSlot: news, rv: rvs } = batch;
  const nAct = act.length;
  let sent = 0;
  let heldDelta = 0;
  let heldJsonDelta = 0;
  let checks = 0;
  let gaps = 0;
  let dups = 0;
  for (let e = from; e < to; e++) {
    const type = types[e]!;
    const oldSlot = olds[e]!;
    const newSlot = news[e]!;
    const rv = rvs[e]!;
    const subject = type === T_DELETED ? oldSlot : newSlot;
    // Whole bytes: sums of integers are exact, so totals do not depend on batch boundaries.
    const bytes = Math.round(json[subject]! * ratio) + envelope;
    const cw = type === T_MODIFIED ? 2 : 1;
    sent += bytes;
    heldDelta += type === T_ADDED ? 1 : type === T_DELETED ? -1 : 0;
    heldJsonDelta += type === T_ADDED ? json[newSlot]! : type === T_DELETED ? -json[oldSlot]! : json[newSlot]! - json[oldSlot]!;
    checks += cw;
    const beforeCat = type === T_ADDED ? -1 : category(lo[subject]!, hi[subject]!);
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
          out = srv.route(r.watcher!, type, m.cluster, oldSlot, newSlot);
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
        heldObjects[k]! += out === T_ADDED ? 1 : out === T_DELETED ? -1 : 0;
        heldJson[k]! += out === T_ADDED ? json[newSlot]! : out === T_DELETED ? -json[oldSlot]! : json[newSlot]! - json[oldSlot]!;
      }
      const s = out === T_DELETED ? oldSlot : newSlot;
      const kind = kinds[k]!;
      // On an unfiltered stream, an object outside the replica's shard is a duplicate its client keeps or catches.
      if (skewed[k] && !localKeeps(f, k, s)) {
        if (kind === K_ALL) dupMissed[k]!++;
        else dupCaught[k]!++;
      }
      const bl = bitLo[k]!;
      const bh = bitHi[k]!;
      const inCache = ((lo[s]! & bl) | (hi[s]! & bh)) !== 0;
      const scb = json[s]! * cacheFactor + cacheOverhead;
      const keepIt = out === T_DELETED ? inCache : kind === K_ALL || (kind === K_RANGES ? localKeeps(f, k, s) : kind === K_JUMP && buckets[s] === k);
      // Kept: cached if it was not (a DELETED: dropped). Not kept: dropped if it left this replica's share.
      if (keepIt ? out === T_DELETED : inCache) {
        lo[s] = (lo[s]! & ~bl) >>> 0;
        hi[s] = (hi[s]! & ~bh) >>> 0;
        cacheObjects[k]!--;
        cacheBytes[k]! -= scb;
      } else if (keepIt && !inCache) {
        lo[s] = (lo[s]! | bl) >>> 0;
        hi[s] = (hi[s]! | bh) >>> 0;
        cacheObjects[k]!++;
        cacheBytes[k]! += scb;
      }
      if (keepIt) {
        keptEvents[k]!++;
        keptBytes[k]! += bytes;
      } else if (sharded[k]) {
        discEvents[k]!++;
        discBytes[k]! += bytes;
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
  f.bcEvents += to - from;
  f.bcObjEvents += to - from;
  f.bcBytes += sent;
  f.bcObjBytes += sent;
  f.bcHeldObjects += heldDelta;
  f.bcHeldJson += heldJsonDelta;
  f.checks += checks;
  m.gaps += gaps;
  m.duplicates += dups;
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
