// What exports wait on before a picture (`./primitives/renderPending`): deferred renders behind the store
// and canvases short of their last paint. Marks that never clear would hold every video frame
// for its whole wait; marks that never appear would let a frame of the snapshot before through.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, ShardScopeProvider } from '../state';
import { BandwidthPanel } from './bandwidth';
import { ReplicaCards } from './cards';
import { HashSpaceView } from './hash';
import { pendingProps, renderPending, RENDER_PENDING_ATTR } from './primitives';

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('renderPending', () => {
  it('counts deferred renders marked behind the store and canvases whose last paint is not the one asked for', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <section ${RENDER_PENDING_ATTR}="true"></section>
      <span hidden ${RENDER_PENDING_ATTR}="true"></span>
      <canvas data-paint-key="3" data-painted-key="2"></canvas>
      <canvas data-paint-key="1"></canvas>
      <canvas data-paint-key="5" data-painted-key="5"></canvas>
      <canvas></canvas>`;
    expect(renderPending(root)).toBe(4);
    root.querySelectorAll(`[${RENDER_PENDING_ATTR}]`).forEach((el) => el.removeAttribute(RENDER_PENDING_ATTR));
    expect(renderPending(root)).toBe(2);
    root.querySelectorAll('canvas[data-paint-key]').forEach((c) => c.setAttribute('data-painted-key', c.getAttribute('data-paint-key')!));
    expect(renderPending(root)).toBe(0);
  });

  it('marks by identity: an equal-looking new value is still pending', () => {
    const a = { t: 1 };
    expect(pendingProps(a, a)).toEqual({});
    expect(pendingProps({ t: 1 }, a)).toEqual({ [RENDER_PENDING_ATTR]: 'true' });
  });

  it('on the real panels: the dots ask for a new paint when the model moves, and every mark clears once rendered and painted', async () => {
    const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 600, replicas: 3 } });
    const { container } = render(
      <ShardScopeProvider store={store}>
        <HashSpaceView />
        <BandwidthPanel />
        <ReplicaCards />
      </ShardScopeProvider>,
    );
    await act(() => store.getState().start());
    const canvas = container.querySelector('canvas[data-paint-key]')!;
    expect(canvas).not.toBeNull();
    await waitFor(() => expect(renderPending(container)).toBe(0));
    const before = canvas.getAttribute('data-paint-key');
    // Frames are held while the model moves, so the unpainted moment is there to be read
    // however slow the machine (the paint waits for a frame).
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => void frames.splice(id - 1, 1, () => undefined));
    try {
      act(() => store.getState().step(1));
      await act(() => store.getState().idle());
      // The new snapshot's dots are asked for and not painted yet.
      expect(canvas.getAttribute('data-paint-key')).not.toBe(before);
      expect(renderPending(container)).toBeGreaterThan(0);
      expect(frames.length).toBeGreaterThan(0);
    } finally {
      vi.unstubAllGlobals();
    }
    act(() => {
      for (const frame of frames.splice(0)) frame(0);
    });
    await waitFor(() => expect(renderPending(container)).toBe(0));
    expect(canvas.getAttribute('data-painted-key')).toBe(canvas.getAttribute('data-paint-key'));
    expect(container.querySelectorAll('[data-testid="replica-card"]')).toHaveLength(3);
  });
});
