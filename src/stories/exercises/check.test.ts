import { describe, expect, it } from 'vitest';
import { hashField } from '../../core/sharding';
import { defaultSimParams } from '../../state/defaults';
import { equalSplitSelectors } from '../../state/selectors';
import { evaluateCondition, namedReplicas, ownersOfUid } from './check';

const params = defaultSimParams();
const input = { params, snapshot: null, fresh: false, answer: '' };

describe('exercise conditions', () => {
  it('hash-share measures a replica’s share of 2^64 exactly (an equal split of 4 gives 25% each)', () => {
    expect(evaluateCondition({ kind: 'hash-share', replica: 1, min: 0.25, max: 0.25 }, input)).toEqual({ ok: true, waiting: false, now: { id: 'lab.now.percent', vars: { value: 25 } } });
    expect(evaluateCondition({ kind: 'hash-share', replica: 1, min: 0.3, max: 0.4 }, input).ok).toBe(false);
    const refused = { ...input, params: { ...params, selectors: ['nope', ...params.selectors.slice(1)] } };
    expect(evaluateCondition({ kind: 'hash-share', replica: 0, min: 0, max: 1 }, refused).now).toEqual({ id: 'lab.now.percent', vars: { value: 0 } });
  });

  it('conditions on the run wait while the model has not applied what was set', () => {
    for (const kind of ['audit', 'no-errors', 'saving', 'reshard', 'no-orphans', 'relists', 'answer-full-cache'] as const) {
      const c = kind === 'reshard' ? { kind, from: 4, to: 5 } : kind === 'relists' ? { kind, max: 0 } : kind === 'saving' ? { kind, atLeast: 2 } : { kind };
      expect(evaluateCondition(c, input), kind).toEqual({ ok: false, waiting: true });
    }
    expect(evaluateCondition({ kind: 'client', client: 'client-go' }, input).ok).toBe(true);
    expect(evaluateCondition({ kind: 'gate', server: 3, on: true }, input).ok).toBe(false);
  });

  it('reads an answer as replica names, and refuses anything else', () => {
    expect(namedReplicas('replica-2')).toEqual([2]);
    expect(namedReplicas(' Replica 2 ')).toEqual([2]);
    expect(namedReplicas('3, replica-1 and 1')).toEqual([1, 3]);
    expect(namedReplicas('')).toBeNull();
    expect(namedReplicas('the third')).toBeNull();
  });

  it('computes the owner of a uid with FNV-1a 64 against the selectors set, and only on the uid key', () => {
    const uid = 'a440e035-8122-4b15-bfa7-5b663280e38e';
    expect(hashField(uid)).toBe('af4cd8791bf058d5');
    // 0xaf… is in the third quarter of four equal ranges.
    expect(ownersOfUid(params, uid)).toEqual([2]);
    expect(evaluateCondition({ kind: 'answer-owner', uid }, { ...input, answer: 'replica-2' }).ok).toBe(true);
    expect(evaluateCondition({ kind: 'answer-owner', uid }, { ...input, answer: 'replica-1' }).ok).toBe(false);
    const byNamespace = { ...params, shardKey: 'object.metadata.namespace' as const, selectors: equalSplitSelectors(4, 'object.metadata.namespace') };
    expect(ownersOfUid(byNamespace, uid)).toBeNull();
  });
});
