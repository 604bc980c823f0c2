/**
 * The facts each `(?)` explanation states, from `src/facts`: the popover
 * shows their sources, and a test checks that every subject the English text mentions is
 * covered.
 */
import type { FactId } from '../../facts';
import type { ExplainTopic } from './topics';

export const EXPLAIN_SOURCES: Readonly<Record<ExplainTopic, readonly FactId[]>> = {
  fnv: ['fnv'],
  hashSpace: ['fnv'],
  range: ['half-open'],
  shardInfo: ['shardinfo-list', 'canonical', 'gate-off-ignores', 'client-go-no-check', 'watch-list-default', 'version-skew'],
  gate: ['gate-alpha', 'gate-off-ignores', 'version-skew'],
  modes: ['selector-param'],
  fallback: ['gate-off-ignores', 'client-go-no-check'],
  trust: ['client-go-no-check', 'gate-off-ignores', 'rewatch'],
  jump: ['ksm-client-side'],
  mod: [],
  equal: ['fnv'],
  key: ['fields'],
  kind3: ['parser-kind'],
  http500: ['http500'],
  decode: [],
  memory: ['client-go-no-check'],
  audit: [],
  settling: [],
  serverCost: ['filter-per-watcher', 'serialise-once', 'write-per-watcher', 'list-scan', 'rv0-one-page', 'apf-list-cost'],
  watchCache: ['watch-cache-window', 'bookmarks', 'bookmark-moves-rv', 'relist-on-gone', 'empty-predicate', 'progress-notify'],
  resume: ['rewatch', 'backoff', 'relist-on-gone', 'reflector-requests', 'goaway'],
  cel: ['parser-cel'],
  // The model's own measure, the page's own checkpoints and the model's own churn: no Kubernetes fact.
  objectSeconds: [],
  hatched: [],
  burstBand: [],
  metrics: ['metrics'],
};
