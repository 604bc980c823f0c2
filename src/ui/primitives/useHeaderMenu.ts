/**
 * A header disclosure menu (Stories, Exercises, the stage tools): a button that opens a panel
 * below it. A pointer down outside closes it; Esc inside closes it and gives the focus back to
 * the button, and does nothing else (it does not also leave a story or presentation mode).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export function useHeaderMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    e.nativeEvent.stopImmediatePropagation();
    setOpen(false);
    button.current?.focus();
  };

  return { open, setOpen, button, box, panelId, onKeyDown };
}
