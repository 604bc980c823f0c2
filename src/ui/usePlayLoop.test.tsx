// The play loop asks for animation frames only while the run plays: a paused page costs the
// machine nothing (measured in headless Chromium: a paused page at the defaults took 10% of a
// core with a frame asked for every 16 ms).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams } from '../state';
import { usePlayLoop } from './usePlayLoop';
import type { ShardScopeStore } from '../state';

let frames: Map<number, FrameRequestCallback>;
let next = 1;

beforeEach(() => {
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    frames.set(next, cb);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

/** Runs the frames asked for so far, at time `t`. */
function runFrames(t: number): number {
  const due = [...frames.entries()];
  frames.clear();
  for (const [, cb] of due) cb(t);
  return due.length;
}

function Loop({ store }: { store: ShardScopeStore }) {
  usePlayLoop(store);
  return null;
}

describe('usePlayLoop', () => {
  it('asks for no frame while paused, one per frame while playing, and stops when paused again', () => {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 200 } });
    const tick = vi.spyOn(store.getState(), 'tick');
    act(() => store.getState().setPlaying(false));
    const { unmount } = render(<Loop store={store} />);
    expect(frames.size).toBe(0);
    act(() => store.getState().setPlaying(true));
    expect(frames.size).toBe(1);
    expect(runFrames(16)).toBe(1);
    expect(runFrames(32)).toBe(1);
    expect(tick).toHaveBeenCalledTimes(2);
    expect(frames.size).toBe(1);
    // Paused: the frame already asked for runs once (and ticks nothing), then none is asked for.
    act(() => store.getState().setPlaying(false));
    expect(runFrames(48)).toBe(1);
    expect(frames.size).toBe(0);
    // Playing again: one loop, not two.
    act(() => store.getState().setPlaying(true));
    act(() => store.getState().setPlaying(false));
    act(() => store.getState().setPlaying(true));
    expect(frames.size).toBe(1);
    unmount();
    expect(frames.size).toBe(0);
  });
});
