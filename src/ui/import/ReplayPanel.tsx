/**
 * The replay of an imported watch stream, in the bandwidth panel. The model replays
 * the stream through both modes for the current replicas and selectors (`streamReplay`, in the
 * worker) and returns exact prefix sums over the stream's time; this panel walks that time at
 * the chosen speed (1×, 10×, 100×, as fast as possible) and shows, per replica, the measured
 * bytes and events each mode has sent by then, and server-side over client-side.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShardScope, useShardScopeStore } from '../../state';
import { replaySampleAt, type ReplayReport } from '../../sim';
import { Segmented } from '../primitives';
import { useFormat, useT } from '../i18n';
import { publishReplay } from './replayBus';
import './import.css';

type Speed = '1' | '10' | '100' | 'max';
const SPEEDS: readonly Speed[] = ['1', '10', '100', 'max'];

/** The figures at sample `k`: per replica, client-side and server-side bytes and events. */
export function replayFiguresAt(r: ReplayReport, k: number) {
  const tl = r.timeline;
  const n = r.replicas;
  const client = { bytes: tl.streamBytes[k]!, events: tl.streamEvents[k]! };
  const rows = r.server.map((s, i) => ({ replica: i, client, server: { bytes: tl.serverBytes[k * n + i]!, events: tl.serverEvents[k * n + i]! }, error: s.error, unfiltered: s.unfiltered }));
  const serverBytes = rows.reduce((a, x) => a + x.server.bytes, 0);
  const serverEvents = rows.reduce((a, x) => a + x.server.events, 0);
  return { time: tl.time[k]!, rows, total: { client: { bytes: client.bytes * n, events: client.events * n }, server: { bytes: serverBytes, events: serverEvents } } };
}

export function ReplayPanel() {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const imported = useShardScope((s) => s.imported);
  const applied = useShardScope((s) => s.sim.applied);
  const on = imported !== null && imported.replay && imported.streamEvents > 0;
  const [report, setReport] = useState<ReplayReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [time, setTimeState] = useState(0);
  const timeRef = useRef(0);
  const setTime = (x: number) => {
    timeRef.current = x;
    setTimeState(x);
  };
  const [speed, setSpeed] = useState<Speed>('1');
  const [playing, setPlaying] = useState(false);
  const started = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const scrollPending = useRef(false);
  const locale = useShardScope((s) => s.view.locale);
  const two = useMemo(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [locale]);

  // Hidden (or a new import): the next replay starts afresh.
  useEffect(() => {
    if (on) return;
    started.current = false;
    setReport(null);
    setPlaying(false);
    timeRef.current = 0;
    setTimeState(0);
  }, [on]);

  // The model replays the stream again whenever the run's replicas or selectors change.
  useEffect(() => {
    if (!on || !applied) return;
    const engine = store.data.engine;
    if (!engine) return;
    let live = true;
    engine.streamReplay().then(
      (r) => {
        if (!live) return;
        setReport(r);
        setError(null);
        // The first replay starts playing at once, at its own pace.
        if (!started.current) {
          started.current = true;
          setPlaying(true);
          scrollPending.current = true;
        }
      },
      (e: unknown) => live && setError(String((e as Error)?.message ?? e)),
    );
    return () => {
      live = false;
    };
  }, [on, applied, store]);

  // The replay was asked for from the dialog or the import's bar: bring it into view once.
  useEffect(() => {
    if (!report || !scrollPending.current || !box.current) return;
    scrollPending.current = false;
    box.current.scrollIntoView({ block: 'start' });
  }, [report]);

  // Walks the stream's time at the chosen speed; 'max' jumps to the end.
  useEffect(() => {
    if (!playing || !report) return;
    if (speed === 'max') {
      setTime(report.duration);
      setPlaying(false);
      return;
    }
    const rate = Number(speed);
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now: number) {
      const dt = Math.min(1, (now - last) / 1000);
      last = now;
      const next = Math.min(report.duration, timeRef.current + dt * rate);
      setTime(next);
      if (next >= report.duration) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, report]);

  const k = report ? replaySampleAt(report, time) : 0;
  // The replica cards show their own line of what this panel shows.
  useEffect(() => {
    publishReplay(store, on && report ? { report, sample: k } : null);
  }, [store, on, report, k]);
  useEffect(() => () => publishReplay(store, null), [store]);

  if (!on) return null;
  const close = () => store.getState().setReplay(false);
  if (!report) {
    return (
      <div className="replay" data-testid="replay-panel" role="status">
        <strong>{t('replay.title')}</strong> {error ? t('replay.failed', { message: error }) : t('replay.loading')}
      </div>
    );
  }
  const at = replayFiguresAt(report, k);
  const max = Math.max(1, at.total.client.bytes / report.replicas);
  const ended = time >= report.duration;
  const name = imported.name === '' ? t('import.pasted') : imported.name;
  return (
    <div className="replay" ref={box} data-testid="replay-panel" data-sample={k} data-ended={ended ? 'true' : 'false'}>
      <div className="replay__head">
        <div>
          <h3 className="replay__title">{t('replay.title')}</h3>
          <p className="replay__sub">
            {t('replay.subtitle', { events: f.digits(report.events), name, duration: f.clock(report.duration) })} {t(`replay.timing.${report.timing}`)}
            {report.inferredTypes ? ` ${t('replay.inferred')}` : ''}
          </p>
        </div>
        <button type="button" className="button button--small" data-testid="replay-close" onClick={close}>
          {t('replay.close')}
        </button>
      </div>
      <div className="replay__controls">
        <Segmented name="replay-speed" label={t('replay.speed')} compact value={speed} options={SPEEDS.map((v) => ({ value: v, label: t(`replay.speed.${v}`) }))} onChange={(v) => {
            setSpeed(v);
            if (v === 'max') setPlaying(true);
          }}
        />
        <button type="button" className="button button--small" data-testid="replay-play" onClick={() => {
            if (ended) setTime(0);
            setPlaying((p) => !p);
          }}
        >
          {playing ? t('replay.pause') : t('replay.play')}
        </button>
        <button type="button" className="button button--small" data-testid="replay-restart" onClick={() => {
            setTime(0);
            setPlaying(speed !== 'max');
          }}
        >
          {t('replay.restart')}
        </button>
        <span className="replay__progress" data-testid="replay-progress" data-time={at.time} data-events={at.rows[0]?.client.events ?? 0}>
          {t('replay.progress', { time: f.clock(at.time), duration: f.clock(report.duration), events: f.digits(at.rows[0]?.client.events ?? 0), total: f.digits(report.events) })}
        </span>
      </div>
      <table className="replay__table">
        <thead>
          <tr>
            <th scope="col">{t('replay.replica')}</th>
            <th scope="col">{t('replay.client')}</th>
            <th scope="col">{t('replay.server')}</th>
            <th scope="col">{t('replay.ratio')}</th>
          </tr>
        </thead>
        <tbody>
          {at.rows.map((row) => (
            <tr key={row.replica} data-testid={`replay-row-${row.replica}`} data-client-bytes={row.client.bytes} data-client-events={row.client.events} data-server-bytes={row.server.bytes} data-server-events={row.server.events}>
              <th scope="row">replica-{row.replica}</th>
              <td>
                <span className="replay__bar replay__bar--client" style={{ width: `${(100 * row.client.bytes) / max}%` }} />
                {t('replay.cell', { bytes: f.bytes(row.client.bytes), events: f.digits(row.client.events) })}
              </td>
              <td>
                <span className="replay__bar replay__bar--server" style={{ width: `${(100 * row.server.bytes) / max}%` }} />
                {t('replay.cell', { bytes: f.bytes(row.server.bytes), events: f.digits(row.server.events) })}
                {row.error ? <span className="replay__warn">{t('replay.noStream', { message: row.error })}</span> : row.unfiltered ? <span className="replay__warn">{t('replay.unfiltered')}</span> : null}
              </td>
              <td>{row.client.bytes > 0 ? `${two.format(row.server.bytes / row.client.bytes)}×` : '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="replay-total" data-client-bytes={at.total.client.bytes} data-server-bytes={at.total.server.bytes}>
            <th scope="row">{t('replay.all')}</th>
            <td>{t('replay.cell', { bytes: f.bytes(at.total.client.bytes), events: f.digits(at.total.client.events) })}</td>
            <td>{t('replay.cell', { bytes: f.bytes(at.total.server.bytes), events: f.digits(at.total.server.events) })}</td>
            <td data-testid="replay-ratio">{at.total.client.bytes > 0 ? `${two.format(at.total.server.bytes / at.total.client.bytes)}×` : '—'}</td>
          </tr>
        </tfoot>
      </table>
      <p className="replay__note">{t('replay.note')}</p>
    </div>
  );
}
