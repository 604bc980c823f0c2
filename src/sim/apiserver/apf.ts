/**
 * API Priority and Fairness' work estimate of a LIST (or of a WATCH that sends initial
 * events), as kube-apiserver v1.36 computes it with SizeBasedListCostEstimate (beta, on by
 * default): seats from the collection's stored object count and average object size, its
 * `limit`, and whether the watch cache serves it. It never reads `shardSelector`: a sharded
 * LIST is charged for the whole collection, whatever its shard holds.
 */

/** The estimator's constants (list_work_estimator.go, config.go). */
export const APF_LIST = {
  bytesPerSeat: 100_000,
  /** A request the watch cache serves is charged at most this much memory. */
  cacheWithStreamingMaxMemoryUsage: 1_000_000,
  minimumSeats: 1,
  /** The default maximum with SizeBasedListCostEstimate on (a priority level's own maximum may be lower). */
  maximumListSeats: 100,
} as const;

/** What the estimator is told about a LIST. */
export interface ListEstimateInput {
  /** Objects stored in the collection (all of them: the shard is not looked at). */
  readonly objects: number;
  /** Their average size, bytes. */
  readonly averageObjectBytes: number;
  /** The request's `limit` (0: none). */
  readonly limit: number;
  /** Whether the watch cache serves it (a WATCH, or a LIST it need not delegate to etcd). */
  readonly fromCache: boolean;
}

/** Seats APF charges a LIST (seatsBasedOnObjectSize, clamped to the minimum and maximum seats). */
export function listWorkSeats(input: ListEstimateInput): number {
  const limited = input.limit > 0 && input.limit < input.objects ? input.limit : input.objects;
  let memory = limited * input.averageObjectBytes;
  if (input.fromCache) memory = Math.min(memory, APF_LIST.cacheWithStreamingMaxMemoryUsage);
  const seats = Math.ceil(memory / APF_LIST.bytesPerSeat);
  return Math.min(APF_LIST.maximumListSeats, Math.max(APF_LIST.minimumSeats, seats));
}
