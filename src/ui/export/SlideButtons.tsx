import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useShardScope, useShardScopeStore } from '../../state';
import { storyById } from '../../stories';
import { useFormat, useT } from '../i18n';
import { deckFileName, deckZipName, type DeckProgress } from './deck';
import { currentSlide, deckPrint, deckZip, type PrintSlide } from './deckRun';
import { download } from './exportImage';
import { SLIDE_4K, SLIDE_HD, type SlideSize } from './slide';
import { EXPORT_SKIP_ATTR } from './walkDom';
import './export.css';
import './slides.css';

/** What the last slide export says: progress with Cancel, or how it ended. */
type Status =
  | { readonly kind: 'running'; readonly progress: DeckProgress }
  | { readonly kind: 'saved'; readonly name: string; readonly count: number }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'refused'; readonly step: number };

/** The print view's content: the story and its drawn steps. */
interface PrintView {
  readonly story: string;
  readonly slides: readonly PrintSlide[];
}

/**
 * Slides out, in the share menu: this step as a 16:9 PNG (1920 x 1080 or
 * 3840 x 2160) of the stage as presentation mode shows it; the whole story as a deck (a zip of
 * one PNG per step) or as a print view (one 16:9 page per step) for the browser's Save as PDF.
 */
export function SlideButtons() {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const story = useShardScope((s) => s.story);
  const [status, setStatus] = useState<Status | null>(null);
  const [print, setPrint] = useState<PrintView | null>(null);
  const [abort, setAbort] = useState<AbortController | null>(null);
  const busy = status?.kind === 'running';

  const slide = async (size: SlideSize) => {
    setStatus({ kind: 'running', progress: { done: 0, total: 1 } });
    const place = store.getState().story;
    const total = place ? (storyById(place.id)?.steps.length ?? 1) : 1;
    const base = place ? deckFileName(place.id, place.step, total).replace(/\.png$/, '') : `shardscope-slide-seed-${store.getState().params.seed}`;
    const name = `${base}${size === SLIDE_4K ? '-3840x2160' : ''}.png`;
    const blob = await currentSlide(store, size);
    if (!blob) {
      setStatus({ kind: 'refused', step: place?.step ?? 1 });
      return;
    }
    download(blob, name);
    setStatus({ kind: 'saved', name, count: 1 });
  };

  const deck = async (kind: 'zip' | 'print') => {
    const place = store.getState().story;
    if (!place) return;
    const ctrl = new AbortController();
    setAbort(ctrl);
    const progress = (p: DeckProgress) => setStatus({ kind: 'running', progress: p });
    try {
      if (kind === 'zip') {
        const out = await deckZip(store, place.id, progress, ctrl.signal);
        if (out.kind === 'done') {
          const name = deckZipName(place.id);
          download(new Blob([out.slides[0]! as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), name);
          setStatus({ kind: 'saved', name, count: storyById(place.id)?.steps.length ?? 0 });
        } else setStatus(out.kind === 'cancelled' ? { kind: 'cancelled' } : out);
      } else {
        const out = await deckPrint(store, place.id, progress, ctrl.signal);
        if (out.kind === 'done') {
          setPrint({ story: place.id, slides: out.slides });
          setStatus(null);
        } else setStatus(out.kind === 'cancelled' ? { kind: 'cancelled' } : out);
      }
    } finally {
      setAbort(null);
    }
  };

  const noStory = story === null;
  return (
    <span className="slide-buttons" {...{ [EXPORT_SKIP_ATTR]: '' }}>
      <button type="button" className="button button--small" data-testid="export-slide" title={t('slides.png')} aria-label={t('slides.png')} disabled={busy} onClick={() => void slide(SLIDE_HD)}>
        {t('slides.pngShort')}
      </button>
      <button type="button" className="button button--small" data-testid="export-slide-4k" title={t('slides.png4k')} aria-label={t('slides.png4k')} disabled={busy} onClick={() => void slide(SLIDE_4K)}>
        {t('slides.png4kShort')}
      </button>
      <button
        type="button"
        className="button button--small"
        data-testid="export-deck"
        title={noStory ? t('slides.noStory') : t('slides.deck')}
        aria-label={t('slides.deck')}
        disabled={busy || noStory}
        onClick={() => void deck('zip')}
      >
        {t('slides.deckShort')}
      </button>
      <button
        type="button"
        className="button button--small"
        data-testid="print-deck"
        title={noStory ? t('slides.noStory') : t('slides.print')}
        aria-label={t('slides.print')}
        disabled={busy || noStory}
        onClick={() => void deck('print')}
      >
        {t('slides.printShort')}
      </button>
      {status ? (
        <span className="slide-buttons__status" role={status.kind === 'refused' ? 'alert' : 'status'} data-testid="export-deck-status" data-kind={status.kind}>
          {status.kind === 'running' ? (
            <>
              <progress max={status.progress.total} value={status.progress.done} data-testid="export-deck-progress" />{' '}
              {t('slides.progress', { done: f.digits(Math.min(status.progress.total, status.progress.done + 1)), total: f.digits(status.progress.total) })}{' '}
              {abort ? (
                <button type="button" className="button button--small" data-testid="export-deck-cancel" onClick={() => abort.abort()}>
                  {t('slides.cancel')}
                </button>
              ) : null}
            </>
          ) : status.kind === 'saved' ? (
            t('slides.saved', { name: status.name, count: f.digits(status.count) })
          ) : status.kind === 'cancelled' ? (
            t('slides.cancelled')
          ) : (
            t('slides.refused', { step: status.step })
          )}
        </span>
      ) : null}
      {print ? <PrintDeck view={print} onClose={() => setPrint(null)} /> : null}
    </span>
  );
}

/** The attribute on <html> while a print view is open: printing then prints only its pages. */
export const PRINT_DECK_ATTR = 'data-print-deck';

/**
 * The print view: one 16:9 landscape page per step (`@page deck`), the
 * step's title as the slide's title, its narration under it, and the stage as the step shows
 * it. On screen it lies over the page with Print and Close; in print only its pages print.
 */
function PrintDeck({ view, onClose }: { readonly view: PrintView; readonly onClose: () => void }) {
  const t = useT();
  const story = storyById(view.story);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute(PRINT_DECK_ATTR, '');
    close.current?.focus();
    return () => {
      root.removeAttribute(PRINT_DECK_ATTR);
      for (const s of view.slides) s.canvas.width = s.canvas.height = 0;
    };
  }, [view]);
  if (!story) return null;
  const m = story.steps.length;
  return createPortal(
    <div
      className="print-deck"
      role="dialog"
      aria-modal="true"
      aria-labelledby="print-deck-title"
      data-testid="print-deck-view"
      data-slides={view.slides.length}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="print-deck__bar">
        <h2 id="print-deck-title">{t('slides.printTitle', { story: t(story.title) })}</h2>
        <p>{t('slides.printHelp')}</p>
        <button type="button" className="button button--primary" data-testid="print-deck-print" onClick={() => window.print()}>
          {t('slides.printNow')}
        </button>
        <button ref={close} type="button" className="button" data-testid="print-deck-close" onClick={onClose}>
          {t('slides.close')}
        </button>
      </div>
      {view.slides.map(({ step, canvas }) => {
        const s = story.steps[step - 1]!;
        return (
          <section className="print-slide" key={step} data-testid="print-slide" data-step={step}>
            <p className="print-slide__where">{t('slides.stepOf', { story: t(story.title), n: step, m })}</p>
            <h1 className="print-slide__title">{t(s.title)}</h1>
            <p className="print-slide__narration">{t(s.narration)}</p>
            <div className="print-slide__stage" ref={(el) => void (el && el.firstChild !== canvas && el.replaceChildren(canvas))} />
          </section>
        );
      })}
    </div>,
    document.body,
  );
}
