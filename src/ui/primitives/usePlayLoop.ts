import { useEffect } from 'react';
import type { ShardScopeStore } from '../../state';

/** Drives the play loop: one `tick` per animation frame while the component is mounted (the page and an embed). */
export function usePlayLoop(store: ShardScopeStore): void {
  useEffect(() => {
    if (typeof requestAnimationFrame !== 'function') return;
    let id = 0;
    const loop = (now: number) => {
      store.getState().tick(now);
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [store]);
}
