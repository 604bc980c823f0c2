import { describe, expect, it } from 'vitest';
import { deflateSync } from 'fflate';
import { DEFAULT_CHURN_PER_1000 } from '../sim/params';
import { defaultChurn, per1000, withObjects } from './churn';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, linkFor, readLink } from './link';
import { toBase64Url, unpackShortPayload } from './shortLink';
import { createShardScopeStore } from './store';
import { toSimInput } from './toSim';

const stateLink = (v: number, p: Record<string, unknown>) => `#state=${encodeURIComponent(JSON.stringify({ v, p }))}`;
const shortLink = (v: number, p: Record<string, unknown>) => `#s=${v}.${toBase64Url(deflateSync(new TextEncoder().encode(JSON.stringify({ p }))))}`;
const churnOf = (p: { addedPerSec: number; modifiedPerSec: number; deletedPerSec: number }) => [p.addedPerSec, p.modifiedPerSec, p.deletedPerSec];

describe('the page’s churn follows its object count', () => {
  it('starts at the model’s rates per 1,000 objects times the 10,000 objects: 10, 50 and 10 a second', () => {
    const per = DEFAULT_CHURN_PER_1000;
    expect(churnOf(defaultSimParams())).toEqual([per.addsPerSecond * 10, per.modifiesPerSecond * 10, per.deletesPerSecond * 10]);
    expect(churnOf(defaultSimParams())).toEqual([10, 50, 10]);
    expect(per1000(defaultSimParams().modifiedPerSec, defaultSimParams().objects)).toBe(5);
    // The model is given the rates as they are, in events per second.
    expect(toSimInput(defaultSimParams()).churn).toMatchObject({ addsPerSecond: 10, modifiesPerSecond: 50, deletesPerSecond: 10 });
  });

  it('a new object count scales the rates, typed ones included: each object keeps its events a second', () => {
    const store = createShardScopeStore({ params: defaultSimParams() });
    store.getState().setScalar('objects', 100_000);
    expect(churnOf(store.getState().params)).toEqual([100, 500, 100]);
    store.getState().setScalar('modifiedPerSec', 250);
    store.getState().setScalar('objects', 1_000);
    expect(churnOf(store.getState().params)).toEqual([1, 2.5, 1]);
    // Other fields leave the churn alone.
    store.getState().setScalar('namespaces', 7);
    expect(churnOf(store.getState().params)).toEqual([1, 2.5, 1]);
    store.getState().dispose();
    // Within the fields' bounds.
    expect(withObjects({ ...defaultSimParams(), objects: 1, addedPerSec: 1_000_000 }, 1_000).addedPerSec).toBe(1_000_000);
  });

  it('a link written today leaves out a churn that follows its objects, and reads back the same', () => {
    const params = withObjects(defaultSimParams(), 100_000);
    const r = linkFor({ params, view: defaultViewParams() });
    expect(r.ok).toBe(true);
    const hash = r.ok ? r.hash : '';
    // Only the objects differ from the defaults: the churn is the default for 100,000 objects.
    expect(unpackShortPayload(hash.slice('#s='.length), 1000)).toEqual({ ok: true, raw: { p: { objects: 100_000 } }, version: 2 });
    expect(readLink(hash).state!.params).toEqual(params);
    expect(readLink(encodeLink({ params, view: defaultViewParams() })).state!.params).toEqual(params);
  });

  it('a link of either version and form keeps every rate it gives, exactly, at any object count; a rate it leaves out is the default for its objects', () => {
    for (const v of [1, 2]) {
      for (const make of [stateLink, shortLink]) {
        const given = readLink(make(v, { objects: 100_000, addedPerSec: 50, modifiedPerSec: 500, deletedPerSec: 0.5 }));
        expect(given.issues).toEqual([]);
        expect(churnOf(given.state!.params)).toEqual([50, 500, 0.5]);
        const some = readLink(make(v, { objects: 2_000, addedPerSec: 120 }));
        expect(churnOf(some.state!.params)).toEqual([120, defaultChurn(2_000).modifiedPerSec, defaultChurn(2_000).deletedPerSec]);
        expect(churnOf(readLink(make(v, { objects: 2_000 })).state!.params)).toEqual([2, 10, 2]);
        // A rate out of bounds is named, and takes the default for the objects.
        const bad = readLink(make(v, { objects: 2_000, addedPerSec: -1 }));
        expect(bad.issues).toEqual([{ field: 'addedPerSec', reason: 'invalid' }]);
        expect(bad.state!.params.addedPerSec).toBe(2);
      }
    }
  });
});
