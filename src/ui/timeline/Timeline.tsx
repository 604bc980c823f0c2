import { memo, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import { useShardScope, useShardScopeShallow, useShardScopeStore, type ScheduledEvent } from '../../state';
import { Explain } from '../explain';
import { useFormat, useT, type Translate } from '../i18n';
import './timeline.css';

/** One mark on the timeline: a scheduled event or something the run did (a rolling update). */
export interface TimelineMark {
  /** `reshard`, `burst`, or any kind a later schedule adds (drawn the generic way). */
  readonly kind: string;
  /** Simulated seconds. */
  readonly at: number;
  /** End of a span (a burst), when known. */
  readonly end?: number | null;
  readonly label: string;
}

/** Marks for the schedule and the rolling updates, sorted by time. */
export function timelineMarks(t: Translate, schedule: readonly ScheduledEvent[], bursts: readonly { start: number; end: number | null; namespace: string }[]): TimelineMark[] {
  const marks: TimelineMark[] = [];
  for (const e of schedule) {
    // A generic label for kinds this page does not know yet.
    marks.push(e.kind === 'reshard' ? { kind: e.kind, at: e.at, label: t('timeline.reshard', { to: String(e.to), at: String(e.at) }) } : { kind: String((e as { kind: unknown }).kind), at: (e as { at: number }).at, label: String((e as { kind: unknown }).kind) });
  }
  for (const b of bursts) marks.push({ kind: 'burst', at: b.start, end: b.end, label: t('timeline.burst', { namespace: b.namespace, at: b.start.toFixed(1) }) });
  return marks.sort((a, b) => a.at - b.at);
}

/** Seconds shown: at least a minute, the run so far, and every scheduled event with room after it. */
export function timelineSpan(now: number, marks: readonly TimelineMark[]): number {
  const last = marks.reduce((m, x) => Math.max(m, x.at), 0);
  return Math.max(60, now * 1.05, last + 10);
}

/**
 * Where the timeline marks times a step back cannot restore from a checkpoint: from 0 to the
 * oldest checkpoint held, when that is more than a tick after the start (null otherwise).
 */
export function slowStretch(quickFrom: number | undefined, now: number): number | null {
  if (quickFrom === undefined || !(quickFrom > 0.005)) return null;
  return Math.min(quickFrom, now);
}

/**
 * The run's time as a track: where it is now, the scheduled events and the rolling updates
 * marked on it. Clicking the track or a mark goes to that time (a step back replays the run
 * to it; clicks made while the model is busy collapse into the last one).
 */
export const Timeline = memo(function Timeline() {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const schedule = useShardScope((s) => s.params.schedule);
  const { now, bursts, stepBack } = useShardScopeShallow((s) => ({ now: s.sim.snapshot?.time ?? 0, bursts: s.sim.snapshot?.churn.bursts ?? NO_BURSTS, stepBack: s.sim.snapshot?.stepBack }));
  const marks = useMemo(() => timelineMarks(t, schedule, bursts), [t, schedule, bursts]);
  const span = timelineSpan(now, marks);
  const pct = (x: number) => `${Math.min(100, Math.max(0, (x / span) * 100))}%`;
  const slow = slowStretch(stepBack?.quickFrom, now);
  const slowText = slow === null || !stepBack ? null : t('timeline.slow', { time: f.clock(slow), budget: f.bytes(stepBack.budgetBytes) });
  const seek = (x: number) => store.getState().seekTo(Math.max(0, Math.round(x * 100) / 100));

  const onTrack = (e: MouseEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    if (r.width <= 0) return;
    seek(((e.clientX - r.left) / r.width) * span);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const d = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : e.key === 'PageDown' ? -10 : e.key === 'PageUp' ? 10 : 0;
    if (e.key === 'Home') seek(0);
    else if (d !== 0) seek(now + d);
    else return;
    e.preventDefault();
  };

  return (
    <div className={slow === null ? 'timeline' : 'timeline timeline--slow'} data-testid="timeline" data-time={now.toFixed(2)} data-span={span.toFixed(2)}>
      <span className="timeline__now">{t('timeline.now', { time: f.clock(now) })}</span>
      <div
        className="timeline__track"
        data-testid="timeline-track"
        role="slider"
        tabIndex={0}
        aria-label={t('timeline.label')}
        aria-valuemin={0}
        aria-valuemax={Math.round(span)}
        aria-valuenow={Math.round(now * 100) / 100}
        aria-valuetext={f.clock(now)}
        aria-describedby={slowText === null ? undefined : 'timeline-slow-text'}
        onClick={onTrack}
        onKeyDown={onKey}
      >
        <div className="timeline__past" style={{ width: pct(now) }} />
        {slow !== null && <div className="timeline__slow" data-testid="timeline-slow" data-until={slow.toFixed(2)} style={{ width: pct(slow) }} title={slowText ?? undefined} />}
        {marks
          .filter((m) => m.kind === 'burst')
          .map((m, i) => (
            <div key={`b${i}`} className="timeline__span" style={{ left: pct(m.at), width: pct((m.end ?? now) - m.at) }} />
          ))}
        <div className="timeline__cursor" style={{ left: pct(now) }} />
      </div>
      {slowText !== null && slow !== null && (
        <>
          <span id="timeline-slow-text" className="sr-only">
            {slowText}
          </span>
          <span className="timeline__slow-note">
            <span data-testid="timeline-slow-note" aria-hidden="true" title={slowText}>
              {t('timeline.slowNote', { time: f.clock(slow) })}
            </span>
            <Explain topic="hatched" />
          </span>
        </>
      )}
      {marks.map((m, i) => (
        <button
          key={`${m.kind}${i}`}
          type="button"
          className={`timeline__mark timeline__mark--${m.kind === 'reshard' || m.kind === 'burst' ? m.kind : 'other'}`}
          data-testid="timeline-mark"
          data-kind={m.kind}
          data-at={m.at}
          style={{ left: `calc(var(--timeline-track-left) + (100% - var(--timeline-track-left)) * ${Math.min(1, m.at / span)})` }}
          title={m.label}
          aria-label={m.label}
          onClick={() => seek(m.at)}
        />
      ))}
    </div>
  );
});

const NO_BURSTS: readonly { start: number; end: number | null; namespace: string }[] = [];
