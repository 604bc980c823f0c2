import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** A content box, in CSS pixels. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * The content width and height of an element, kept current with a ResizeObserver (the
 * presentation stage sizes its panels to the screen's height as well as its width). Where
 * there is no observer (jsdom) the fallback is used.
 */
export function useElementSize<T extends HTMLElement>(fallback: Size = { width: 960, height: 400 }, enabled = true): [RefObject<T | null>, Size] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const measure = () => {
      const width = Math.floor(el.clientWidth);
      const height = Math.floor(el.clientHeight);
      if (width > 0) setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    };
    if (typeof ResizeObserver !== 'function') {
      measure();
      return;
    }
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [enabled]);
  return [ref, size];
}
