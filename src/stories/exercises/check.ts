/**
 * Evaluates an exercise's check over the model's real state: the parameters the
 * trainee set, parsed by the apiserver's own rules, and the snapshot of the run they drive.
 * Pure: the same inputs give the same verdicts, so a unit test runs the real model on the
 * start and on the solution and asks this function.
 */
import { SHARD_KEY, analyzeCoverage, type ShardSelector } from '../../core/sharding';
import type { MessageId } from '../../i18n/en';
import type { SimSnapshot } from '../../sim';
import type { SimParams } from '../../state/params';
import { parseSelectorText } from '../../state/selectors';
import type { ExerciseCondition, LabelledCondition } from './types';

/** What the check reads. */
export interface CheckInput {
  /** The parameters set now. */
  readonly params: SimParams;
  /** The model's latest snapshot, or null before the first frame. */
  readonly snapshot: SimSnapshot | null;
  /** Whether the model has applied `params` (a snapshot of older parameters proves nothing). */
  readonly fresh: boolean;
  /** What the trainee typed in the answer field. */
  readonly answer: string;
}

/** A message and its values (translated by whoever shows it). */
export interface Said {
  readonly id: MessageId;
  readonly vars?: Readonly<Record<string, string | number>>;
}

/** One condition's verdict. */
export interface Verdict {
  readonly ok: boolean;
  /** The condition reads the run, and the model has not yet applied what was set (or not yet settled). */
  readonly waiting: boolean;
  /** What is measured now, when it helps (never the answer itself). */
  readonly now?: Said;
}

const pct = (x: number) => Math.round(x * 1000) / 10;

/** The label a condition shows: derived from the condition, so it says exactly what is checked. */
export function conditionLabel(c: ExerciseCondition): Said {
  switch (c.kind) {
    case 'replicas':
      return { id: 'lab.cond.replicas', vars: { count: c.count } };
    case 'accepted':
      return c.replica === undefined ? { id: 'lab.cond.acceptedAll' } : { id: 'lab.cond.accepted', vars: { replica: `replica-${c.replica}` } };
    case 'coverage':
      return { id: 'lab.cond.coverage' };
    case 'hash-share':
      return { id: 'lab.cond.hashShare', vars: { replica: `replica-${c.replica}`, min: pct(c.min), max: pct(c.max) } };
    case 'share-ratio':
      return { id: 'lab.cond.shareRatio', vars: { replica: `replica-${c.replica}`, ratio: c.ratio, tolerance: pct(c.tolerance) } };
    case 'shard-key':
      return { id: 'lab.cond.shardKey', vars: { key: c.key } };
    case 'gate':
      return { id: c.on ? 'lab.cond.gateOn' : 'lab.cond.gateOff', vars: { server: c.server } };
    case 'client':
      return { id: 'lab.cond.client', vars: { client: c.client } };
    case 'audit':
      return { id: 'lab.cond.audit' };
    case 'object-share':
      return { id: 'lab.cond.objectShare', vars: { replica: `replica-${c.replica}`, min: pct(c.min), max: pct(c.max) } };
    case 'imbalance':
      return { id: 'lab.cond.imbalance', vars: { max: c.max } };
    case 'saving':
      return { id: 'lab.cond.saving', vars: { ratio: c.atLeast } };
    case 'no-errors':
      return { id: 'lab.cond.noErrors' };
    case 'reshard':
      return { id: 'lab.cond.reshard', vars: { from: c.from, to: c.to } };
    case 'no-orphans':
      return { id: 'lab.cond.noOrphans' };
    case 'moved':
      return { id: 'lab.cond.moved', vars: { max: pct(c.max) } };
    case 'relists':
      return c.cause === undefined ? { id: 'lab.cond.relists', vars: { count: c.max } } : { id: 'lab.cond.relistsCause', vars: { count: c.max, cause: c.cause } };
    case 'answer-owner':
      return { id: 'lab.cond.answerOwner', vars: { uid: c.uid } };
    case 'answer-full-cache':
      return { id: 'lab.cond.answerFullCache' };
  }
}

/** The selectors set, parsed; null where the apiserver refuses one. */
function parsed(params: SimParams): (ShardSelector | null)[] {
  return params.selectors.map((text) => {
    const p = parseSelectorText(text);
    return p.ok ? p.selector : null;
  });
}

/** A replica's share of the hash space (its own overlapping ranges counted once); 0 when refused. */
function hashShare(sel: ShardSelector | null): number {
  if (!sel || sel.requirements.length === 0) return 0;
  return analyzeCoverage([sel]).exactFraction;
}

/** Replica indexes an answer names: `replica-2`, `replica 2` or `2`, separated by commas or spaces. */
export function namedReplicas(answer: string): number[] | null {
  const parts = answer
    .toLowerCase()
    .replace(/replica[\s-]*/g, 'replica-')
    .split(/[\s,;]+/)
    .filter((x) => x !== '' && x !== 'and' && x !== '和');
  if (parts.length === 0) return null;
  const out: number[] = [];
  for (const p of parts) {
    const m = /^(?:replica-)?(\d{1,2})$/.exec(p);
    if (!m) return null;
    out.push(Number(m[1]));
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/** The replicas whose selector sends them the object with this uid (key `object.metadata.uid`). */
export function ownersOfUid(params: SimParams, uid: string): number[] | null {
  if (params.shardKey !== SHARD_KEY.uid.path) return null;
  const owners: number[] = [];
  parsed(params).forEach((sel, i) => {
    if (!sel) return;
    try {
      if (sel.matches({ metadata: { uid, namespace: '' } })) owners.push(i);
    } catch {
      // Mixed keys: the apiserver's Matches fails, the replica owns nothing.
    }
  });
  return owners;
}

const yes = (ok: boolean, now?: Said): Verdict => ({ ok, waiting: false, now });
const wait: Verdict = { ok: false, waiting: true };

/** The verdict of one condition. */
export function evaluateCondition(c: ExerciseCondition, input: CheckInput): Verdict {
  const { params, snapshot, fresh } = input;
  const sels = parsed(params);
  const run = fresh && snapshot ? snapshot : null;
  const server = run?.modes.server;
  switch (c.kind) {
    case 'replicas':
      return yes(params.replicas === c.count, { id: 'lab.now.count', vars: { value: params.replicas } });
    case 'accepted': {
      if (c.replica !== undefined) return yes(sels[c.replica] != null);
      const refused = sels.filter((s) => s === null).length;
      return yes(refused === 0, { id: 'lab.now.refused', vars: { count: refused } });
    }
    case 'coverage': {
      if (sels.some((s) => s === null)) return yes(false, { id: 'lab.now.refusedCoverage' });
      const cov = analyzeCoverage(sels as ShardSelector[]);
      return yes(cov.gaps.length === 0 && cov.overlaps.length === 0, { id: 'lab.now.coverage', vars: { gap: pct(cov.gapFraction), overlap: pct(cov.overlapFraction) } });
    }
    case 'hash-share': {
      const share = hashShare(sels[c.replica] ?? null);
      return yes(share >= c.min && share <= c.max, { id: 'lab.now.percent', vars: { value: pct(share) } });
    }
    case 'share-ratio': {
      const shares = sels.map(hashShare);
      const mine = shares[c.replica] ?? 0;
      const others = shares.filter((_, i) => i !== c.replica);
      if (others.length === 0 || mine === 0 || others.some((s) => s === 0)) return yes(false);
      const ratios = others.map((s) => mine / s);
      const lo = Math.min(...ratios);
      const hi = Math.max(...ratios);
      const ok = lo >= c.ratio * (1 - c.tolerance) && hi <= c.ratio * (1 + c.tolerance);
      const r = (x: number) => Math.round(x * 100) / 100;
      return yes(ok, lo === hi ? { id: 'lab.now.ratio', vars: { value: r(lo) } } : { id: 'lab.now.ratios', vars: { lo: r(lo), hi: r(hi) } });
    }
    case 'shard-key':
      return yes(params.shardKey === c.key);
    case 'gate':
      return yes(params.apiServers[c.server]?.gate === c.on);
    case 'client':
      return yes(params.client === c.client);
    case 'audit': {
      if (!server) return wait;
      const a = server.audit;
      return yes(a.live > 0 && a.gaps === 0 && a.duplicates === 0, { id: 'lab.now.audit', vars: { gaps: a.gaps, duplicates: a.duplicates } });
    }
    case 'object-share': {
      if (!server) return wait;
      const a = server.audit;
      const share = a.live > 0 ? (a.perReplica[c.replica] ?? 0) / a.live : 0;
      return yes(share >= c.min && share <= c.max, { id: 'lab.now.percent', vars: { value: pct(share) } });
    }
    case 'imbalance': {
      if (!server) return wait;
      const x = server.audit.imbalance;
      return yes(x > 0 && x <= c.max, { id: 'lab.now.imbalance', vars: { value: Math.round(x * 100) / 100 } });
    }
    case 'saving': {
      if (!run || run.settling !== null) return wait;
      const cs = run.modes.client.totals.bytesReceivedPerSec;
      const ss = run.modes.server.totals.bytesReceivedPerSec;
      if (!(ss > 0)) return yes(false);
      const ratio = cs / ss;
      return yes(ratio >= c.atLeast, { id: 'lab.now.ratio', vars: { value: Math.round(ratio * 10) / 10 } });
    }
    case 'no-errors': {
      if (!server) return wait;
      const failing = server.replicas.filter((r) => r.status !== 'ok').length;
      return yes(failing === 0, { id: 'lab.now.failing', vars: { count: failing } });
    }
    case 'reshard': {
      if (!run) return wait;
      return yes(run.handoff.reshards.some((h) => h.mode === 'server' && h.from === c.from && h.to === c.to));
    }
    case 'no-orphans': {
      if (!run) return wait;
      const fired = run.handoff.reshards.filter((h) => h.mode === 'server');
      if (fired.length === 0) return yes(false, { id: 'lab.now.noReshard' });
      const peak = Math.max(run.handoff.now.server.orphans, ...fired.map((h) => h.peakOrphans));
      return yes(peak === 0 && fired.every((h) => h.orphanObjectSeconds === 0), { id: 'lab.now.orphans', vars: { count: peak } });
    }
    case 'moved': {
      if (!run) return wait;
      const fired = run.handoff.reshards.filter((h) => h.mode === 'server');
      if (fired.length === 0) return yes(false, { id: 'lab.now.noReshard' });
      const most = Math.max(...fired.map((h) => h.movedFraction));
      return yes(most <= c.max, { id: 'lab.now.percent', vars: { value: pct(most) } });
    }
    case 'relists': {
      if (!server) return wait;
      const r = server.lifecycle.relists;
      const n = c.cause === undefined ? r.reshard + r.restart + r.gone + r.error : r[c.cause];
      return yes(n <= c.max, { id: 'lab.now.count', vars: { value: n } });
    }
    case 'answer-owner': {
      const named = namedReplicas(input.answer);
      const owners = ownersOfUid(params, c.uid);
      if (!named || !owners || owners.length !== 1) return yes(false);
      return yes(named.length === 1 && named[0] === owners[0]);
    }
    case 'answer-full-cache': {
      if (!server) return wait;
      const named = namedReplicas(input.answer);
      const whole = server.replicas.filter((r) => server.apiServers[r.apiServer]?.gate === false).map((r) => r.index);
      if (!named || whole.length === 0) return yes(false);
      return yes(named.length === whole.length && named.every((x, i) => x === whole[i]));
    }
  }
}

/** Every condition's verdict, in order. */
export function evaluateCheck(check: readonly LabelledCondition[], input: CheckInput): Verdict[] {
  return check.map((c) => {
    try {
      return evaluateCondition(c, input);
    } catch {
      // A condition a loaded file got wrong (a replica that does not exist) is simply not met.
      return { ok: false, waiting: false };
    }
  });
}

/** Whether a check holds: every condition. */
export function checkPasses(check: readonly LabelledCondition[], input: CheckInput): boolean {
  return evaluateCheck(check, input).every((v) => v.ok);
}
