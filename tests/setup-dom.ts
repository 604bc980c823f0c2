import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for a state, not for a moment: their default of 1 s is a wall-clock
// bound a loaded machine misses (a copy or a deferred render can take longer). The test's own
// time-out stays the hang guard.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => cleanup());
