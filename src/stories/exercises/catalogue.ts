/**
 * The built-in exercises, easy to hard. Every one starts from a state that shows a
 * problem and is checked over the model's real state; `catalogue.test.ts` runs the model on
 * the start (the check fails) and on the solution (the check passes).
 */
import { equalSplitSelectors } from '../../state/selectors';
import type { Exercise } from './types';

const uid = 'object.metadata.uid' as const;
const ns = 'object.metadata.namespace' as const;
const sel = (start: string, end: string, key: string = uid) => `shardRange(${key}, '${start}', '${end}')`;
const END = '0x10000000000000000';
const still = { addedPerSec: 0, modifiedPerSec: 0, deletedPerSec: 0 };

/** Three replicas with a gap (0x50… to 0x60…) and an overlap (0x90… to 0xa0…). */
const coverThree: Exercise = {
  id: 'cover-three',
  title: 'lab.ex.cover-three.title',
  task: 'lab.ex.cover-three.task',
  start: {
    params: { replicas: 3, selectors: [sel('0x0000000000000000', '0x5000000000000000'), sel('0x6000000000000000', '0xa000000000000000'), sel('0x9000000000000000', END)] },
  },
  check: [{ kind: 'replicas', count: 3 }, { kind: 'accepted' }, { kind: 'coverage' }, { kind: 'audit' }],
  hints: ['lab.ex.cover-three.hint1', 'lab.ex.cover-three.hint2', 'lab.ex.cover-three.hint3'],
  solution: { params: { selectors: equalSplitSelectors(3, uid) }, explain: 'lab.ex.cover-three.explain' },
};

/** Five replicas, five selectors the apiserver refuses, each for its own reason. */
const refusedFive: Exercise = {
  id: 'refused-five',
  title: 'lab.ex.refused-five.title',
  task: 'lab.ex.refused-five.task',
  start: {
    params: {
      replicas: 5,
      apiServers: [{ gate: true }],
      selectors: [
        // A bound shorter than 16 digits (the parser suggests the padded one).
        sel('0x0', '0x3333333333333333'),
        // A number, not a string literal (CEL int64).
        `shardRange(${uid}, 0x3333333333333333, '0x6666666666666666')`,
        // A field the apiserver does not shard on.
        sel('0x6666666666666666', '0x9999999999999999', 'object.metadata.name'),
        // Uppercase hex digits.
        sel('0x9999999999999999', '0xCCCCCCCCCCCCCCCC'),
        // An operator other than ||.
        `${sel('0xcccccccccccccccc', END)} && true`,
      ],
    },
  },
  check: [...[0, 1, 2, 3, 4].map((replica) => ({ kind: 'accepted' as const, replica })), { kind: 'coverage' }, { kind: 'no-errors' }],
  hints: ['lab.ex.refused-five.hint1', 'lab.ex.refused-five.hint2', 'lab.ex.refused-five.hint3'],
  solution: { params: { selectors: equalSplitSelectors(5, uid) }, explain: 'lab.ex.refused-five.explain' },
};

/** replica-0 takes two fifths, the three others one fifth each. */
const doubleShare: Exercise = {
  id: 'double-share',
  title: 'lab.ex.double-share.title',
  task: 'lab.ex.double-share.task',
  start: { params: { replicas: 4 } },
  check: [{ kind: 'accepted' }, { kind: 'coverage' }, { kind: 'share-ratio', replica: 0, ratio: 2, tolerance: 0.02 }, { kind: 'object-share', replica: 0, min: 0.35, max: 0.45 }],
  hints: ['lab.ex.double-share.hint1', 'lab.ex.double-share.hint2', 'lab.ex.double-share.hint3'],
  solution: {
    params: {
      selectors: [
        sel('0x0000000000000000', '0x6666666666666666'),
        sel('0x6666666666666666', '0x9999999999999999'),
        sel('0x9999999999999999', '0xcccccccccccccccc'),
        sel('0xcccccccccccccccc', END),
      ],
    },
    explain: 'lab.ex.double-share.explain',
  },
};

/** The uid of one of the 16 objects of seed 42 (hash 0xaf4cd8791bf058d5, in replica-2's range). */
export const OWNER_UID = 'a440e035-8122-4b15-bfa7-5b663280e38e';

/** Sixteen objects that do not change, four uneven ranges: whose is this uid? */
const ownerOfUid: Exercise = {
  id: 'owner-of-uid',
  title: 'lab.ex.owner-of-uid.title',
  task: 'lab.ex.owner-of-uid.task',
  start: {
    params: {
      objects: 16,
      ...still,
      replicas: 4,
      selectors: [
        sel('0x0000000000000000', '0x5000000000000000'),
        sel('0x5000000000000000', '0x9000000000000000'),
        sel('0x9000000000000000', '0xb000000000000000'),
        sel('0xb000000000000000', END),
      ],
    },
  },
  check: [{ kind: 'answer-owner', uid: OWNER_UID }],
  hints: ['lab.ex.owner-of-uid.hint1', 'lab.ex.owner-of-uid.hint2', 'lab.ex.owner-of-uid.hint3'],
  solution: { answer: 'replica-2', explain: 'lab.ex.owner-of-uid.explain' },
};

/** Two replicas behind an API server without the gate: both modes send the same. */
const saving: Exercise = {
  id: 'saving-4x',
  title: 'lab.ex.saving-4x.title',
  task: 'lab.ex.saving-4x.task',
  start: { params: { replicas: 2, apiServers: [{ gate: false }] } },
  check: [{ kind: 'gate', server: 0, on: true }, { kind: 'no-errors' }, { kind: 'coverage' }, { kind: 'saving', atLeast: 4 }],
  hints: ['lab.ex.saving-4x.hint1', 'lab.ex.saving-4x.hint2', 'lab.ex.saving-4x.hint3'],
  solution: { params: { replicas: 5, apiServers: [{ gate: true }] }, explain: 'lab.ex.saving-4x.explain' },
  settleSeconds: 12,
};

/** A gate-off API server ignores selectors, even broken ones: turn the gate on without an outage. */
const gateOnSafely: Exercise = {
  id: 'gate-on-safely',
  title: 'lab.ex.gate-on-safely.title',
  task: 'lab.ex.gate-on-safely.task',
  start: {
    params: {
      replicas: 4,
      apiServers: [{ gate: false }],
      selectors: [
        sel('0x0000000000000000', '0x4000000000000000'),
        // A missing parenthesis: a CEL syntax error the gate-off server never reads.
        `shardRange(${uid}, '0x4000000000000000', '0x8000000000000000'`,
        sel('0x8000000000000000', '0xc000000000000000'),
        // Valid, but the last hash, 0xffffffffffffffff, is in no range: the end is exclusive.
        sel('0xc000000000000000', '0xffffffffffffffff'),
      ],
    },
  },
  check: [{ kind: 'gate', server: 0, on: true }, { kind: 'accepted' }, { kind: 'no-errors' }, { kind: 'coverage' }, { kind: 'audit' }],
  hints: ['lab.ex.gate-on-safely.hint1', 'lab.ex.gate-on-safely.hint2', 'lab.ex.gate-on-safely.hint3'],
  solution: { params: { apiServers: [{ gate: true }], selectors: equalSplitSelectors(4, uid) }, explain: 'lab.ex.gate-on-safely.explain' },
};

export { coverThree, refusedFive, doubleShare, ownerOfUid, saving, gateOnSafely, sel, END, ns, uid };
