import { useEffect } from 'react';
import type { ShardScopeStore } from '../state';

/**
 * Drives the play loop: one `tick` per animation frame while the run plays (the page and an
 * embed). Paused, no frame is asked for, so an idle page costs the machine nothing (a
 * speaker's laptop on battery, a page left open); the first tick after play resumes only
 * sets the clock's start, as after any pause.
 */
export function usePlayLoop(store: ShardScopeStore): void {
  useEffect(() => {
    if (typeof requestAnimationFrame !== 'function') return;
    let id = 0;
    const loop = (now: number) => {
      store.getState().tick(now);
      id = store.getState().playing ? requestAnimationFrame(loop) : 0;
    };
    const follow = (playing: boolean) => {
      if (playing && id === 0) id = requestAnimationFrame(loop);
    };
    follow(store.getState().playing);
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.playing !== prev.playing) follow(s.playing);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(id);
    };
  }, [store]);
}
