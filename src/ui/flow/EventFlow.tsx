import { ExportButtons } from '../export';
import { memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { STEP_SECONDS, useShardScope, useShardScopeStore, type ShardScopeStore, type SimSnapshot } from '../../state';
import { useFormat, useLocale, useT } from '../i18n';
import { canvasPalette, replicaColor, textOn, type Theme } from '../theme';
import { FlowController, type FlowPhase } from './FlowController';
import { FlowClockContext } from '../primitives';
import { fitText, flowLayout, flowPalette, type Box, type FlowLayout } from './flowLayout';
import { EVENTS_PER_STEP, sampleEvents, stepCounts, type StepCounts } from './flowModel';
import './flow.css';

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

type Mode = 'client' | 'server';
interface Size {
  readonly w: number;
  readonly h: number;
}
/** Before the first measurement (and in tests without layout): a pane's usual size. */
const DEFAULT_SIZE: Size = { w: 420, h: 280 };

/** Measured CSS sizes of the two diagram stages. */
function usePaneSizes(refs: Record<Mode, React.RefObject<HTMLDivElement | null>>): Record<Mode, Size> {
  const [sizes, setSizes] = useState<Record<Mode, Size>>({ client: DEFAULT_SIZE, server: DEFAULT_SIZE });
  useEffect(() => {
    const client = refs.client.current;
    const server = refs.server.current;
    if (!client || !server || typeof ResizeObserver !== 'function') return;
    // Sizes come from a ResizeObserver, which reports after the browser's own layout (reading
    // clientWidth in a paint would force a synchronous layout of the whole page).
    const ro = new ResizeObserver((entries) => {
      setSizes((prev) => {
        let next = prev;
        for (const e of entries) {
          const mode: Mode = e.target === client ? 'client' : 'server';
          const box = e.contentBoxSize?.[0];
          const w = Math.round(box ? box.inlineSize : e.contentRect.width);
          const h = Math.round(box ? box.blockSize : e.contentRect.height);
          if (w > 0 && h > 0 && (next[mode].w !== w || next[mode].h !== h)) next = { ...next, [mode]: { w, h } };
        }
        return next;
      });
    });
    ro.observe(client);
    ro.observe(server);
    return () => ro.disconnect();
  }, [refs.client, refs.server]);
  return sizes;
}

/**
 * Watch events leaving the API server(s) for the replicas, client-side and server-side side
 * by side. React draws the boxes, filter lines, labels and the last step's counts (SVG, so
 * they render off screen and in print too); a {@link FlowController} animates sampled events
 * on a canvas above. Paused, the last events stay frozen in place; a step forward plays that
 * step's events slowly, then freezes again.
 */
export const EventFlow = memo(function EventFlow() {
  const t = useT();
  const store = useShardScopeStore();
  const rootRef = useRef<HTMLElement>(null);
  const stageRefs = { client: useRef<HTMLDivElement>(null), server: useRef<HTMLDivElement>(null) };
  const canvasRefs = { client: useRef<HTMLCanvasElement>(null), server: useRef<HTMLCanvasElement>(null) };
  const servers = useShardScope((s) => s.params.apiServers);
  const replicas = useShardScope((s) => s.params.replicas);
  const theme = useShardScope((s) => s.view.theme);
  const sizes = usePaneSizes(stageRefs);

  const layouts = useMemo(
    () => ({
      client: flowLayout(sizes.client.w, sizes.client.h, servers.length, replicas),
      server: flowLayout(sizes.server.w, sizes.server.h, servers.length, replicas),
    }),
    [sizes, servers.length, replicas],
  );
  const [controller, phase] = useFlowController(rootRef, canvasRefs, layouts, theme);
  const counts = useStepCounts(store, controller);

  const shown = counts && counts.client.replicas.length === replicas && counts.server.servers.length === servers.length ? counts : null;
  const labels = useMemo(
    () => ({
      server: (i: number) => `apiserver-${i}`,
      gate: (on: boolean) => (on ? t('flow.gateOn') : t('flow.gateOff')),
      replica: (i: number) => t('flow.replica', { replica: i }),
    }),
    [t],
  );

  return (
    <section
      ref={rootRef}
      className="panel flow"
      aria-labelledby="flow-title"
      data-testid="event-flow"
      data-flow-phase={phase}
    >
      <div className="panel__head">
        <h2 id="flow-title" className="panel__title">
          {t('flow.title')}
        </h2>
        <ExportButtons target="flow" />
        <FlowLegend theme={theme} />
      </div>
      <p className="panel__subtitle">{t('flow.description')}</p>
      <FlowStepLine phase={phase} shown={shown} />
      <div className="flow__panes">
        {(['client', 'server'] as const).map((mode) => (
          <figure className="flow__pane" key={mode}>
            <FlowPaneCaption mode={mode} shown={shown} />
            <div className="flow__stage" ref={stageRefs[mode]} data-testid={`flow-stage-${mode}`}>
              {/* Particles under the frame, so counts and labels stay readable over them. */}
              <canvas ref={canvasRefs[mode]} className="flow__canvas" data-testid={`flow-canvas-${mode}`} aria-hidden="true" />
              <FlowFrame mode={mode} layout={layouts[mode]} servers={servers} counts={shown?.[mode] ?? null} theme={theme} labels={labels} />
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
});

/**
 * The {@link FlowController} that animates the panel's two canvases: created once per clock,
 * told of new layouts and themes, paused off screen. Returns it (null until mounted) and its phase.
 */
function useFlowController(
  rootRef: React.RefObject<HTMLElement | null>,
  canvasRefs: Record<Mode, React.RefObject<HTMLCanvasElement | null>>,
  layouts: Record<Mode, FlowLayout>,
  theme: Theme,
): [React.RefObject<FlowController | null>, FlowPhase] {
  const controller = useRef<FlowController | null>(null);
  const clock = useContext(FlowClockContext);
  const [phase, setPhase] = useState<FlowPhase>('idle');

  useEffect(() => {
    const client = canvasRefs.client.current;
    const server = canvasRefs.server.current;
    if (!client || !server) return;
    // The phase goes through React (it changes a few times per step at most); the count of
    // marks drawn changes every frame, so it goes straight to an attribute (for tests) instead
    // of re-rendering the panel 60 times a second.
    const c = new FlowController(
      { client, server },
      (p, m) => {
        setPhase(p);
        rootRef.current?.setAttribute('data-flow-marks', String(m.client + m.server));
      },
      // A video's own clock (read once: the controller lives as long as the panel).
      clock ?? undefined,
    );
    controller.current = c;
    // Off screen, nothing animates (the SVG frame and counts still render, for print and
    // full-page screenshots); on screen again, the animation resumes.
    const root = rootRef.current;
    let io: IntersectionObserver | null = null;
    if (root && typeof IntersectionObserver === 'function') {
      io = new IntersectionObserver((entries) => c.setVisible(entries.some((e) => e.isIntersecting)));
      io.observe(root);
    }
    return () => {
      io?.disconnect();
      c.destroy();
      controller.current = null;
    };
    // The refs are the panel's own, fixed for its life: a new clock makes a new controller.
  }, [clock, rootRef, canvasRefs.client, canvasRefs.server]);

  useEffect(() => {
    controller.current?.update({ client: layouts.client, server: layouts.server, theme, reducedMotion: prefersReducedMotion() });
  }, [layouts, theme]);

  return [controller, phase];
}

/**
 * The last step's counts, from each new snapshot; and the step's events handed to the
 * controller: a batch while playing, one slow step while paused; a step back: a clean
 * slate; a pause: freeze.
 */
function useStepCounts(store: ShardScopeStore, controller: React.RefObject<FlowController | null>): StepCounts | null {
  const [counts, setCounts] = useState<StepCounts | null>(null);
  useEffect(() => {
    let prevSnap: SimSnapshot | null = store.getState().sim.snapshot;
    let consumed = store.data.eventsAppended;
    return store.subscribe((s, prev) => {
      const c = controller.current;
      if (prev.playing && !s.playing) c?.freeze();
      const snap = s.sim.snapshot;
      if (!snap || snap === prevSnap) return;
      const before = prevSnap;
      prevSnap = snap;
      const events = store.data.events;
      const n = Math.min(events.length, store.data.eventsAppended - consumed);
      consumed = store.data.eventsAppended;
      const fresh = n > 0 ? events.slice(events.length - n) : [];
      if (before && snap.time < before.time) {
        setCounts(null);
        c?.clear();
        return;
      }
      if (before && snap.time === before.time) return;
      const step = stepCounts(before, snap);
      setCounts(step);
      if (!c || fresh.length === 0) return;
      const serverOf = (mode: Mode, replica: number) => snap.modes[mode].replicas[replica]?.apiServer ?? 0;
      if (s.playing) {
        const spread = Math.min(1200, (STEP_SECONDS / s.view.speed) * 1000);
        c.play(sampleEvents(fresh), spread, serverOf);
      } else {
        c.step(sampleEvents(fresh, EVENTS_PER_STEP), serverOf);
      }
    });
  }, [store, controller]);
  return counts;
}

/** What the marks on the canvases stand for. */
function FlowLegend({ theme }: { theme: Theme }) {
  const t = useT();
  return (
    <ul className="flow__legend">
      <li>
        <span className="dot" style={{ background: replicaColor(0, theme) }} aria-hidden="true" /> {t('flow.legendKept')}
      </li>
      <li>
        <span className="cross" aria-hidden="true">×</span> {t('flow.legendDroppedLocal')}
      </li>
      <li>
        <span className="ring" aria-hidden="true" /> {t('flow.legendFiltered')}
      </li>
      <li>
        <span className="diamond" aria-hidden="true" /> {t('flow.legendBookmark')}
      </li>
    </ul>
  );
}

/** The last step's events by type, and whether the animation is frozen or stepping. */
function FlowStepLine({ phase, shown }: { phase: FlowPhase; shown: StepCounts | null }) {
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  return (
    <p className="flow__step" data-testid="flow-step-counts" data-total={shown?.total ?? ''}>
      {phase === 'frozen' || phase === 'step' ? (
        <span className="flow__phase" data-testid="flow-phase">
          {phase === 'step' ? t('flow.phaseStep') : t('flow.phaseFrozen')}
        </span>
      ) : null}
      {shown
        ? t('flow.stepEvents', {
            seconds: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(shown.seconds),
            total: f.count(shown.total),
            added: f.count(shown.events.added),
            modified: f.count(shown.events.modified),
            deleted: f.count(shown.events.deleted),
            bookmarks: f.count(shown.events.bookmarks),
          })
        : t('flow.stepNone')}
    </p>
  );
}

/** A pane's name and what its replicas were sent, kept, dropped or spared in the last step. */
function FlowPaneCaption({ mode, shown }: { mode: Mode; shown: StepCounts | null }) {
  const t = useT();
  const f = useFormat();
  return (
    <figcaption>
      <strong>{mode === 'client' ? t('flow.clientSide') : t('flow.serverSide')}</strong>{' '}
      <span
        data-testid={`flow-${mode}-step`}
        data-sent={shown?.[mode].sent ?? ''}
        data-kept={shown?.[mode].kept ?? ''}
        data-dropped={shown?.[mode].dropped ?? ''}
        data-filtered={shown?.[mode].filtered ?? ''}
      >
        {shown
          ? mode === 'client'
            ? t('flow.stepClient', { sent: f.count(shown.client.sent), kept: f.count(shown.client.kept), dropped: f.count(shown.client.dropped) })
            : t('flow.stepServer', { sent: f.count(shown.server.sent), kept: f.count(shown.server.kept), filtered: f.count(shown.server.filtered) })
          : null}
      </span>
    </figcaption>
  );
}

interface FrameProps {
  readonly mode: Mode;
  readonly layout: FlowLayout;
  readonly servers: readonly { readonly gate: boolean }[];
  readonly counts: StepCounts['client'] | null;
  readonly theme: Theme;
  readonly labels: { server: (i: number) => string; gate: (on: boolean) => string; replica: (i: number) => string };
}

/** The still part of one pane: boxes, links, filter lines, labels and the last step's counts. */
const FlowFrame = memo(function FlowFrame({ mode, layout, servers, counts, theme, labels }: FrameProps) {
  const t = useT();
  const f = useFormat();
  const pal = canvasPalette(theme);
  const { w, h } = layout;
  const pad = 6;
  const serverOf = (r: number) => r % Math.max(1, servers.length);
  // A halo in the stage's colour keeps counts readable over the lines and particles.
  const halo = { stroke: flowPalette(theme).stage, strokeWidth: 4, paintOrder: 'stroke', strokeLinejoin: 'round' } as const;
  const countFont = Math.max(12, Math.min(20, Math.round(Math.min(w, h) / 22)));

  const boxLabel = (b: Box, candidates: string[], maxFont: number) => fitText(candidates, b.w - 2 * pad, b.h - 4, maxFont);

  return (
    <svg className="flow__svg" viewBox={`0 0 ${w} ${h}`} width={w} height={h} aria-hidden="true" data-testid={`flow-frame-${mode}`}>
      {/* A faint path from each replica's API server to it: where its events travel. */}
      {layout.replicas.map((r, i) => {
        const s = layout.servers[serverOf(i)] ?? layout.servers[0]!;
        return <line key={`l${i}`} x1={s.x + s.w} y1={s.y + s.h / 2} x2={r.x} y2={r.y + r.h / 2} stroke={pal.grid} strokeWidth={1} />;
      })}
      {mode === 'server'
        ? layout.servers.map((b, i) => {
            if (!servers[i]?.gate) return null;
            const x = layout.serverFilterX;
            const filtered = counts?.servers[i];
            const label = fitText([t('flow.filter')], Math.min(x - b.x - b.w, w - x) * 2 - 8, Math.max(0, b.y - 2), countFont, 11);
            const below = h - (b.y + b.h) >= countFont + 8;
            const room = below ? 2 * Math.min(x, layout.replicas[0]!.x - x) - 8 : layout.replicas[0]!.x - x - 16;
            const count = filtered !== undefined ? fitText([t('flow.filteredCount', { count: f.count(filtered) })], room, below ? h - (b.y + b.h) : b.h, countFont, 11) : null;
            return (
              <g key={`f${i}`} data-testid="flow-filter-server">
                <line x1={x} x2={x} y1={b.y} y2={b.y + b.h} stroke={pal.foreground} strokeWidth={3} strokeDasharray="6 4" />
                {label ? (
                  <text x={x} y={b.y - 6} textAnchor="middle" fontSize={label.font} fontWeight={600} fill={pal.muted}>
                    {label.text}
                  </text>
                ) : null}
                {count ? (
                  <text
                    {...(below
                      ? { x, y: b.y + b.h + count.font + 2, textAnchor: 'middle' }
                      : { x: x + 8, y: b.y + b.h - 8 })}
                    fontSize={count.font}
                    fontWeight={700}
                    fill={pal.foreground}
                    {...halo}
                    data-testid="flow-filtered-count"
                  >
                    {count.text}
                  </text>
                ) : null}
              </g>
            );
          })
        : (() => {
            const x = layout.localFilterX;
            const top = layout.replicas[0]!.y;
            const bottom = layout.replicas[layout.replicas.length - 1]!;
            const label = top >= 14 ? fitText([t('flow.localFilter')], (w - x) * 2 - 8, top - 2, countFont, 11) : null;
            return (
              <g data-testid="flow-filter-local">
                <line x1={x} x2={x} y1={top} y2={bottom.y + bottom.h} stroke={pal.foreground} strokeWidth={3} strokeDasharray="6 4" />
                {label ? (
                  <text x={Math.min(x, w - (label.text.length * 0.31 * label.font) - 4)} y={top - 4} textAnchor="middle" fontSize={label.font} fontWeight={600} fill={pal.muted}>
                    {label.text}
                  </text>
                ) : null}
              </g>
            );
          })()}
      {layout.servers.map((b, i) => {
        const gate = servers[i]?.gate ?? true;
        const name = fitText([labels.server(i)], b.w - 8, b.h - 4, 22, 10);
        const twoLines = name !== null && b.h >= name.font * 2.6 + 8;
        const sub = twoLines ? fitText([labels.gate(gate)], b.w - 8, b.h / 2 - 4, Math.round(name.font * 0.85)) : null;
        return (
          <g key={`s${i}`}>
            <rect data-testid="flow-box" data-box={`server-${i}`} x={b.x} y={b.y} width={b.w} height={b.h} rx={6} fill={pal.background} stroke={gate ? pal.foreground : pal.gap} strokeWidth={2} />
            {name ? (
              <text data-testid="flow-label" data-box={`server-${i}`} x={b.x + b.w / 2} textAnchor="middle" y={b.y + b.h / 2 + (sub ? -name.font * 0.3 : name.font * 0.35)} fontSize={name.font} fontWeight={600} fill={pal.foreground}>
                {name.text}
              </text>
            ) : null}
            {name && sub ? (
              <text data-testid="flow-label" data-box={`server-${i}`} x={b.x + b.w / 2} textAnchor="middle" y={b.y + b.h / 2 + sub.font * 1.15} fontSize={sub.font} fontWeight={500} fill={gate ? pal.muted : pal.gap}>
                {sub.text}
              </text>
            ) : null}
          </g>
        );
      })}
      {layout.replicas.map((b, i) => {
        const colour = replicaColor(i, theme);
        const kept = counts?.replicas[i]?.kept;
        const dropped = counts?.replicas[i]?.dropped;
        const name = labels.replica(i);
        const candidates =
          kept !== undefined ? [t('flow.replicaKept', { label: name, kept: f.count(kept) }), t('flow.replicaKeptShort', { label: name, kept: f.count(kept) }), name] : [name];
        const label = boxLabel(b, candidates, 20);
        const drop =
          mode === 'client' && dropped !== undefined && dropped > 0
            ? fitText([t('flow.droppedCount', { count: f.count(dropped) })], layout.localFilterX - layout.serverFilterX - 8, b.h + 2, countFont, 11)
            : null;
        return (
          <g key={`r${i}`}>
            <rect data-testid="flow-box" data-box={`replica-${i}`} x={b.x} y={b.y} width={b.w} height={b.h} rx={Math.min(6, b.h / 3)} fill={colour} />
            {label ? (
              <text data-testid="flow-label" data-box={`replica-${i}`} x={b.x + b.w / 2} y={b.y + b.h / 2 + label.font * 0.35} textAnchor="middle" fontSize={label.font} fontWeight={600} fill={textOn(colour)}>
                {label.text}
              </text>
            ) : null}
            {drop ? (
              <text data-testid="flow-dropped-count" x={layout.localFilterX - layout.dot * 2 - 10} y={b.y + b.h / 2 + drop.font * 0.35} textAnchor="end" fontSize={drop.font} fontWeight={700} fill={pal.muted} {...halo}>
                {drop.text}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
});
