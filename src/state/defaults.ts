/**
 * The initial parameters: a cluster small enough to start instantly on any laptop, four
 * replicas on an equal split, one API server with the gate on.
 */
import { equalSplitSelectors } from './selectors';
import { SHARD_KEY_UID, type SimParams, type ViewParams } from './params';
import { defaultChurn } from './churn';

/** Simulated seconds per step: one time-series sample each, and one "Step" click. */
export const STEP_SECONDS = 0.25;

/** Samples kept per time series: two simulated minutes at two samples per second. */
export const SERIES_CAPACITY = 240;

/** The parameters a fresh page starts with. */
export function defaultSimParams(): SimParams {
  return {
    seed: 42,
    objects: 10_000,
    namespaces: 40,
    namespaceSkew: 1.1,
    objectBytes: 4_500,
    encoding: 'json',
    // 10, 50 and 10 a second: the model's default rates per 1,000 objects, at 10,000 objects.
    ...defaultChurn(10_000),
    // kube-apiserver's watch cache: a BOOKMARK per watcher every minute (defaultBookmarkFrequency, a constant).
    bookmarkEverySec: 60,
    replicas: 4,
    shardKey: SHARD_KEY_UID,
    apiServers: [{ gate: true }],
    clientMode: 'ranges',
    client: 'client-go',
    clientCache: 'owned',
    selectors: equalSplitSelectors(4, SHARD_KEY_UID),
    schedule: [],
  };
}

/** The view a fresh page starts with. The theme follows the system unless chosen. */
export function defaultViewParams(prefersDark = false): ViewParams {
  return { view: 'strip', dotOwners: 'server', theme: prefersDark ? 'dark' : 'light', speed: 1, locale: 'en', presentation: false };
}
