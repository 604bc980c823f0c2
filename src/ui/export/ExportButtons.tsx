import { useRef, useState } from 'react';
import { useShardScopeStore } from '../../state';
import { useFormat, useT } from '../i18n';
import { captionSteps } from './caption';
import { runSliced } from './slices';
import { EXPORT_SCALE, exportPng, exportSvg, type PngOutcome } from './exportImage';
import { EXPORT_SKIP_ATTR } from './walkDom';
import { withEverythingRendered } from './offscreen';
import { MAX_VECTOR_DOTS } from './vectorDots';
import './export.css';

/** What a set of export buttons exports. */
export type ExportTarget = 'view' | 'hash' | 'comparison' | 'flow' | 'replica';

const TARGET_NAME = {
  view: 'export.target.view',
  hash: 'export.target.hash',
  comparison: 'export.target.comparison',
  flow: 'export.target.flow',
  replica: 'export.target.replica',
} as const;

/** The element a target stands for, found from its button (a panel is the closest section or card). */
function rootOf(button: HTMLElement, target: ExportTarget): Element | null {
  if (target === 'view') return document.getElementById('main');
  return button.closest(target === 'replica' ? '[data-testid="replica-card"]' : 'section.panel');
}

/**
 * PNG (and, for the hash space and the charts, SVG) export of one panel, of a replica card, or
 * of the whole simulation. The buttons leave themselves out of the picture.
 */
export function ExportButtons({ target, svg = false, replica }: { target: ExportTarget; svg?: boolean; replica?: number }) {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const ref = useRef<HTMLSpanElement>(null);
  const [busy, setBusy] = useState(false);
  // What the last PNG export did, when it was not the plain 2x picture.
  const [outcome, setOutcome] = useState<PngOutcome | null>(null);
  const suffix = target === 'replica' ? `-replica-${replica ?? 0}` : target === 'view' ? '' : `-${target}`;
  const name = t(TARGET_NAME[target], { replica: replica ?? 0 });
  const file = (ext: string) => `shardscope${target === 'replica' ? `-replica-${replica ?? 0}` : target === 'view' ? '' : `-${target}`}-seed-${store.getState().params.seed}.${ext}`;
  const run = async (kind: 'png' | 'svg') => {
    const root = ref.current ? rootOf(ref.current, target) : null;
    if (!root) return;
    setBusy(true);
    setOutcome(null);
    // The picture is of one moment: the run pauses while it is drawn (a few frames, or seconds
    // for a page of 64 cards, drawn a slice per frame) and plays on after.
    const playing = store.getState().playing;
    if (playing) store.getState().setPlaying(false);
    try {
      const caption = await runSliced(captionSteps(store, t, f, location.href));
      if (kind === 'png') {
        const done = await withEverythingRendered(() => exportPng(root, caption, file('png')));
        if (done.kind === 'refused' || done.scale !== EXPORT_SCALE || done.columns > 1) setOutcome(done);
      } else {
        // The SVG names its layers (vector dots, or a picture above 20,000 objects).
        const labels = {
          dotsLabel: (count: number) => t('slides.svgDots', { count: f.count(count) }),
          rasterLabel: (objects: number | null) => (objects === null ? t('slides.svgRaster') : t('slides.svgRasterDots', { count: f.count(objects), limit: f.count(MAX_VECTOR_DOTS) })),
        };
        await withEverythingRendered(() => exportSvg(root, caption, file('svg'), labels));
      }
    } finally {
      if (playing) store.getState().setPlaying(true);
      setBusy(false);
    }
  };
  return (
    <span ref={ref} className={target === 'view' ? 'export-buttons export-buttons--header' : 'export-buttons'} {...{ [EXPORT_SKIP_ATTR]: '' }}>
      <button
        type="button"
        className={target === 'view' ? 'button button--icon' : 'button button--small export-buttons__button'}
        data-testid={`export-png${suffix}`}
        aria-label={t('export.png', { target: name })}
        title={t('export.png', { target: name })}
        disabled={busy}
        onClick={() => void run('png')}
      >
        {target === 'view' ? (
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 5h18v14H3zM5 7v10h14V7zM7 15l3-4 2 3 2-2 3 3z" fill="currentColor" fillRule="evenodd" />
          </svg>
        ) : (
          t('export.pngShort')
        )}
      </button>
      {svg ? (
        <button
          type="button"
          className="button button--small export-buttons__button"
          data-testid={`export-svg${suffix}`}
          aria-label={t('export.svg', { target: name })}
          title={t('export.svg', { target: name })}
          disabled={busy}
          onClick={() => void run('svg')}
        >
          {t('export.svgShort')}
        </button>
      ) : null}
      {outcome ? (
        <span className="export-buttons__message" role={outcome.kind === 'refused' ? 'alert' : 'status'} data-testid="export-message">
          {outcome.kind === 'refused'
            ? t('export.refused', { width: f.digits(outcome.width), height: f.digits(outcome.height) })
            : t(outcome.columns > 1 ? 'export.reducedColumns' : 'export.reduced', { scale: f.ratio(outcome.scale), count: outcome.columns })}
        </span>
      ) : null}
    </span>
  );
}
