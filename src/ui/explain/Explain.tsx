/**
 * A `(?)` button beside a concept, opening a short explanation for a newcomer.
 * A disclosure: the button says whether it is expanded, Esc or the close button shuts the
 * popover and puts focus back on the button, a click elsewhere shuts it too.
 */
import { memo, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { FACTS, sourceLine } from '../../facts';
import { useT, type MessageId } from '../i18n';
import { placePopover } from './placement';
import { EXPLAIN_SOURCES } from './sources';
import type { ExplainTopic } from './topics';

export type { ExplainTopic } from './topics';


/** `chip`: the term is written beside the `?` (in a row of terms); else the `?` alone, named for screen readers. */
// Memoised: panels re-render with every snapshot, the explanations never need to.
export const Explain = memo(function Explain({ topic, chip = false }: { topic: ExplainTopic; chip?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLSpanElement>(null);
  const popover = useRef<HTMLSpanElement>(null);
  usePlacement(open, button, popover);
  const id = useId();
  const title = t(`explain.${topic}.title` as MessageId);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <span
      className="explain"
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          // Esc closes this popover only (not the story, not the keys dialog).
          e.stopPropagation();
          e.nativeEvent.stopImmediatePropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={chip ? 'explain__button explain__button--chip' : 'explain__button'}
        data-testid={`explain-${topic}`}
        aria-expanded={open}
        aria-controls={id}
        aria-label={chip ? undefined : t('explain.open', { topic: title })}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden={chip ? undefined : true}>?</span>
        {chip ? <span className="explain__term">{title}</span> : null}
      </button>
      {open ? (
        <span className="explain__popover" id={id} role="note" data-testid={`explain-${topic}-popover`} ref={popover}>
          <strong className="explain__title">{title}</strong> {t(`explain.${topic}.text` as MessageId)}
          <Sources topic={topic} label={t('explain.source')} />
          <button type="button" className="explain__close button button--small" onClick={close}>
            {t('explain.close')}
          </button>
        </span>
      ) : null}
    </span>
  );
});

/** Where the explanation's facts were read: one line per source file, in the kubernetes tree, with the release and the function. */
function Sources({ topic, label }: { topic: ExplainTopic; label: string }) {
  const lines = [...new Set(EXPLAIN_SOURCES[topic].flatMap((id) => FACTS[id].sources.map(sourceLine)))];
  if (lines.length === 0) return null;
  return (
    <span className="explain__sources" data-testid={`explain-${topic}-sources`}>
      <span className="explain__sources-label">{label}</span>
      {lines.map((l) => (
        <span key={l} className="explain__source">
          {l}
        </span>
      ))}
    </span>
  );
}

/**
 * Where the popover goes: fixed to the window, under its button (above it when there is no room
 * below, else as low as fits), kept inside the window ({@link placePopover}). A panel that clips
 * or scrolls (the control panel, a card) can neither cut it off nor leave it behind: it follows
 * its button on every scroll and resize. Written to the element's style before paint, so the
 * popover never shows in its first place.
 */
function usePlacement(open: boolean, button: RefObject<HTMLButtonElement | null>, popover: RefObject<HTMLSpanElement | null>): void {
  useLayoutEffect(() => {
    if (!open) return;
    const update = () => {
      const el = popover.current;
      const b = button.current?.getBoundingClientRect();
      if (!el || !b) return;
      // Measured at its own height: a cap from the last placement would hide how tall it is.
      Object.assign(el.style, { maxHeight: '' });
      const p = el.getBoundingClientRect();
      const at = placePopover(b, p.width, p.height, innerWidth, innerHeight);
      Object.assign(el.style, { position: 'fixed', left: `${at.left}px`, top: `${at.top}px`, maxHeight: `${at.maxHeight}px`, overflowY: 'auto' });
      // An ancestor with a transform, filter or containment is a fixed element's containing
      // block: move it by however far it landed from where it was meant to go.
      const q = el.getBoundingClientRect();
      if (Math.abs(q.left - at.left) > 0.5 || Math.abs(q.top - at.top) > 0.5) {
        Object.assign(el.style, { left: `${2 * at.left - q.left}px`, top: `${2 * at.top - q.top}px` });
      }
    };
    update();
    addEventListener('scroll', update, true);
    addEventListener('resize', update);
    return () => {
      removeEventListener('scroll', update, true);
      removeEventListener('resize', update);
    };
  }, [open, button, popover]);
}
