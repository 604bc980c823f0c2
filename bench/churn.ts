/**
 * The churn the benchmarks at 1,000,000 objects run at, given as events per second: 50 adds,
 * 500 updates and 50 deletes a second, and rolling updates of 100 pods a second, the figures
 * docs/performance.md was measured with. The model's default is a rate per 1,000 objects
 * (10,000 events a second and 2,000 rolling-update pods at this size), which these benchmarks
 * do not measure.
 */
export const BENCH_CHURN = { addsPerSecond: 50, modifiesPerSecond: 500, deletesPerSecond: 50, burst: { podsPerSecond: 100 } } as const;
