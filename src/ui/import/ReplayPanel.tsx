/**
 * The replay of an imported watch stream, in the bandwidth panel. The model replays
 * the stream through both modes for the current replicas and selectors (`streamReplay`, in the
 * worker) and returns exact prefix sums over the stream's time; this panel walks that time at
 * the chosen speed (1×, 10×, 100×, as fast as possible) and shows, per replica, the measured
 * bytes and events each mode has sent by then, and server-side over client-side.
 */
import { useEffect, useMemo } from 'react';
import { useShardScope, useShardScopeStore } from '../../state';
import { replaySampleAt, statusLine, type ReplayReport } from '../../sim';
import { DATA_SLOT, Segmented, WithData } from '../primitives';
import { useFormat, useT } from '../i18n';
import { publishReplay } from './replayBus';
import { useReplay, type ReplaySpeed, type ReplayState } from './useReplay';
import './import.css';

const SPEEDS: readonly ReplaySpeed[] = ['1', '10', '100', 'max'];

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
  const replay = useReplay(store, on, applied);
  const { report, error, time, box } = replay;
  const locale = useShardScope((s) => s.view.locale);
  const two = useMemo(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [locale]);

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
  const ended = time >= report.duration;
  const name = imported.name === '' ? t('import.pasted') : imported.name;
  return (
    <div className="replay" ref={box} data-testid="replay-panel" data-sample={k} data-ended={ended ? 'true' : 'false'}>
      <div className="replay__head">
        <div>
          <h3 className="replay__title">{t('replay.title')}</h3>
          <p className="replay__sub">
            <WithData sentence={t('replay.subtitle', { events: f.digits(report.events), name: DATA_SLOT, duration: f.clock(report.duration) })} data={name} own={imported.name === ''} /> {t(`replay.timing.${report.timing}`)}
            {report.inferredTypes ? ` ${t('replay.inferred')}` : ''}
          </p>
        </div>
        <button type="button" className="button button--small" data-testid="replay-close" onClick={close}>
          {t('replay.close')}
        </button>
      </div>
      <ReplayLimits report={report} />
      <ReplayControls replay={replay} report={report} at={at} ended={ended} />
      <ReplayTable report={report} at={at} two={two} />
      <p className="replay__note">{t('replay.note')}</p>
    </div>
  );
}

/** What the replay left out: the events past its cap (how many, from where), and the stream's ERROR events, listed. */
export function ReplayLimits({ report }: { report: ReplayReport }) {
  const t = useT();
  const f = useFormat();
  const from = report.droppedFrom;
  const line = (l: number | undefined, key: 'replay.droppedLine' | 'import.rejectedLine') => (l !== undefined ? t(key, { line: f.digits(l) }) : '');
  return (
    <>
      {report.dropped > 0 && from ? (
        <p className="replay__warn" role="alert" data-testid="replay-dropped" data-dropped={report.dropped}>
          {t('replay.dropped', { max: f.digits(from.limit), count: f.digits(report.dropped), event: f.digits(from.event), line: line(from.line, 'replay.droppedLine') })}
        </p>
      ) : null}
      {report.errors > 0 ? (
        <div className="replay__errors" data-testid="replay-errors" data-errors={report.errors}>
          <p className="replay__warn">{t('replay.errors', { count: report.errors })}</p>
          <ul>
            {report.errorList.map((e) => (
              <li key={e.event}>
                <WithData sentence={t('replay.errorRow', { event: f.digits(e.event), line: line(e.line, 'import.rejectedLine'), status: DATA_SLOT })} data={statusLine(e)} />
              </li>
            ))}
            {report.errors > report.errorList.length ? <li>{t('replay.errorsMore', { count: f.digits(report.errors - report.errorList.length) })}</li> : null}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** The figures {@link replayFiguresAt} gives. */
type ReplayFigures = ReturnType<typeof replayFiguresAt>;

/** Speed, play or pause, restart, and how far the replay is. */
function ReplayControls({ replay, report, at, ended }: { replay: ReplayState; report: ReplayReport; at: ReplayFigures; ended: boolean }) {
  const t = useT();
  const f = useFormat();
  const { speed, setSpeed, playing, setPlaying, setTime } = replay;
  return (
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
  );
}

/** Per replica and in all, what each mode has sent by now, with bars and server-side over client-side. */
function ReplayTable({ report, at, two }: { report: ReplayReport; at: ReplayFigures; two: Intl.NumberFormat }) {
  const t = useT();
  const f = useFormat();
  const max = Math.max(1, at.total.client.bytes / report.replicas);
  return (
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
  );
}
