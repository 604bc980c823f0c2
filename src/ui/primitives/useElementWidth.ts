import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The content width of an element, kept current with a ResizeObserver. Where there is none
 * (jsdom in tests) the fallback width is used. The observer reports after the browser's own
 * layout, so mounting never forces a synchronous layout of the page.
 */
export function useElementWidth<T extends HTMLElement>(fallback = 960): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = el.clientWidth;
      if (w > 0) setWidth(Math.floor(w));
    };
    if (typeof ResizeObserver !== 'function') {
      measure();
      return;
    }
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}
