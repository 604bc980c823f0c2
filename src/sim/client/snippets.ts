/**
 * The code to take away, for the current replica layout: client-go as
 * shipped and as it should be, a Go helper for the equal split, the StatefulSet that tells
 * each pod its ordinal, the `kubectl get --raw` requests the cards show, the API server flag
 * and PromQL over the two sharding metrics. Only what exists in v1.36: the
 * `ListOptions.ShardSelector` field, the `shardSelector` query parameter and apimachinery's
 * `pkg/sharding`. No kubectl flag or client API is invented.
 */
import type { ShardKey, ShardRangeRequirement } from '../../core/sharding';
import { parseForRequest, requestInfo, watchParams } from '../apiserver';
import { checkedListWatchSnippet, informerSnippet, splitHelperSnippet } from './snippetsGo';

/** The snippets, in the order the page shows them. */
export const SNIPPET_NAMES = ['informer', 'listwatch', 'split', 'statefulset', 'kubectl', 'flag', 'promql'] as const;
export type SnippetName = (typeof SNIPPET_NAMES)[number];

/** One snippet: its language (for the page's label) and its text. */
export interface Snippet {
  readonly name: SnippetName;
  readonly language: 'go' | 'yaml' | 'shell' | 'promql';
  readonly code: string;
}

/** The layout the snippets are generated for. */
export interface SnippetLayout {
  readonly key: ShardKey;
  /** Each replica's selector text. */
  readonly selectors: readonly string[];
  /** The replica whose requests the kubectl snippet shows. */
  readonly replica: number;
}

/** Why no snippet can be generated: a replica's selector that the API server would not take. */
export interface SnippetRefusal {
  readonly replica: number;
  /** `invalid shard selector: …` as the API server says it, or null: the replica sends no selector. */
  readonly message: string | null;
}

/** The snippets, or the first replica whose selector stands in the way. */
export type SnippetResult = { readonly ok: true; readonly snippets: readonly Snippet[] } | { readonly ok: false; readonly refusal: SnippetRefusal };

/** The StatefulSet's name in the YAML (and its pods' prefix). */
export const SNIPPET_APP = 'my-controller';

/**
 * The snippets for `layout`. A replica whose selector is empty or rejected would make code
 * that silently owns everything or fails at start-up, so nothing is generated then.
 */
export function generateSnippets(layout: SnippetLayout): SnippetResult {
  const ranges: ShardRangeRequirement[][] = [];
  const canonical: string[] = [];
  for (let i = 0; i < layout.selectors.length; i++) {
    const a = parseForRequest(layout.selectors[i]!);
    if (!a.ok) return { ok: false, refusal: { replica: i, message: a.message } };
    if (a.selector === null || a.selector.empty()) return { ok: false, refusal: { replica: i, message: null } };
    ranges.push(a.selector.requirements.map((r) => ({ ...r })));
    canonical.push(a.selector.toString());
  }
  const n = canonical.length;
  const key = ranges[0]?.[0]?.key ?? layout.key;
  const replica = Math.min(Math.max(0, Math.floor(layout.replica)), n - 1);
  return {
    ok: true,
    snippets: [
      { name: 'informer', language: 'go', code: informerSnippet(canonical, key) },
      { name: 'listwatch', language: 'go', code: checkedListWatchSnippet(ranges) },
      { name: 'split', language: 'go', code: splitHelperSnippet(n, key) },
      { name: 'statefulset', language: 'yaml', code: statefulSetSnippet(n) },
      { name: 'kubectl', language: 'shell', code: kubectlSnippet(canonical[replica]!, replica, n) },
      { name: 'flag', language: 'shell', code: flagSnippet() },
      { name: 'promql', language: 'promql', code: promqlSnippet() },
    ],
  };
}

/**
 * A StatefulSet whose pods learn their ordinal from the `apps.kubernetes.io/pod-index` label
 * (k8s.io/api apps/v1 `PodIndexLabel`) through the downward API, and the replica count.
 */
export function statefulSetSnippet(n: number): string {
  return `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: ${SNIPPET_APP}
spec:
  replicas: ${n}
  serviceName: ${SNIPPET_APP}
  selector:
    matchLabels:
      app: ${SNIPPET_APP}
  template:
    metadata:
      labels:
        app: ${SNIPPET_APP}
    spec:
      containers:
        - name: controller
          image: registry.example.com/${SNIPPET_APP}:latest
          env:
            # The pod's ordinal, 0 to ${n - 1}: the StatefulSet controller sets this label.
            - name: SHARD_INDEX
              valueFrom:
                fieldRef:
                  fieldPath: metadata.labels['apps.kubernetes.io/pod-index']
            # Keep equal to spec.replicas: the selectors are generated for ${n} replicas.
            - name: SHARD_TOTAL
              value: "${n}"
`;
}

/**
 * `kubectl get --raw` for one replica: the LIST its card shows (the informer's first LIST, which
 * the watch cache answers in one page: it ignores the limit at resourceVersion=0), then a WATCH
 * and a streaming list with the same query parameters the cards show, less the run's own
 * resourceVersion and timeouts, which mean nothing in another cluster. Without a
 * resourceVersion the WATCH starts with an ADDED for every object of the shard.
 */
export function kubectlSnippet(selector: string, replica: number, n: number): string {
  const list = requestInfo('LIST', 0, selector, { limit: '500', resourceVersion: '0' }).url;
  const watch = requestInfo('WATCH', 0, selector, watchParams('', null, false)).url;
  const stream = requestInfo('WATCH', 0, selector, watchParams('', null, true)).url;
  return `# replica ${replica} of ${n}: ${selector}
# LIST, as an informer's first one: resourceVersion=0 is served from the watch cache, which
# ignores limit, so this is one page with every pod of the shard; with the gate on,
# metadata.shardInfo echoes the selector
kubectl get --raw '${list}'
# WATCH with no resourceVersion: first an ADDED for every pod of the shard as it is now, then the
# changes (add &resourceVersion=<the LIST's> for only the changes since the LIST)
kubectl get --raw '${watch}'
# streaming list: the shard's pods as ADDED events, a BOOKMARK, then changes (no shardInfo)
kubectl get --raw '${stream}'
`;
}

/** The API server flag (alpha in v1.36, off by default): on every kube-apiserver. */
export function flagSnippet(): string {
  return `# every kube-apiserver of the cluster (alpha in v1.36, off by default)
kube-apiserver --feature-gates=ShardedListAndWatch=true
`;
}

/**
 * PromQL over the two ALPHA metrics of apiserver v0.36.3 (pkg/storage/cacher/metrics), whose
 * only labels are `group` and `resource`, counted for watches served from the watch cache.
 */
export function promqlSnippet(): string {
  return `# sharded watches open now, per resource (gauge)
sum by (group, resource) (apiserver_watch_shards_total)
# pod events kept from sharded watchers by their shard selector, per second
# (one per watcher per failed check: up to 2 for a MODIFIED)
sum(rate(apiserver_watch_filtered_events_total{group="", resource="pods"}[5m]))
`;
}
