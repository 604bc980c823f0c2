/**
 * Every statement ShardScope makes about Kubernetes, kube-apiserver, client-go or
 * kube-state-metrics, with where it was read. Read in the sources themselves (kubernetes
 * v1.36.3, i.e. apiserver, client-go and apimachinery v0.36.3; kube-state-metrics at the tags
 * named), never taken from a document; the blog post is the one fact about what the project
 * itself says, read in kubernetes/website. `docs/facts.md` is generated from this table
 * (`npm run facts`), and the stories and the `(?)` explanations cite it by id.
 */
import type { Fact, Source } from './types';

const V = 'v1.36.3';
const apiserver = (path: string, symbol: string): Source => ({ repo: 'apiserver', path, release: V, symbol });
const clientGo = (path: string, symbol: string): Source => ({ repo: 'client-go', path, release: V, symbol });
const apimachinery = (path: string, symbol: string): Source => ({ repo: 'apimachinery', path, release: V, symbol });
const ksm = (release: string, path: string, symbol: string): Source => ({ repo: 'kube-state-metrics', path, release, symbol });
/** apimachinery or client-go at a kubernetes release other than v1.36.3 (v1.35.7 is their v0.35.7). */
const apimachineryAt = (release: string, path: string, symbol: string): Source => ({ repo: 'apimachinery', path, release, symbol });
const clientGoAt = (release: string, path: string, symbol: string): Source => ({ repo: 'client-go', path, release, symbol });

export const FACTS = {
  // --- The API server: the gate, the selector, the parser -------------------------------
  'gate-alpha': {
    statement: 'ShardedListAndWatch is a kube-apiserver feature gate, alpha in v1.36 and off by default.',
    sources: [apiserver('pkg/features/kube_features.go', 'ShardedListAndWatch (defaultVersionedKubernetesFeatureGates)')],
    about: ['gate'],
  },
  'gate-off-ignores': {
    statement:
      'With the gate off, the API server never parses shardSelector: it answers with the whole collection, no shardInfo and no error, even for a malformed selector.',
    sources: [apiserver('pkg/registry/generic/registry/store.go', 'Store.ListPredicate, Store.Watch')],
    about: ['gate', 'selector', 'shardInfo', 'http500'],
  },
  'selector-param': {
    statement:
      'A replica asks for its share with the shardSelector parameter of its LIST and WATCH: shardRange(field, start, end) terms joined by ||; an object matches when any range holds its hash.',
    sources: [
      apimachinery('pkg/apis/meta/v1/types.go', 'ListOptions.ShardSelector'),
      apimachinery('pkg/sharding/selector.go', 'shardSelector.Matches'),
    ],
    about: ['selector'],
  },
  'half-open': {
    statement: 'A range matches a hash h when start <= h < end: the start is included, the end is not.',
    sources: [apimachinery('pkg/sharding/selector.go', 'shardSelector.Matches'), apimachinery('pkg/sharding/types.go', 'ShardRangeRequirement')],
    about: ['halfOpen', 'selector'],
  },
  fields: {
    statement: 'Only object.metadata.uid and object.metadata.namespace can be hashed; cluster-scoped objects have the namespace "".',
    sources: [apimachinery('pkg/sharding/accessor.go', 'ResolveFieldValue')],
    about: ['field'],
  },
  fnv: {
    statement: 'The hash is 64-bit FNV-1a (Go hash/fnv New64a) of the field’s bytes, written as 16 lowercase hex digits.',
    sources: [apimachinery('pkg/sharding/hash.go', 'HashField')],
    about: ['fnv', 'bounds'],
  },
  'parser-bounds': {
    statement:
      'The parser wants each bound as a quoted 0x and 16 lowercase hex digits; the only 17-digit bound is 0x10000000000000000 (2^64), and start must be less than end. A short bound is refused with the padded form as a hint.',
    sources: [apiserver('pkg/sharding/parser.go', 'extractHexLiteral, parseShardRangeCall')],
    about: ['bounds', 'selector'],
  },
  'parser-cel': {
    statement:
      'shardSelector is parsed, never evaluated, by the cel-go parser with no macros; the syntax tree may hold only shardRange() calls joined by ||, and a text the parser refuses fails with "CEL parse error: " and its first error.',
    sources: [apiserver('pkg/sharding/parser.go', 'Parse, walkExpr')],
    about: ['selector'],
  },
  'parser-call': {
    statement:
      'shardRange() takes exactly three arguments: a field path, object.metadata.uid or object.metadata.namespace, then the start and the end as string literals; every range of one selector must use the same field.',
    sources: [apiserver('pkg/sharding/parser.go', 'Parse, parseShardRangeCall, extractFieldPath')],
    about: ['selector', 'field'],
  },
  'parser-kind': {
    statement: 'A bound that is not a string literal is refused by its CEL expression kind: an unquoted word is an identifier, expression kind 3.',
    sources: [apiserver('pkg/sharding/parser.go', 'extractHexLiteral')],
    about: ['exprKind'],
  },
  http500: {
    statement:
      'With the gate on, a selector the parser refuses fails the LIST or WATCH with HTTP 500, message "invalid shard selector: …", a plain error: the Status has no reason and no details.',
    sources: [
      apiserver('pkg/registry/generic/registry/store.go', 'Store.ListPredicate, Store.Watch'),
      apiserver('pkg/endpoints/handlers/responsewriters/status.go', 'ErrorToAPIStatus'),
    ],
    about: ['http500', 'gate'],
  },
  'shardinfo-list': {
    statement:
      'Only a LIST sets metadata.shardInfo: the canonical text of the selector it applied. Watch events carry none, and a streaming list ends with a bookmark that carries none either.',
    sources: [
      apiserver('pkg/storage/cacher/cacher.go', 'Cacher.GetList (SetShardInfoOnList), Cacher.setInitialEventsEndBookmarkIfRequested'),
      apimachinery('pkg/apis/meta/v1/types.go', 'ListMeta.ShardInfo'),
    ],
    about: ['shardInfo', 'listRequest', 'streamingList'],
    inference: true,
  },
  canonical: {
    statement: 'The canonical text is the selector’s String(): each range as shardRange(key, \'start\', \'end\'), joined with " || ".',
    sources: [apimachinery('pkg/sharding/selector.go', 'shardSelector.String')],
    about: ['canonical', 'shardInfo'],
  },
  // --- The API server: watch dispatch, its cost, its metrics -----------------------------
  'filter-per-watcher': {
    statement:
      'Each sharded watcher checks every event itself: one FNV-1a per watcher per event, on the new and on the previous object (twice for a MODIFIED), with nothing cached and no index by hash. Bookmarks are not checked.',
    sources: [
      apiserver('pkg/storage/cacher/cacher.go', 'filterWithAttrsAndPrefixFunction, Cacher.startDispatching'),
      apiserver('pkg/storage/cacher/cache_watcher.go', 'cacheWatcher.convertToWatchEvent'),
    ],
    about: ['shardCheckCost', 'fnv', 'bookmark'],
  },
  'serialise-once': {
    statement:
      'A watch event is serialised once for all the watchers it reaches with the same encoding and event type, envelope included (a cachingObject per dispatch); BOOKMARKs, initial and replayed events are encoded per watcher.',
    sources: [
      apiserver('pkg/storage/cacher/cacher.go', 'Cacher.dispatchEvent, setCachingObjects'),
      apiserver('pkg/storage/cacher/caching_object.go', 'cachingObject.CacheEncode'),
      apiserver('pkg/endpoints/handlers/response.go', 'watchEncoder.Encode, watchEncoder.identifier'),
      apiserver('pkg/storage/cacher/cache_watcher.go', 'cacheWatcher.convertToWatchEvent (a BOOKMARK is a deep copy)'),
    ],
    about: ['serialisation'],
    inference: true,
  },
  'write-per-watcher': {
    statement:
      'Each watcher writes every event it receives into its own HTTP/2 stream, over its client’s TLS connection, and flushes whenever no further event is queued: the write, its framing and its encryption are paid per watcher, per byte.',
    sources: [apiserver('pkg/endpoints/handlers/watch.go', 'WatchServer.HandleHTTP'), apiserver('pkg/endpoints/handlers/response.go', 'watchEncoder.doEncode')],
    about: ['sendPath'],
  },
  'list-scan': {
    statement:
      'A LIST from the watch cache takes every stored object of the resource (from the continue key on) and hashes them in turn until its page is full: without a limit, or with resourceVersion=0, which ignores it, that is every stored object, whatever the size of the shard.',
    sources: [apiserver('pkg/storage/cacher/cacher.go', 'Cacher.GetList, computeListLimit'), apiserver('pkg/storage/cacher/watch_cache.go', 'watchCache.waitUntilFreshAndList, watchCache.listLatestRV')],
    about: ['listScan', 'watchCache'],
  },
  'rv0-one-page': {
    statement: 'A LIST with resourceVersion=0 is answered by the watch cache in one page: it ignores limit.',
    sources: [apiserver('pkg/storage/cacher/cacher.go', 'computeListLimit')],
    about: ['listRequest', 'watchCache'],
  },
  'watch-initial-state': {
    statement:
      'A WATCH with no resourceVersion (or resourceVersion=0) and no sendInitialEvents is not “from now on”: the watch cache first sends a synthetic ADDED for every object in range, as it is now, then the changes.',
    sources: [apiserver('pkg/storage/cacher/watch_cache.go', 'watchCache.getAllEventsSinceLocked, watchCache.getIntervalFromStoreLocked'), apiserver('pkg/storage/cacher/cacher.go', 'Cacher.Watch')],
    about: ['watchCache'],
  },
  metrics: {
    statement:
      'apiserver_watch_shards_total (a gauge, despite its name) counts open sharded watches; apiserver_watch_filtered_events_total counts every check that fails, initial events of a streaming list included, twice for a MODIFIED. Both are ALPHA, labelled group and resource, and counted for watches served from the watch cache. With the gate off neither is registered, so /metrics never shows them; with it on, a labelled series appears once it is first used.',
    sources: [
      apiserver('pkg/storage/cacher/metrics/metrics.go', 'Register, RecordWatchFilteredEvent, RecordShardedWatchStarted'),
      apiserver('pkg/storage/cacher/cacher.go', 'filterWithAttrsAndPrefixFunction, Cacher.Watch'),
      apiserver('pkg/storage/cacher/cache_watcher.go', 'cacheWatcher.processInterval'),
    ],
    about: ['metrics', 'streamingList', 'gate', 'watchCache'],
  },
  'empty-predicate': {
    statement:
      'In v1.36.0 to v1.36.3 SelectionPredicate.Empty() ignores the shard selector: a sharded LIST page that has more to come carries remainingItemCount as an unfiltered list would (the stored objects from the page’s start, less the limit), and a watch served from etcd (watch cache off) with only a shard selector is not filtered. v1.37.0-beta.0 makes Empty() see the selector, so sharded pages carry no remainingItemCount.',
    sources: [
      apiserver('pkg/storage/selection_predicate.go', 'SelectionPredicate.Empty'),
      apiserver('pkg/storage/continue.go', 'PrepareContinueToken'),
      apiserver('pkg/storage/etcd3/watcher.go', 'watchChan.filter, watchChan.acceptAll'),
      { repo: 'apiserver', path: 'pkg/storage/selection_predicate.go', release: 'v1.37.0-beta.0', symbol: 'SelectionPredicate.Empty' },
    ],
    about: ['remainingItemCount', 'etcd', 'watchCache'],
  },
  // --- The API server: watch cache, bookmarks, deadlines, routing ------------------------
  'watch-cache-window': {
    statement:
      'The watch cache holds at least 100 events and at most 102,400. It doubles when it is full and its oldest event is younger than 75 s, and halves when its newest quarter spans more than 75 s: it keeps at least 75 s of history unless it is at 102,400 events, and 75 to 150 s at a steady rate. A watch from an older resourceVersion gets 410 Gone ("too old resource version"), sent as an ERROR event on a 200 stream. A freshly started cache begins at its first LIST’s resourceVersion.',
    sources: [
      apiserver('pkg/storage/cacher/watch_cache.go', 'defaultLowerBoundCapacity, defaultUpperBoundCapacity, watchCache.resizeCacheLocked, watchCache.getAllEventsSinceLocked'),
      apiserver('pkg/storage/cacher/cacher.go', 'DefaultEventFreshDuration, Cacher.Watch'),
    ],
    about: ['watchCache', 'gone', 'restart'],
  },
  bookmarks: {
    statement:
      'A watch that asks for BOOKMARKs gets its own, on its own schedule: about a minute after the last one, and 2 s before its deadline. Each carries the last resourceVersion the watch cache processed, and is sent only once that is past the watch’s start.',
    sources: [
      apiserver('pkg/storage/cacher/cache_watcher.go', 'cacheWatcher.nextBookmarkTime, cacheWatcher.process'),
      apiserver('pkg/storage/cacher/cacher.go', 'defaultBookmarkFrequency, Cacher.dispatchEvents'),
    ],
    about: ['bookmark', 'deadline'],
  },
  'server-watch-timeout': {
    statement: 'A WATCH without timeoutSeconds ends after a random time in [1800, 3600) s (--min-request-timeout 1800); with it, after exactly that.',
    sources: [apiserver('pkg/endpoints/handlers/get.go', 'handleWatch'), apiserver('pkg/server/config.go', 'NewConfig (MinRequestTimeout)')],
    about: ['deadline'],
  },
  goaway: {
    statement:
      'kube-apiserver --goaway-chance (0 to 0.02) answers a random HTTP/2 request with Connection: close, a graceful GOAWAY: the client’s other requests in flight, a watch included, are not affected, and its next request opens a new connection, possibly to another server.',
    sources: [apiserver('pkg/server/filters/goaway.go', 'WithProbabilisticGoaway'), apiserver('pkg/server/options/server_run_options.go', 'ServerRunOptions.AddUniversalFlags')],
    about: ['balancer'],
  },
  'etcd-compaction': {
    statement: 'The API server compacts etcd every 5 minutes by default (--etcd-compaction-interval).',
    sources: [apiserver('pkg/storage/storagebackend/config.go', 'DefaultCompactInterval')],
    about: ['etcd'],
  },
  'progress-notify': {
    statement:
      'The watch cache’s own etcd watch asks for progress notifications. Each one moves the cache’s resourceVersion, and so the next BOOKMARK’s, without any event: on a quiet resource they are what moves bookmarks on. The API server also asks etcd for one while a read waits for a fresher resourceVersion.',
    sources: [
      apiserver('pkg/storage/cacher/lister_watcher.go', 'listerWatcher.Watch (ProgressNotify)'),
      apiserver('pkg/storage/etcd3/watcher.go', 'watchChan.startWatching (IsProgressNotify), watchChan.transform'),
      apiserver('pkg/storage/cacher/watch_cache.go', 'watchCache.UpdateResourceVersion'),
      apiserver('pkg/storage/cacher/cacher.go', 'Cacher.dispatchEvents'),
      apiserver('pkg/storage/cacher/progress/watch_progress.go', 'ConditionalProgressRequester'),
    ],
    about: ['progressNotify', 'bookmark', 'etcd'],
    inference: true,
  },
  'apf-list-cost': {
    statement:
      'API Priority and Fairness charges a LIST, or a WATCH that sends initial events, by the resource’s stored object count and average size, its limit and whether the watch cache serves it; it never reads shardSelector, so a sharded LIST is charged as if it were unfiltered. With SizeBasedListCostEstimate (beta, on by default) that is a seat per 100 kB it would load, at most 1 MB when the watch cache serves it, between 1 and 100 seats.',
    sources: [
      apiserver('pkg/util/flowcontrol/request/list_work_estimator.go', 'listWorkEstimator.estimate, seatsBasedOnObjectSize, seatsBasedOnObjectCount'),
      apiserver('pkg/util/flowcontrol/request/config.go', 'DefaultWorkEstimatorConfig'),
      apiserver('pkg/features/kube_features.go', 'SizeBasedListCostEstimate'),
    ],
    about: ['apf'],
  },
  'version-skew': {
    statement:
      'A server decodes the query parameters of a LIST or WATCH into its own ListOptions and silently drops the ones it does not know. A server older than v1.36, whose ListOptions has no shardSelector, or an aggregated API server built on such a library, ignores the selector just as a gate-off v1.36 server does: the whole collection, no shardInfo, no error.',
    sources: [
      apimachinery('pkg/runtime/codec.go', 'parameterCodec.DecodeParameters'),
      apimachinery('pkg/apis/meta/v1/zz_generated.conversion.go', 'autoConvert_url_Values_To_v1_ListOptions'),
      apimachineryAt('v1.35.7', 'pkg/apis/meta/v1/zz_generated.conversion.go', 'autoConvert_url_Values_To_v1_ListOptions (no shardSelector)'),
    ],
    about: ['versionSkew', 'selector', 'shardInfo'],
    inference: true,
  },
  conflict: {
    statement: 'An update whose resourceVersion is no longer the stored one fails with 409 Conflict.',
    sources: [apiserver('pkg/registry/generic/registry/store.go', 'Store.Update'), apiserver('pkg/storage/errors/storage.go', 'InterpretUpdateError')],
    about: ['conflict'],
  },
  // --- client-go ------------------------------------------------------------------------
  'client-go-no-check': {
    statement:
      'client-go reads neither shardSelector nor shardInfo: WithTweakListOptions passes the selector on every request, and the informer caches whatever arrives.',
    sources: [clientGo('informers/factory.go', 'WithTweakListOptions'), clientGo('tools/cache/reflector.go', 'Reflector.list, Reflector.watch, handleAnyWatch')],
    about: ['clientGo', 'shardInfo', 'selector'],
  },
  'watch-list-default': {
    statement:
      'client-go syncs by streaming list (WatchListClient: beta since v1.30, on by default since v1.35): one WATCH with sendInitialEvents=true and resourceVersionMatch=NotOlderThan, no list page; it falls back to LIST then WATCH when the server refuses.',
    sources: [clientGo('features/known_features.go', 'WatchListClient'), clientGo('tools/cache/reflector.go', 'Reflector.watchList, Reflector.ListAndWatchWithContext')],
    about: ['streamingList', 'clientGo', 'listRequest'],
  },
  'reflector-requests': {
    statement:
      'The reflector’s first LIST is limit=500&resourceVersion=0; its WATCH sends allowWatchBookmarks=true, its resourceVersion and timeoutSeconds uniform in [300, 600) s, so a watch ends after 5 to 10 minutes.',
    sources: [clientGo('tools/cache/reflector.go', 'Reflector.list, Reflector.watch'), clientGo('tools/pager/pager.go', 'defaultPageSize')],
    about: ['listRequest', 'deadline', 'bookmark', 'clientGo'],
  },
  rewatch: {
    statement:
      'When a watch ends (its timeout, the server closing it as it shuts down for a restart, a reset connection), the reflector watches again from its last resourceVersion, with no LIST. A refused connection or a 429 on that new watch means backoff, then another watch; only 410 Gone, a too-large resourceVersion or another error ends in a relist.',
    sources: [
      clientGo('tools/cache/reflector.go', 'Reflector.watch, handleAnyWatch, isWatchErrorRetriable'),
      apimachinery('pkg/watch/streamwatcher.go', 'StreamWatcher.receive'),
      apimachinery('pkg/util/net/http.go', 'IsProbableEOF'),
    ],
    about: ['resume', 'restart', 'relist', 'clientGo'],
  },
  backoff: {
    statement:
      'The reflector backs off (800 ms doubling to 30 s, jitter 1, reset after 2 min) before every relist, and before a new watch when the last watch request was refused or got 429.',
    sources: [clientGo('tools/cache/reflector.go', 'NewReflectorWithOptions, Reflector.RunWithContext, Reflector.watch, isWatchErrorRetriable')],
    about: ['backoff', 'resume', 'relist'],
  },
  'informer-start': {
    statement: 'A starting informer lists (or streams) its whole share into an empty cache, and reports synced only once that is done.',
    sources: [clientGo('tools/cache/reflector.go', 'Reflector.ListAndWatchWithContext'), clientGo('tools/cache/shared_informer.go', 'sharedIndexInformer.HasSynced')],
    about: ['clientGo', 'relist', 'streamingList'],
  },
  'relist-on-gone': {
    statement: 'A 410 Gone (too old resourceVersion) ends the watch and the reflector lists again.',
    sources: [clientGo('tools/cache/reflector.go', 'Reflector.watch (isExpiredError)')],
    about: ['gone', 'relist', 'clientGo'],
  },
  'bookmark-moves-rv': {
    statement: 'A BOOKMARK moves the reflector’s resourceVersion on, so the next watch resumes from it.',
    sources: [clientGo('tools/cache/reflector.go', 'handleAnyWatch')],
    about: ['bookmark', 'resume', 'clientGo'],
  },
  'http2-connection': {
    statement:
      'client-go shares one HTTP/2 connection per host and TLS config: behind an L4 balancer its requests reach the server that connection landed on, until it closes (GOAWAY, a restart).',
    sources: [clientGo('transport/cache.go', 'tlsTransportCache.get'), apimachinery('pkg/util/net/http.go', 'SetTransportDefaults')],
    about: ['balancer'],
    inference: true,
  },
  // --- kube-state-metrics ---------------------------------------------------------------
  'ksm-client-side': {
    statement:
      'kube-state-metrics shards on the client: FNV-1a 64 of the uid, then jump hash over --total-shards, filtered inside its ListWatch. It sends no shardSelector.',
    sources: [ksm('v2.20.0', 'pkg/sharding/listwatch.go', 'sharding.keep, shardedListWatch.List')],
    about: ['ksm', 'jumpHash', 'fnv'],
  },
  'ksm-bookmarks': {
    statement:
      'Up to v2.19.0 its watch filter also filtered BOOKMARKs; their empty uid hashes to one shard, so every other shard dropped them. v2.19.1 lets them through, and v2.20.0’s own watch passes them.',
    sources: [ksm('v2.18.0', 'pkg/sharding/listwatch.go', 'shardedListWatch.Watch (watch.Filter)'), ksm('v2.20.0', 'pkg/sharding/listwatch.go', 'shardedListWatch.filterWatchEvent')],
    about: ['ksm', 'bookmark'],
  },
  'ksm-218-list': {
    statement:
      'kube-state-metrics v2.18.0 is built on client-go v0.34.3, where WatchListClient is off by default: its informers list, then watch.',
    sources: [ksm('v2.18.0', 'go.mod', 'k8s.io/client-go v0.34.3 (require)'), clientGoAt('v1.34.3', 'features/known_features.go', 'defaultKubernetesFeatureGates (WatchListClient)')],
    about: ['ksm', 'streamingList', 'listRequest', 'clientGo'],
  },
  'ksm-continue': {
    statement:
      'Before v2.20.0 kube-state-metrics’ sharded List returned its kept items with only the resourceVersion, dropping the continue token: a relist the server answers in pages (the reflector asks for pages of 500 when it lists with resourceVersion="" after a 410, or when the watch cache is off) ended after its first page. v2.20.0 keeps the continue token and remainingItemCount.',
    sources: [
      ksm('v2.19.1', 'pkg/sharding/listwatch.go', 'shardedListWatch.List'),
      ksm('v2.20.0', 'pkg/sharding/listwatch.go', 'shardedListWatch.List'),
      clientGo('tools/cache/reflector.go', 'Reflector.list, Reflector.relistResourceVersion'),
    ],
    about: ['ksm', 'paging'],
    inference: true,
  },
  'ksm-series': {
    statement: 'Each kube-state-metrics shard exports the metrics of the objects in its own stores, so an object two shards hold is exported twice.',
    sources: [ksm('v2.20.0', 'internal/store/builder.go', 'Builder.startReflector')],
    about: ['ksm'],
    inference: true,
  },
  'ksm-no-handoff': {
    statement:
      'kube-state-metrics takes its shard either from --shard and --total-shards, fixed until its pod restarts with new flags, or, with --pod and --pod-namespace, from its StatefulSet’s replicas and its pod’s ordinal: on a change it cancels its stores and builds new ones in the same process, which list again. Either way the old shard goes before the new one has synced: there is no hand-off.',
    sources: [
      ksm('v2.20.0', 'pkg/options/options.go', 'Options.AddFlags'),
      ksm('v2.20.0', 'pkg/metricshandler/metrics_handler.go', 'MetricsHandler.Run, MetricsHandler.ConfigureSharding, MetricsHandler.BuildWriters'),
    ],
    about: ['ksm', 'statefulSet'],
    inference: true,
  },
  // --- the StatefulSet API ----------------------------------------------------------------
  'statefulset-rolling': {
    statement:
      'A StatefulSet’s default update strategy is RollingUpdate, which updates the Pods from ordinal replicas-1 to its partition (0 by default), by default one at a time: maxUnavailable defaults to 1 (a beta field, on by default), and under the default OrderedReady policy the controller waits for each Pod to be ready before it goes on.',
    // The API as kubernetes v1.36.3 documents it, in the copy client-go v0.36.3 carries (tag
    // kubernetes-1.36.3). The controller that acts on it (pkg/controller/statefulset in the
    // kubernetes tree) is not cited: it was read at a main commit only, not at this release.
    sources: [
      clientGo('applyconfigurations/apps/v1/statefulsetupdatestrategy.go', 'StatefulSetUpdateStrategyApplyConfiguration.Type'),
      clientGo('applyconfigurations/apps/v1/rollingupdatestatefulsetstrategy.go', 'RollingUpdateStatefulSetStrategyApplyConfiguration (Partition, MaxUnavailable)'),
      clientGo('applyconfigurations/apps/v1/statefulsetspec.go', 'StatefulSetSpecApplyConfiguration.PodManagementPolicy'),
    ],
    about: ['statefulSet'],
  },
  // --- kubernetes/perf-tests: the scalability tests -----------------------------------------
  'cl2-load': {
    statement:
      'Kubernetes’ scalability load test (ClusterLoader2’s load config, for clusters of 100 nodes or more) runs 30 pods per node, creates them at 10 pods a second, deletes them at the same rate, and changes 10 pods a second while it scales its workloads, whatever the number of nodes.',
    sources: [
      {
        repo: 'perf-tests',
        path: 'clusterloader2/testing/load/config.yaml',
        release: 'commit 4b341544 (master)',
        symbol: 'PODS_PER_NODE, CL2_LOAD_TEST_THROUGHPUT, CL2_DELETE_TEST_THROUGHPUT, tuning sets RandomizedSaturationTimeLimited, RandomizedScalingTimeLimited, RandomizedDeletionTimeLimited',
      },
    ],
    about: ['loadTest'],
  },
  // --- kubernetes/website -----------------------------------------------------------------
  'blog-post': {
    statement:
      'The Kubernetes v1.36 blog post “Server-Side Sharded List and Watch” shows an informer factory whose WithTweakListOptions sets ShardSelector, and advises a client that finds no shardInfo on a list response to expect the whole collection and filter on its side.',
    sources: [{ repo: 'website', path: 'content/en/blog/_posts/2026/server-side-sharded-list-and-watch.md', release: 'commit 429853b3 (main)', symbol: 'sections “Using sharded watches in controllers”, “Verifying server support”' }],
    about: ['blogPost', 'shardInfo'],
  },
} as const satisfies Record<string, Fact>;

export type FactId = keyof typeof FACTS;
