/**
 * The replica layout the "your cluster" panel reads: the running layout once a reshard fired,
 * else the parameters' selectors (what the cards show, without a drag's draft), the shard key
 * and whether client-side mode filters with jump hash.
 */
import { selectRunningLayout, useShardScope, useShardScopeShallow, type ShardKey } from '../../state';

export interface PanelLayout {
  readonly texts: readonly string[];
  readonly key: ShardKey;
  readonly clientJump: boolean;
}

const NO_TEXTS: readonly string[] = [];

export function usePanelLayout(): PanelLayout {
  const running = useShardScopeShallow((s) => selectRunningLayout(s)?.texts ?? NO_TEXTS);
  const committed = useShardScope((s) => s.params.selectors);
  const key = useShardScope((s) => s.params.shardKey);
  // Client-side mode filters with jump hash for the `jump` filter and the kube-state-metrics
  // clients, as the model's replicas do (Replica.usesJump).
  const clientJump = useShardScope((s) => s.params.clientMode === 'jump' || s.params.client === 'ksm' || s.params.client === 'ksm-2.18');
  return { texts: running.length > 0 ? running : committed, key, clientJump };
}
