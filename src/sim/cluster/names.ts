/**
 * Names for display: namespaces, workloads and pod names in the shapes Kubernetes generates
 * (`<deployment>-<pod-template-hash>-<5 chars>`). They are derived from indexes and uid bits
 * on demand rather than stored, so a million pods cost no name strings.
 */

const WELL_KNOWN = ['default', 'kube-system', 'monitoring', 'ingress-nginx', 'cert-manager', 'logging', 'argocd', 'istio-system'];
const TEAMS = [
  'payments', 'checkout', 'search', 'identity', 'catalog', 'orders', 'billing', 'growth', 'ml', 'data',
  'platform', 'media', 'ads', 'maps', 'chat', 'support', 'risk', 'fraud', 'ledger', 'shipping',
];
const ENVS = ['prod', 'staging', 'dev', 'canary'];
const WORKLOADS = [
  'api', 'web', 'worker', 'frontend', 'cart', 'gateway', 'auth', 'orders', 'notifier', 'indexer',
  'scheduler', 'cache', 'queue', 'exporter', 'ingester', 'renderer', 'resolver', 'sync', 'batch', 'router',
];

/** The alphabet apimachinery's `rand.String` uses for generated name suffixes (no vowels, no look-alikes). */
export const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** The name of namespace `i` (0-based). */
export function namespaceName(i: number): string {
  if (i < WELL_KNOWN.length) return WELL_KNOWN[i]!;
  const k = i - WELL_KNOWN.length;
  const team = TEAMS[k % TEAMS.length]!;
  const env = ENVS[Math.floor(k / TEAMS.length) % ENVS.length]!;
  const round = Math.floor(k / (TEAMS.length * ENVS.length));
  return round === 0 ? `${team}-${env}` : `${team}-${env}-${round + 1}`;
}

/** The name of workload `w` of a namespace. */
export function workloadName(w: number): string {
  const base = WORKLOADS[w % WORKLOADS.length]!;
  const round = Math.floor(w / WORKLOADS.length);
  return round === 0 ? base : `${base}-${round + 1}`;
}

/** `n` characters of the generated-name alphabet from a 32-bit value (deterministic). */
export function generatedSuffix(bits: number, n: number): string {
  let v = bits >>> 0;
  let s = '';
  for (let i = 0; i < n; i++) {
    s += NAME_ALPHABET[v % NAME_ALPHABET.length];
    v = Math.floor(v / NAME_ALPHABET.length);
    // Re-stir so long suffixes do not run out of bits.
    if (v < NAME_ALPHABET.length) v = (Math.imul(bits ^ (i + 1), 0x9e3779b1) >>> 0) ^ (v + 0x5bd1e995);
    v >>>= 0;
  }
  return s;
}

/** A small stable 32-bit mix of integers, for derived names. */
export function mix32(a: number, b: number, c = 0): number {
  let h = Math.imul(a ^ 0x85ebca6b, 0xcc9e2d51);
  h = Math.imul(h ^ (h >>> 15) ^ b, 0x1b873593);
  h = Math.imul(h ^ (h >>> 13) ^ c, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
