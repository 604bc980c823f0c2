import { createContext } from 'react';

/**
 * The clock the event flow animates by, in milliseconds. The page's is the
 * wall clock (null: `performance.now`); a recorded video gives its own (the video's time), so
 * the particles of frame i are where they are at i/30 s, however long the frame took to draw.
 */
export const FlowClockContext = createContext<(() => number) | null>(null);
