import { describe, expect, it } from 'vitest';
import { DEFAULT_CHURN_PER_1000, DEFAULT_PARAMS, EVENTS_PER_REPLACED_POD, churnRates } from '../params';
import { createSimulation } from './simulation';

/**
 * The default churn fits the cluster: every object sees the same events per second at 1,000
 * pods as at 100,000. Exactly in the rates; in the closed form and in a simulated run, within
 * noise bounded here from first principles (4 standard deviations):
 * - the run's counts: adds, updates and deletes are Poisson (variance = mean); each rolling
 *   update replaces X = min(pods of its namespace, rate x duration) pods, 5 events each, its
 *   namespace drawn by Zipf weight, so Var(X) follows from the weights;
 * - the namespaces' sizes: each is Binomial(pods, weight), drawn at the start (what the closed
 *   form sees) and again as the population turns over; a rolling update's X varies with it
 *   only while the namespace is about as small as a burst's cap (above it X is the cap).
 */
const ZIPF = DEFAULT_PARAMS.cluster.zipfExponent;
const NAMESPACES = DEFAULT_PARAMS.cluster.namespaces;

/** The Zipf weights of the namespaces (their order does not matter to the sums below). */
const weights = (() => {
  const raw = Array.from({ length: NAMESPACES }, (_, i) => 1 / Math.pow(i + 1, ZIPF));
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w / sum);
})();

/**
 * E[min(n, cap)] and E[min(n, cap)^2] for n ~ Binomial(pods, w): the binomial's terms from its
 * mode outwards (each from the last by the ratio of consecutive terms) until they vanish.
 */
function cappedMoments(pods: number, w: number, cap: number): { m1: number; m2: number } {
  const mode = Math.floor((pods + 1) * w);
  const odds = w / (1 - w);
  let total = 1;
  let m1 = Math.min(mode, cap);
  let m2 = m1 * m1;
  for (const dir of [1, -1]) {
    let p = 1;
    for (let k = mode; ; k += dir) {
      const next = k + dir;
      if (next < 0 || next > pods) break;
      p *= dir > 0 ? ((pods - k) / (k + 1)) * odds : (k / (pods - k + 1)) / odds;
      if (p < 1e-16) break;
      const x = Math.min(next, cap);
      total += p;
      m1 += p * x;
      m2 += p * x * x;
    }
  }
  return { m1: m1 / total, m2: m2 / total };
}

/** Events per second per pod, and their noise, for `pods` pods over `seconds` (a whole number of burst periods). */
function expected(pods: number, seconds: number) {
  const r = churnRates({ cluster: { ...DEFAULT_PARAMS.cluster, pods }, churn: DEFAULT_PARAMS.churn });
  const steady = r.addsPerSecond + r.modifiesPerSecond + r.deletesPerSecond;
  const cap = r.burst.podsPerSecond * Math.min(r.burst.maxSeconds, r.burst.everySeconds);
  const bursts = seconds / r.burst.everySeconds;
  const moments = weights.map((w) => cappedMoments(pods, w, cap));
  // A rolling update's X: its namespace drawn by weight, that namespace's size binomial.
  const meanX = weights.reduce((a, w, i) => a + w * moments[i]!.m1, 0);
  const varX = weights.reduce((a, w, i) => a + w * moments[i]!.m2, 0) - meanX * meanX;
  // The closed form's mean X, from sizes drawn once: sd over the draw (sizes taken as independent).
  const sizeVar = weights.reduce((a, w, i) => a + w * w * (moments[i]!.m2 - moments[i]!.m1 ** 2), 0);
  const E = EVENTS_PER_REPLACED_POD;
  const every = r.burst.everySeconds;
  return {
    /** Events per second per pod, bursts included. */
    rate: (steady + (E * meanX) / every) / pods,
    /** Sd of a run's measured rate: Poisson counts, and each burst's namespace and its size. */
    runSd: Math.sqrt(steady * seconds + bursts * E * E * varX) / (pods * seconds),
    /** Sd of the rate the closed form gives from the sizes at the start. */
    sizeSd: (E * Math.sqrt(sizeVar)) / every / pods,
  };
}

describe('the default churn per object is the same at 1,000 and 100,000 pods', () => {
  it('exactly, in the rates: 1 add, 5 updates, 1 delete and 2 rolling-update pods a second per 1,000 pods', () => {
    const per = (pods: number) => {
      const r = churnRates({ cluster: { ...DEFAULT_PARAMS.cluster, pods }, churn: DEFAULT_PARAMS.churn });
      return [r.addsPerSecond / pods, r.modifiesPerSecond / pods, r.deletesPerSecond / pods, r.burst.podsPerSecond / pods];
    };
    const d = DEFAULT_CHURN_PER_1000;
    expect(per(1_000)).toEqual([d.addsPerSecond, d.modifiesPerSecond, d.deletesPerSecond, d.burstPodsPerSecond].map((x) => x / 1000));
    expect(per(100_000)).toEqual(per(1_000));
    expect(per(10_000)).toEqual(per(1_000));
    // A rate given as a number stays a number of events per second, at any size.
    const given = churnRates({ cluster: { ...DEFAULT_PARAMS.cluster, pods: 100_000 }, churn: { ...DEFAULT_PARAMS.churn, addsPerSecond: 120 } });
    expect(given.addsPerSecond).toBe(120);
  });

  it('in the closed form: the stream per object, rolling updates included, within the namespaces’ sampling', () => {
    const cf = (pods: number) => createSimulation({ cluster: { pods } }).snapshot().closedForm.streamEventsPerSec / pods;
    const [a, b] = [expected(1_000, 30), expected(100_000, 30)];
    const [small, large] = [cf(1_000), cf(100_000)];
    console.log(`closed form: ${small} events/s per pod at 1,000 pods, ${large} at 100,000 (bound ${4 * Math.hypot(a.sizeSd, b.sizeSd)})`);
    // The bounded model of the closed form agrees with the model's own.
    expect(Math.abs(small - a.rate)).toBeLessThan(4 * a.sizeSd);
    expect(Math.abs(large - b.rate)).toBeLessThan(4 * b.sizeSd);
    expect(Math.abs(small - large)).toBeLessThan(4 * Math.hypot(a.sizeSd, b.sizeSd));
    // The bound is tight enough to mean something: a few percent of the rate, where the old
    // absolute defaults (600 a second at any size) differ a hundredfold.
    expect(4 * Math.hypot(a.sizeSd, b.sizeSd)).toBeLessThan(0.03 * a.rate);
    // About one event per object every 100 s.
    expect(a.rate).toBeGreaterThan(0.0095);
    expect(a.rate).toBeLessThan(0.0105);
  });

  it('in a simulated run: 6,000 s at 1,000 pods and 1,200 s at 100,000 pods measure the same events per second per pod', () => {
    const measure = (pods: number, seconds: number) => {
      const sim = createSimulation({ seed: 'per-object', cluster: { pods } });
      sim.step(seconds);
      const t = sim.snapshot().churn.total;
      return (t.added + t.modified + t.deleted) / pods / seconds;
    };
    const runs = [
      { pods: 1_000, seconds: 6_000 },
      { pods: 100_000, seconds: 1_200 },
    ].map(({ pods, seconds }) => ({ measured: measure(pods, seconds), ...expected(pods, seconds) }));
    for (const r of runs) expect(Math.abs(r.measured - r.rate)).toBeLessThan(4 * Math.hypot(r.runSd, r.sizeSd));
    const [a, b] = runs as [(typeof runs)[0], (typeof runs)[0]];
    const bound = 4 * Math.hypot(a.runSd, a.sizeSd, b.runSd, b.sizeSd);
    console.log(`simulated: ${a.measured} events/s per pod at 1,000 pods (expected ${a.rate}), ${b.measured} at 100,000 (expected ${b.rate}), bound ${bound}`);
    expect(Math.abs(a.measured - b.measured)).toBeLessThan(bound);
    // A few percent of the rate: the old absolute defaults (600 a second at any size) differ a hundredfold.
    expect(bound).toBeLessThan(0.06 * a.rate);
  }, 60_000);
});
