import { memo, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n';
import { ExportButtons } from './ExportButtons';
import { QrButton } from './QrButton';
import { SlideButtons } from './SlideButtons';
import { EmbedCode } from './EmbedCode';
import { VideoButton } from './video/VideoButton';
import type { FocusStageView } from './video/VideoStage';
import { useRenderOffscreen } from './offscreen';
import './export.css';

/**
 * The header's share menu: the whole simulation as a PNG for a slide, and a QR code
 * of the link. A disclosure (one button that shows two more), so the header keeps one row at
 * 1280x720. Escape or a click elsewhere closes it. Memoised: the header draws again on every
 * frame (its clock), and nothing here changes with the clock. `Stage` is the focus view a
 * recorded video shows: the page passes it down, since the stage sits above the exporters.
 */
export const ShareMenu = memo(function ShareMenu({ Stage }: { Stage: FocusStageView }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  useRenderOffscreen();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node) && !(e.target as Element).closest?.('[data-testid="qr-dialog"]')) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  return (
    <span
      ref={ref}
      className="share-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          ref.current?.querySelector<HTMLButtonElement>('[data-testid="share-menu"]')?.focus();
        }
      }}
    >
      <button
        type="button"
        className="button button--icon"
        data-testid="share-menu"
        aria-label={t('share.menu')}
        title={t('share.menu')}
        aria-expanded={open}
        aria-controls={`${id}-items`}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 3l5 5h-3v7h-4V8H7zM4 14h3v4h10v-4h3v7H4z" fill="currentColor" />
        </svg>
      </button>
      <span id={`${id}-items`} className="share-menu__items" role="group" aria-label={t('share.menu')} hidden={!open}>
        <ExportButtons target="view" />
        <SlideButtons />
        <QrButton />
        <EmbedCode />
        {/* The story shown, as a WebM video. */}
        <VideoButton Stage={Stage} />
      </span>
    </span>
  );
});
