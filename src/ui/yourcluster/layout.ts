/**
 * The replica layout the "your cluster" panel reads: the running layout once a reshard fired,
 * else the parameters' selectors (what the cards show, without a drag's draft), the shard key
 * and whether client-side mode filters with jump hash.
 */
import { selectRunningLayout, useShardScope, useShardScopeShallow, type ShardKey } from '../../state';
import { usesJumpHash } from '../../sim/params';

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
  // Client-side mode filters with jump hash for the `jump` filter and the clients whose
  // profile hashes by jump, as the model's replicas do (Replica.usesJump).
  const clientJump = useShardScope((s) => usesJumpHash(s.params.client, s.params.clientMode));
  return { texts: running.length > 0 ? running : committed, key, clientJump };
}
