/**
 * Ten reference runs of the CLI, recorded once and compared after every refactor. They cover
 * every subsystem a refactor could disturb: generation (uid and namespace keys, v7 uids,
 * cluster-scoped objects), churn and bursts, gates and rollouts, watch timeouts, resumes and
 * 410s, routing and GOAWAY, both encodings, the clients (and the old flags' aliases), reshards
 * of every strategy and rollout kind, a scenario file, and the zh-CN table (its values and
 * headline in Chinese: 门控开启, 先过滤, 全部同时, 秒, →). Only a deliberate change of the
 * model re-records them.
 */
export interface ReferenceRun {
  readonly name: string;
  readonly argv: readonly string[];
  /** A scenario file given to `--scenario`, served from memory. */
  readonly scenario?: unknown;
}

export const REFERENCE_RUNS: readonly ReferenceRun[] = [
  { name: 'default-json', argv: ['--pods', '20000', '--replicas', '4', '--seconds', '30', '--json'] },
  { name: 'namespace-key-protobuf', argv: ['--pods', '15000', '--replicas', '3', '--seconds', '40', '--key', 'namespace', '--encoding', 'protobuf', '--namespaces', '25', '--seed', 'ns', '--json'] },
  { name: 'gates-mixed-l7-goaway', argv: ['--pods', '10000', '--replicas', '4', '--api-servers', '3', '--gates', 'on,off,on', '--routing', 'l7', '--goaway-chance', '0.02', '--seconds', '45', '--seed', 'mixed', '--json'] },
  { name: 'rollout-watchlist', argv: ['--pods', '20000', '--replicas', '4', '--api-servers', '3', '--seconds', '120', '--rollout-gates', 'on@30s/20s', '--initial-list', 'watch-list', '--json'] },
  { name: 'timeouts-ksm-2.18-restarts', argv: ['--pods', '8000', '--replicas', '5', '--seconds', '900', '--key', 'namespace', '--client', 'ksm-2.18', '--api-servers', '2', '--rollout-gates', 'on@120s/300s', '--restart-seconds', '20', '--seed', 'long', '--json'] },
  { name: 'reshard-one-by-one', argv: ['--pods', '12000', '--replicas', '4', '--seconds', '90', '--reshard', '4:5@20s:equal:one-by-one/5s', '--json'] },
  { name: 'reshard-jump-new-first', argv: ['--pods', '12000', '--replicas', '4', '--seconds', '80', '--reshard', '4:3@15s:jump:new-first/4s', '--client-cache', 'all', '--watch-policy', 'check', '--sequential-ids', 'true', '--json'] },
  {
    name: 'scenario-file',
    argv: ['--scenario', 'reference.json', '--json'],
    scenario: {
      params: { seed: 'scenario', cluster: { pods: 9000, namespaces: 12, clusterScopedShare: 0.1 }, replicas: { count: 3 }, churn: { addsPerSecond: 120, burst: { enabled: true, everySeconds: 20 } } },
      events: [
        { kind: 'reshard', at: 10, to: 6, strategy: 'range-splitting', rollout: { kind: 'new-first', everySeconds: 3 } },
        { kind: 'reshard', at: 40, to: 2, strategy: 'hash-mod', serverStrategy: 'equal-ranges', rollout: { kind: 'all-at-once' } },
      ],
      seconds: 70,
    },
  },
  { name: 'table-en', argv: ['--pods', '30000', '--replicas', '6', '--seconds', '60', '--api-servers', '2', '--gates', 'on,off', '--fallback', 'trust'] },
  { name: 'table-zh', argv: ['--pods', '5000', '--replicas', '2', '--seconds', '20', '--lang', 'zh-CN', '--reshard', '2:3@5s:split'] },
];
