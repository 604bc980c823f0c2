import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait for a state, not for a moment: their default of 1 s is a wall-clock
// bound a loaded machine misses (a copy or a deferred render can take longer). The test's own
// time-out stays the hang guard.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => cleanup());

// The files of a worker share one jsdom (vite.config.ts: isolate: false). Each file starts from
// the page a fresh jsdom has: no leftover elements, storage, address, globals or spies.
// (A file that asks for the node environment has no jsdom to reset.)
if (typeof document !== 'undefined') {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
}
