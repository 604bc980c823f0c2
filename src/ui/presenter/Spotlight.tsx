/**
 * While `L` is held on the stage (presentation mode or a story), a soft
 * spotlight follows the pointer: the page dims but for a circle around it. It goes on key up,
 * when the window loses focus or is hidden, and never starts from a text box.
 */
import { useEffect, useRef, useState } from 'react';
import { selectKeyMode, useShardScope } from '../../state';
import './stage-tools.css';

const TEXT_ENTRY = 'input:not([type="radio"]):not([type="checkbox"]):not([type="range"]), textarea, select, [contenteditable="true"], [aria-modal="true"]';

export function Spotlight() {
  const onStage = useShardScope((s) => selectKeyMode(s) !== 'free');
  const [on, setOn] = useState(false);
  const pointer = useRef({ x: -1, y: -1 });
  const el = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!onStage) return;
    const place = () => {
      const { x, y } = pointer.current;
      const node = el.current;
      if (!node) return;
      // Before the pointer has moved at all, the middle of the window.
      node.style.setProperty('--spot-x', x < 0 ? '50%' : `${x}px`);
      node.style.setProperty('--spot-y', y < 0 ? '50%' : `${y}px`);
    };
    const onMove = (e: PointerEvent | MouseEvent) => {
      pointer.current = { x: e.clientX, y: e.clientY };
      place();
    };
    const isL = (e: KeyboardEvent) => (e.key === 'l' || e.key === 'L') && !e.ctrlKey && !e.metaKey && !e.altKey;
    const onDown = (e: KeyboardEvent) => {
      if (!isL(e)) return;
      const target = e.target as Element | null;
      if (target && typeof target.closest === 'function' && target.closest(TEXT_ENTRY)) return;
      e.preventDefault();
      if (!e.repeat) setOn(true);
    };
    const onUp = (e: KeyboardEvent) => {
      if (isL(e)) setOn(false);
    };
    const off = () => setOn(false);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') setOn(false);
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    window.addEventListener('mousemove', onMove, { passive: true });
    window.addEventListener('keydown', onDown);
    window.addEventListener('keyup', onUp);
    window.addEventListener('blur', off);
    document.addEventListener('visibilitychange', onHidden);
    place();
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('keydown', onDown);
      window.removeEventListener('keyup', onUp);
      window.removeEventListener('blur', off);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [onStage]);

  useEffect(() => {
    const node = el.current;
    if (!node || !on) return;
    const { x, y } = pointer.current;
    node.style.setProperty('--spot-x', x < 0 ? '50%' : `${x}px`);
    node.style.setProperty('--spot-y', y < 0 ? '50%' : `${y}px`);
  }, [on]);

  if (!on || !onStage) return null;
  return <div ref={el} className="spotlight" data-testid="spotlight" aria-hidden="true" />;
}
