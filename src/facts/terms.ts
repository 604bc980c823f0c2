/**
 * The subjects a sentence about Kubernetes can touch, each with how to spot it in English
 * text. A story step or an explanation that mentions one must cite a fact about it; a cited
 * fact must be about something the text mentions. Spotting is by words, so it errs towards
 * asking for a source: a sentence that names the watch cache or client-go states something
 * about it.
 */
export const TERMS = {
  gate: /\bgate\b|\bgated\b|ShardedListAndWatch/i,
  selector: /shardSelector|shardRange\(/,
  shardInfo: /shardInfo/,
  canonical: /canonical/i,
  http500: /HTTP 500|invalid shard selector/,
  bounds: /hex digits?|16-digit|17 digits|0x10000000000000000|2\^64/i,
  exprKind: /expression kind|identifier/i,
  fnv: /FNV-1a/,
  halfOpen: /\[start, end\)|includes its start|start is included/i,
  field: /object\.metadata\.(?:uid|namespace)|\bnamespace key\b/,
  clientGo: /client-go|\binformer/i,
  streamingList: /streaming list|sendInitialEvents|WatchListClient/i,
  listRequest: /\bLIST page|\blist page|limit=500|resourceVersion=0|LIST then WATCH|LIST, then WATCH/i,
  resume: /\bresum|re-watch/i,
  backoff: /backoff/i,
  gone: /\b410\b|\bGone\b|too old/,
  relist: /\brelist/i,
  bookmark: /BOOKMARK/i,
  watchCache: /watch cache/i,
  deadline: /deadline|timeoutSeconds|5 to 10 minutes/i,
  balancer: /\bL4\b|\bL7\b|balancer|HTTP\/2|GOAWAY/,
  restart: /servers? restarts?|restarts? (?:an? )?API server|\ba restart (?:ends|makes|drops)|freshly restarted/i,
  ksm: /kube-state-metrics/,
  jumpHash: /jump hash|jump consistent hash/i,
  remainingItemCount: /remainingItemCount/,
  etcd: /\betcd\b/,
  metrics: /apiserver_watch_/,
  conflict: /\b409\b|Conflict/,
  statefulSet: /StatefulSet/,
  serialisation: /serialis|encoded once/i,
  shardCheckCost: /one hash per event|hash per watcher|FNV-1a per watcher/i,
  sendPath: /\bTLS\b|write per watcher|written to (?:each|every) watcher/i,
  listScan: /scans the whole cache/i,
  apf: /API Priority and Fairness|\bAPF\b/,
  versionSkew: /older than v1\.36|aggregated API server|version skew/i,
  progressNotify: /progress notification/i,
  paging: /continue token|paginat/i,
  blogPost: /\bthe (?:v1\.36 )?blog post/i,
  loadTest: /ClusterLoader2|scalability (?:load )?test/i,
} as const satisfies Record<string, RegExp>;

export type Term = keyof typeof TERMS;

/** The terms an English text mentions, in table order. */
export function termsIn(text: string): Term[] {
  return (Object.keys(TERMS) as Term[]).filter((k) => TERMS[k].test(text));
}
