import { useEffect } from 'react';
import { nextFrame } from './slices';

/** The attribute on <html> that lets off-screen panels render. */
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

/** The attribute that renders one card (and its code blocks) while exporting. */
export const EXPORT_RENDER_ATTR = 'data-export-render';

/**
 * Runs `fn` with every panel rendered, however many cards there are (an export draws what is
 * off-screen too), then restores the page. Cards are rendered one per frame:
 * 64 cards of long selectors laid out at once are one task of well over 50 ms.
 */
export async function withEverythingRendered<T>(fn: () => Promise<T> | T): Promise<T> {
  const root = document.documentElement;
  const cards = Array.from(document.querySelectorAll('.card'));
  root.setAttribute('data-exporting', '');
  try {
    for (const card of cards) {
      card.setAttribute(EXPORT_RENDER_ATTR, '');
      // The frame lays the card out.
      await nextFrame();
    }
    // One frame, so layout has the panels' real sizes.
    await nextFrame();
    return await fn();
  } finally {
    root.removeAttribute('data-exporting');
    for (const card of cards) card.removeAttribute(EXPORT_RENDER_ATTR);
  }
}
