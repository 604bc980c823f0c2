import { useEffect } from 'react';

/** The attribute on <html> that lets off-screen panels render (issue 10). */
export const OFFSCREEN_ATTR = 'data-offscreen';

/**
 * Once the page has mounted and painted its first frames, lets the charts (and the replica
 * cards, up to 16 of them) render while off-screen: their `content-visibility: auto` (a faster
 * first frame) would otherwise leave them blank in a full-page screenshot, a print or an
 * export. An attribute, not a style: the CSP refuses inline styles.
 */
export function useRenderOffscreen(): void {
  useEffect(() => {
    const root = document.documentElement;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const id = requestAnimationFrame(() => {
      timer = setTimeout(() => root.setAttribute(OFFSCREEN_ATTR, 'render'), 1000);
    });
    return () => {
      cancelAnimationFrame(id);
      clearTimeout(timer);
    };
  }, []);
}

/**
 * Runs `fn` with every panel rendered, however many cards there are (an export draws what is
 * off-screen too), then restores the page.
 */
export async function withEverythingRendered<T>(fn: () => Promise<T> | T): Promise<T> {
  const root = document.documentElement;
  root.setAttribute('data-exporting', '');
  try {
    // One frame, so layout has the panels' real sizes.
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    return await fn();
  } finally {
    root.removeAttribute('data-exporting');
  }
}
