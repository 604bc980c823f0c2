/**
 * The harder built-in exercises: a namespace-keyed cluster, reshards and a gate
 * rollout. Their checks read the run (the audit, the hand-off report, the relists).
 */
import type { StoryModelEvent } from '../types';
import type { Exercise } from './types';
import { END, ns, sel } from './catalogue';

/** 20 namespaces, three replicas on equal ranges of the namespace hash: one replica owns half. */
const namespaceBalance: Exercise = {
  id: 'namespace-balance',
  title: 'lab.ex.namespace-balance.title',
  task: 'lab.ex.namespace-balance.task',
  start: { params: { namespaces: 20, shardKey: ns, replicas: 3 } },
  check: [{ kind: 'shard-key', key: ns }, { kind: 'accepted' }, { kind: 'coverage' }, { kind: 'imbalance', max: 1.25 }],
  hints: ['lab.ex.namespace-balance.hint1', 'lab.ex.namespace-balance.hint2', 'lab.ex.namespace-balance.hint3'],
  solution: {
    params: {
      // Bounds at two namespaces' own hashes (a start is inclusive): the best three contiguous groups, 1.19x.
      selectors: [sel('0x0000000000000000', '0x7ef43c1fcf401be7', ns), sel('0x7ef43c1fcf401be7', '0xb8fa91373a14733a', ns), sel('0xb8fa91373a14733a', END, ns)],
    },
    explain: 'lab.ex.namespace-balance.explain',
  },
};

/** Every reshard exercise reshards 4 -> 5 at this time. */
export const EXERCISE_RESHARD_AT = 5;
const allAtOnce: StoryModelEvent = { kind: 'reshard', at: EXERCISE_RESHARD_AT, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } };

/** 4 -> 5 all at once: every replica restarts together, and objects have no owner for seconds. */
const reshardNoOrphans: Exercise = {
  id: 'reshard-no-orphans',
  title: 'lab.ex.reshard-no-orphans.title',
  task: 'lab.ex.reshard-no-orphans.task',
  start: { params: { replicas: 4 }, events: [allAtOnce] },
  check: [{ kind: 'reshard', from: 4, to: 5 }, { kind: 'no-orphans' }, { kind: 'audit' }],
  hints: ['lab.ex.reshard-no-orphans.hint1', 'lab.ex.reshard-no-orphans.hint2', 'lab.ex.reshard-no-orphans.hint3'],
  solution: { events: [{ ...allAtOnce, rollout: { kind: 'new-first', everySeconds: 5 } }], explain: 'lab.ex.reshard-no-orphans.explain' },
  settleSeconds: 90,
};

/** 4 -> 5 on equal ranges moves half the objects and relists every replica. */
const reshardFewMoves: Exercise = {
  id: 'reshard-few-moves',
  title: 'lab.ex.reshard-few-moves.title',
  task: 'lab.ex.reshard-few-moves.task',
  start: { params: { replicas: 4 }, events: [allAtOnce] },
  check: [{ kind: 'reshard', from: 4, to: 5 }, { kind: 'moved', max: 0.25 }, { kind: 'relists', cause: 'reshard', max: 2 }, { kind: 'audit' }],
  hints: ['lab.ex.reshard-few-moves.hint1', 'lab.ex.reshard-few-moves.hint2', 'lab.ex.reshard-few-moves.hint3'],
  solution: { events: [{ ...allAtOnce, strategy: 'range-splitting' }], explain: 'lab.ex.reshard-few-moves.explain' },
  settleSeconds: 40,
};

/** Mid-rollout: the third API server has no gate yet, and client-go caches what it sends. */
const rolloutCacheAll: Exercise = {
  id: 'rollout-cache-all',
  title: 'lab.ex.rollout-cache-all.title',
  task: 'lab.ex.rollout-cache-all.task',
  start: { params: { replicas: 4, client: 'client-go', apiServers: [{ gate: true }, { gate: true }, { gate: false }] } },
  check: [{ kind: 'answer-full-cache' }, { kind: 'gate', server: 2, on: false }, { kind: 'audit' }],
  hints: ['lab.ex.rollout-cache-all.hint1', 'lab.ex.rollout-cache-all.hint2', 'lab.ex.rollout-cache-all.hint3'],
  solution: { params: { client: 'checked' }, answer: 'replica-2', explain: 'lab.ex.rollout-cache-all.explain' },
};

export { namespaceBalance, reshardNoOrphans, reshardFewMoves, rolloutCacheAll };
