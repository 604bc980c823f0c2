import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, type ShardScopeStore } from '../state';
import { showStoryStep } from '../stories/controller';
import { App } from './App';

// jsdom has no 2D canvas (it logs "not implemented"); the painters must cope with null.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

async function setup(id: string, step: number) {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 6 } });
  render(<App store={store} />);
  await act(() => store.getState().start());
  act(() => void showStoryStep(store, id, step));
  await act(() => store.getState().idle());
  return store;
}

/**
 * Waits until the step's own run is at its time (`storyReady`). Bounded by the test's timeout,
 * not by a count of short sleeps: a machine busy with other work may take seconds to build a run.
 */
async function untilReady(store: ShardScopeStore): Promise<void> {
  while (!store.getState().storyReady) await act(() => new Promise((r) => setTimeout(r, 10)));
}

describe('the story caption folded on a short stage', () => {
  it('names its "more" button for the question it hides, opens it, and Esc folds it without leaving the story', async () => {
    const store = await setup('saving', 2);
    const more = screen.getByTestId('story-more');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more.textContent).toMatch(/^Question/);
    expect(document.getElementById(more.getAttribute('aria-controls')!)).toContainElement(screen.getByTestId('story-question'));
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more.textContent).toMatch(/^Less/);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByTestId('story-more')).toHaveAttribute('aria-expanded', 'false');
    expect(store.getState().story).toEqual({ id: 'saving', step: 2 });
    // Once folded, Esc leaves the story as before.
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(store.getState().story).toBeNull();
  });

  it('names it for the answer on the step after a question, and every step starts folded', async () => {
    const store = await setup('saving', 2);
    fireEvent.click(screen.getByTestId('story-more'));
    act(() => void showStoryStep(store, 'saving', 3));
    const more = screen.getByTestId('story-more');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more.textContent).toMatch(/^Answer/);
  });

  it('keeps its step buttons named by their words when only their arrows show', async () => {
    await setup('saving', 2);
    expect(screen.getByTestId('story-prev')).toHaveAccessibleName('Previous step');
    expect(screen.getByTestId('story-next')).toHaveAccessibleName('Next step');
    expect(screen.getByTestId('story-exit')).toHaveAccessibleName('Leave story');
  });
});

describe('the countdown to the event a step waits for', () => {
  it('says "reshard in 5 s" at the start of resharding step 1, counts down, and goes once it has happened', async () => {
    const store = await setup('resharding', 1);
    expect(screen.getByTestId('story-countdown').textContent).toBe('reshard in 5 s');
    // The step plays; paused, the run stays at each time the test seeks to, however long the
    // machine takes (playing, the page's frame loop moved it on by the wall clock).
    act(() => store.getState().setPlaying(false));
    await act(async () => {
      store.getState().seekTo(3.5);
      await store.getState().idle();
    });
    expect(screen.getByTestId('story-countdown').textContent).toBe('reshard in 2 s');
    await act(async () => {
      store.getState().seekTo(6);
      await store.getState().idle();
    });
    expect(screen.queryByTestId('story-countdown')).toBeNull();
  }, 60_000);

  it('says the step is being set up, with no countdown and the panels faded, until its own run is at its time', async () => {
    // Step 5 runs at 120 s, past its reshard; step 6 opens at 0 s with its reshard ahead. Until
    // step 6's run is built the page shows step 5's run: no countdown is read from it.
    const store = await setup('resharding', 5);
    await untilReady(store);
    const main = document.getElementById('main')!;
    expect(main).not.toHaveAttribute('data-step-preparing');
    expect(screen.getByTestId('story-caption')).toHaveAttribute('data-ready', 'true');
    act(() => void showStoryStep(store, 'resharding', 6));
    expect(store.getState().sim.snapshot!.time).toBeGreaterThan(100);
    expect(screen.getByTestId('story-caption')).toHaveAttribute('data-ready', 'false');
    expect(screen.getByTestId('story-caption')).toHaveAttribute('data-step', '6');
    expect(screen.getByTestId('story-preparing').textContent).toBe('setting up this step…');
    expect(screen.queryByTestId('story-countdown')).toBeNull();
    expect(main).toHaveAttribute('data-step-preparing', 'true');
    expect(main).toHaveAttribute('aria-busy', 'true');
    await act(() => store.getState().idle());
    await untilReady(store);
    expect(screen.queryByTestId('story-preparing')).toBeNull();
    expect(screen.getByTestId('story-countdown').textContent).toBe('reshard in 5 s');
    expect(main).not.toHaveAttribute('data-step-preparing');
    expect(main).not.toHaveAttribute('aria-busy');
  }, 60_000);

  it('shows none on a step past its events or without any', async () => {
    await setup('problem', 1);
    expect(screen.queryByTestId('story-countdown')).toBeNull();
  });
});
