import { memo, useEffect, useRef, useState } from 'react';
import { useShardScope, useShardScopeStore, type ListResponse, type PodListBody, type ReplicaStats } from '../../state';
import { useFormat, useT } from '../i18n';

/** Props of {@link ListPreview}. */
export interface ListPreviewProps {
  readonly replica: number;
  /** Objects the replica holds (the preview lists only the first items). */
  readonly owned: number;
  /** The replica's current state in the server-side run. */
  readonly stats: ReplicaStats | null;
}

/** Refresh the body at most this often while the run plays (simulated seconds). */
const REFRESH_SIM_SECONDS = 2;

/**
 * What the replica's LIST returns, as the JSON people would see with `kubectl get --raw`:
 * `metadata.shardInfo` highlighted when present, called out when missing, and the whole
 * `Status` body for an HTTP 500. Fetched from the model only while the card is on screen.
 */
export const ListPreview = memo(function ListPreview({ replica, owned, stats }: ListPreviewProps) {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver !== 'function');
  const [response, setResponse] = useState<ListResponse | null>(null);
  const applied = useShardScope((s) => s.sim.applied);
  const tick = useShardScope((s) => Math.floor((s.sim.snapshot?.time ?? 0) / REFRESH_SIM_SECONDS));
  const ready = useShardScope((s) => s.sim.status === 'ready');
  const resourceVersion = useShardScope((s) => String(s.sim.snapshot?.cluster.resourceVersion ?? ''));

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver !== 'function') return;
    const io = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  useEffect(() => {
    if (!visible || !ready) return;
    const engine = store.data.engine;
    if (!engine) return;
    let live = true;
    engine
      // No limit: one unpaginated LIST, as an informer's relist with resourceVersion=0 would be.
      .listFor('server', replica)
      .then((r) => {
        if (live) setResponse(r);
      })
      .catch(() => {
        if (live) setResponse(null);
      });
    return () => {
      live = false;
    };
  }, [store, replica, applied, tick, visible, ready]);

  const renderPreview = (r: ListResponse) => {
    const total = r.status === 200 ? r.totalItems : owned;
    return renderBody(r, t('card.listPreviewNoShardInfo'), t('card.listItems', { count: total, formatted: f.count(total) }));
  };

  return (
    <div ref={ref} className="list-preview">
      <pre className="code list-preview__code" data-testid="list-preview" tabIndex={0} aria-label={t('card.listPreview')}>
        {stats ? renderPreview(current(response, stats, resourceVersion)) : '…'}
      </pre>
    </div>
  );
});

/**
 * The response to show: the one fetched from the model when it agrees with the replica's
 * current state; otherwise (a refetch is on its way) the same metadata from that state, so
 * the preview never contradicts the badges for a moment.
 */
function current(r: ListResponse | null, stats: ReplicaStats, resourceVersion: string): ListResponse {
  const rejected = stats.status === 'error' && stats.error?.httpStatus === 500;
  if (r && (r.status === 500) === rejected && (r.status === 500 || Boolean(r.body.metadata.shardInfo) === stats.shardInfoSeen)) return r;
  const request = { verb: 'LIST' as const, url: stats.listUrl, shardSelector: stats.selectorSent, apiServer: stats.apiServer };
  if (rejected) {
    const message = stats.error!.message;
    return {
      status: 500,
      request,
      body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError', details: { causes: [{ message }] }, code: 500 },
    };
  }
  const metadata: PodListBody['metadata'] = stats.shardInfoSeen && stats.selector ? { resourceVersion, shardInfo: { selector: stats.selector } } : { resourceVersion };
  const items = r && r.status === 200 ? r.body.items : [];
  return {
    status: 200,
    request,
    body: { kind: 'PodList', apiVersion: 'v1', metadata, items },
    totalItems: r && r.status === 200 ? r.totalItems : stats.cacheObjects,
    itemsShown: items.length,
  };
}

function renderBody(r: ListResponse, missingNote: string, itemsNote: string) {
  if (r.status !== 200) {
    return (
      <>
        <span className="code__status code__status--error">HTTP {r.status}</span>
        {'\n'}
        <span data-testid="list-status-body">{JSON.stringify(r.body, null, 2)}</span>
      </>
    );
  }
  const b = r.body;
  const first = b.items[0];
  const itemLine = first
    ? `    { "metadata": { "name": ${JSON.stringify(first.metadata.name)}, "namespace": ${JSON.stringify(first.metadata.namespace ?? '')}, "uid": ${JSON.stringify(first.metadata.uid)} } },\n    …`
    : '';
  return (
    <>
      <span className="code__status">HTTP 200</span>
      {'\n{\n  "kind": "PodList",\n  "apiVersion": "v1",\n  "metadata": {\n    "resourceVersion": '}
      {JSON.stringify(b.metadata.resourceVersion)}
      {b.metadata.shardInfo ? (
        <>
          {',\n'}
          <mark className="code__shardinfo" data-testid="shardinfo-preview">
            {`    "shardInfo": {\n      "selector": ${JSON.stringify(b.metadata.shardInfo.selector)}\n    }`}
          </mark>
          {'\n'}
        </>
      ) : (
        <>
          {'\n'}
          <span className="code__missing" data-testid="shardinfo-missing">{`    // ${missingNote}`}</span>
          {'\n'}
        </>
      )}
      {'  },\n  "items": ['}
      <span className="code__comment">{` // ${itemsNote}`}</span>
      {first ? `\n${itemLine}\n  ]\n}` : ']\n}'}
    </>
  );
}
