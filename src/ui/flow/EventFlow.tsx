import { ExportButtons } from '../export/ExportButtons';
import { memo, useEffect, useRef } from 'react';
import { STEP_SECONDS, useShardScope, useShardScopeShallow, useShardScopeStore } from '../../state';
import { useFormat, useT } from '../i18n';
import { replicaColor } from '../theme/palette';
import { FlowController } from './FlowController';
import { particlesFor, sampleEvents } from './flowModel';

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Watch events leaving the API server(s) for the replicas, client-side and server-side side
 * by side. React renders the frame and the words; a {@link FlowController} owns the two
 * canvases. New events from the store become particles spread over the step's wall time.
 */
export const EventFlow = memo(function EventFlow() {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const clientRef = useRef<HTMLCanvasElement>(null);
  const serverRef = useRef<HTMLCanvasElement>(null);
  const controller = useRef<FlowController | null>(null);
  const consumed = useRef(0);
  const servers = useShardScope((s) => s.params.apiServers);
  const replicas = useShardScope((s) => s.params.replicas);
  const theme = useShardScope((s) => s.view.theme);
  const eventsVersion = useShardScope((s) => s.sim.eventsVersion);
  const rates = useShardScopeShallow((s) => {
    const snap = s.sim.snapshot;
    if (!snap) return { clientPerReplica: 0, serverPerReplica: 0, clientKept: 0, filtered: 0 };
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    return {
      clientPerReplica: mean(snap.modes.client.replicas.map((r) => r.rates.eventsReceivedPerSec)),
      serverPerReplica: mean(snap.modes.server.replicas.map((r) => r.rates.eventsReceivedPerSec)),
      clientKept: mean(snap.modes.client.replicas.map((r) => r.rates.eventsKeptPerSec)),
      filtered: snap.modes.server.apiServers.reduce((a, sv) => a + sv.metrics.watchFilteredEventsTotal, 0),
    };
  });

  useEffect(() => {
    const client = clientRef.current;
    const server = serverRef.current;
    if (!client || !server) return;
    const c = new FlowController({ client, server });
    controller.current = c;
    return () => {
      c.destroy();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    controller.current?.update({
      servers,
      replicas,
      theme,
      serverLabel: (i) => `apiserver-${i}`,
      replicaLabel: (i) => t('flow.replica', { replica: i }),
      gateLabel: (on) => (on ? t('flow.gateOn') : t('flow.gateOff')),
      filterLabel: t('flow.filter'),
      reducedMotion: prefersReducedMotion(),
    });
  }, [servers, replicas, theme, t]);

  // Turn newly arrived events into particles, spread over the wall time of one step.
  useEffect(() => {
    const events = store.data.events;
    const n = Math.min(events.length, store.data.eventsAppended - consumed.current);
    consumed.current = store.data.eventsAppended;
    const fresh = n > 0 ? events.slice(events.length - n) : [];
    const c = controller.current;
    if (!c || fresh.length === 0) return;
    const picked = sampleEvents(fresh);
    const snapshot = store.getState().sim.snapshot;
    const speed = store.getState().view.speed;
    const spread = Math.min(1200, (STEP_SECONDS / speed) * 1000);
    const now = performance.now();
    const serverOf = (mode: 'client' | 'server', replica: number) => snapshot?.modes[mode].replicas[replica]?.apiServer ?? 0;
    c.add(picked.flatMap((e, i) => particlesFor(e, now + (i * spread) / Math.max(1, picked.length), serverOf)));
  }, [store, eventsVersion]);

  return (
    <section className="panel flow" aria-labelledby="flow-title" data-testid="event-flow">
      <div className="panel__head">
        <h2 id="flow-title" className="panel__title">
          {t('flow.title')}
        </h2>
        <ExportButtons target="flow" />
        <ul className="flow__legend">
          <li>
            <span className="dot" style={{ background: replicaColor(0, theme) }} aria-hidden="true" /> {t('flow.legendKept')}
          </li>
          <li>
            <span className="cross" aria-hidden="true">×</span> {t('flow.legendDropped')}
          </li>
          <li>
            <span className="ring" aria-hidden="true" /> {t('flow.legendFiltered')}
          </li>
          <li>
            <span className="diamond" aria-hidden="true" /> {t('flow.legendBookmark')}
          </li>
        </ul>
      </div>
      <p className="panel__subtitle">{t('flow.description')}</p>
      <div className="flow__panes">
        <figure className="flow__pane">
          <figcaption>
            <strong>{t('flow.clientSide')}</strong>{' '}
            <span data-testid="flow-client-rate">
              {t('flow.clientRate', { received: f.compact(rates.clientPerReplica), kept: f.compact(rates.clientKept) })}
            </span>
          </figcaption>
          <canvas ref={clientRef} className="flow__canvas" data-testid="flow-canvas-client" aria-hidden="true" />
        </figure>
        <figure className="flow__pane">
          <figcaption>
            <strong>{t('flow.serverSide')}</strong>{' '}
            <span data-testid="flow-server-rate">
              {t('flow.serverRate', { received: f.compact(rates.serverPerReplica), filtered: f.compact(rates.filtered) })}
            </span>
          </figcaption>
          <canvas ref={serverRef} className="flow__canvas" data-testid="flow-canvas-server" aria-hidden="true" />
        </figure>
      </div>
    </section>
  );
});
