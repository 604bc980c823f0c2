import { memo, useEffect, useRef, useState } from 'react';
import { statusBody, useShardScope, useShardScopeStore, type ListResponse, type PodListBody, type ReplicaStats } from '../../state';
import { useFormat, useT, type Formatters, type Translate } from '../i18n';
import { Segmented } from '../primitives';

/** Which LIST the preview shows: the informer's first (one page from the watch cache), or a paginated one. */
type PreviewKind = 'informer' | 'paged';

/** The page size of client-go's pager (`tools/pager`), and of the paginated preview. */
const PAGE_SIZE = 500;

/** Props of {@link ListPreview}. */
export interface ListPreviewProps {
  readonly replica: number;
  /** The replica's current state in the server-side run. */
  readonly stats: ReplicaStats | null;
  /** The snapshot's resourceVersion (null before the first): the card passes it with `stats`. */
  readonly resourceVersion: number | null;
  /** Whether the replica's API server has the gate now (null: unknown). A LIST now carries shardInfo exactly when it does. */
  readonly gate?: boolean | null;
}

/** Refresh the body at most this often while the run plays (simulated seconds). */
const REFRESH_SIM_SECONDS = 2;

/**
 * What the replica's LIST returns, as the JSON people would see with `kubectl get --raw`:
 * `metadata.shardInfo` highlighted when present, called out when missing, and the whole
 * `Status` body for an HTTP 500. The items line says what was sent (count and bytes: the
 * whole collection when the server did not filter) and, without `shardInfo`, what the
 * replica keeps after filtering locally. Fetched from the model only while the card is on
 * screen.
 */
export const ListPreview = memo(function ListPreview({ replica, stats, resourceVersion: rv, gate = null }: ListPreviewProps) {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver !== 'function');
  const [kind, setKind] = useState<PreviewKind>('informer');
  const [fetched, setResponse] = useState<{ readonly kind: PreviewKind; readonly r: ListResponse } | null>(null);
  // A response for the other kind is on its way out: show the pending state, not it.
  const response = fetched && fetched.kind === kind ? fetched.r : null;
  const applied = useShardScope((s) => s.sim.applied);
  // While playing, refetch every REFRESH_SIM_SECONDS; once paused, catch up with the last
  // step, so the body agrees with every other figure on a still page.
  const tick = useShardScope((s) =>
    s.playing ? `t${Math.floor((s.sim.snapshot?.time ?? 0) / REFRESH_SIM_SECONDS)}` : `rv${s.sim.snapshot?.cluster.resourceVersion ?? ''}`,
  );
  const ready = useShardScope((s) => s.sim.status === 'ready');
  const resourceVersion = String(rv ?? '');
  // A change of how the replica filters (a gate toggled, a selector rejected) calls for a new body.
  const shape = stats ? `${stats.status}/${stats.filtering}/${stats.shardInfoSeen}/${stats.apiServer}/${String(gate)}` : '';

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver !== 'function') return;
    const io = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)), { rootMargin: '200px' });
    io.observe(el);
    // A print shows every card's response, on screen or not.
    const onPrint = () => setVisible(true);
    window.addEventListener('beforeprint', onPrint);
    return () => {
      io.disconnect();
      window.removeEventListener('beforeprint', onPrint);
    };
  }, []);

  useEffect(() => {
    if (!visible || !ready) return;
    const engine = store.data.engine;
    if (!engine) return;
    let live = true;
    engine
      // The informer's first LIST (limit=500&resourceVersion=0) comes from the watch cache in
      // one page: it ignores the limit for resourceVersion=0. The paginated one is a first page
      // of 500, as a consistent read (resourceVersion unset) returns it.
      .listFor('server', replica, kind === 'paged' ? { limit: PAGE_SIZE } : undefined)
      .then((r) => {
        if (live) setResponse({ kind, r });
      })
      .catch(() => {
        if (live) setResponse(null);
      });
    return () => {
      live = false;
    };
  }, [store, replica, applied, tick, visible, ready, shape, kind]);

  const streaming = stats !== null && stats.syncStreaming && stats.status === 'ok';
  return (
    <div ref={ref} className="list-preview">
      <Segmented<PreviewKind>
        name={`list-preview-kind-${replica}`}
        label={t('card.listPreviewKind')}
        hideLabel
        compact
        value={kind}
        options={[
          { value: 'informer', label: t('card.listPreviewInformer') },
          { value: 'paged', label: t('card.listPreviewPaged', { size: PAGE_SIZE }) },
        ]}
        onChange={setKind}
      />
      <pre className="code list-preview__code" data-testid="list-preview" data-kind={kind} tabIndex={0} aria-label={t('card.listPreview')}>
        {streaming ? (
          <span className="code__comment" data-testid="list-preview-streaming">{`// ${t('card.listPreviewStreaming', { replica })}\n`}</span>
        ) : null}
        {stats ? renderBody(current(response, stats, resourceVersion, gate), replica, t, f) : '…'}
      </pre>
    </div>
  );
});

/** What to show: a response, or (while a refetch is on its way) the metadata the replica's state implies. */
export type Shown = { readonly response: ListResponse; readonly pending: boolean };

/**
 * The response to show: the one fetched from the model when it agrees with the replica's
 * current state; otherwise (a refetch is on its way) the same metadata from that state and
 * no item counts, so the preview never contradicts the badges nor shows a stale figure.
 */
export function current(r: ListResponse | null, stats: ReplicaStats, resourceVersion: string, gate: boolean | null = null): Shown {
  const rejected = stats.status === 'error' && stats.error?.httpStatus === 500;
  // A LIST now carries shardInfo exactly when its server has the gate now (a replica
  // that listed before a rollout saw none, and a LIST today would). Without the gate's state:
  // when the replica's last LIST did; a replica that streams saw none, and a LIST would carry
  // it when its server filters.
  const withShardInfo =
    gate !== null && stats.selectorSent !== null
      ? gate
      : stats.syncStreaming
        ? stats.filtering === 'server' || stats.filtering === 'server+check'
        : stats.shardInfoSeen;
  if (r && (r.status === 500) === rejected && (r.status === 500 || Boolean(r.body.metadata.shardInfo) === withShardInfo)) {
    return { response: r, pending: false };
  }
  const request = { verb: 'LIST' as const, url: stats.listUrl, shardSelector: stats.selectorSent, apiServer: stats.apiServer };
  if (rejected) return { response: { status: 500, request, body: statusBody(stats.error!.message) }, pending: false };
  const metadata: PodListBody['metadata'] = withShardInfo && stats.selector ? { resourceVersion, shardInfo: { selector: stats.selector } } : { resourceVersion };
  return {
    response: {
      status: 200,
      request,
      body: { kind: 'PodList', apiVersion: 'v1', metadata, items: [] },
      totalItems: 0,
      itemsShown: 0,
      bodyBytes: 0,
      kept: { items: 0, bytes: 0, filtering: stats.filtering },
    },
    pending: true,
  };
}

/**
 * The `shardInfo` lines. The selector in them is the canonical text, tens of kB with thousands
 * of ranges: a component of its own, so a snapshot that does not change it (nearly all of
 * them) neither quotes it again nor has React compare the text.
 */
const ShardInfoMark = memo(function ShardInfoMark({ selector }: { selector: string }) {
  return (
    <mark className="code__shardinfo" data-testid="shardinfo-preview">
      {`    "shardInfo": {\n      "selector": ${JSON.stringify(selector)}\n    }`}
    </mark>
  );
});

/** A continue token shortened for the preview: it is base64 of a JSON key, long and opaque. */
function shortToken(token: string): string {
  return token.length > 24 ? `${token.slice(0, 20)}…` : token;
}

function renderBody({ response: r, pending }: Shown, replica: number, t: Translate, f: Formatters) {
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
  const sharded = Boolean(b.metadata.shardInfo);
  const count = r.totalItems;
  const sentNote = t(sharded ? 'card.listSentShard' : 'card.listSentWhole', { count, formatted: f.count(count), bytes: f.bytes(r.bodyBytes) });
  // Without shardInfo the replica decides what to keep; say which way and how much.
  const keptNote =
    sharded || pending
      ? null
      : r.kept.filtering === 'trust'
        ? t('card.listKeptTrust', { replica, count: r.kept.items, formatted: f.count(r.kept.items), bytes: f.bytes(r.kept.bytes) })
        : r.kept.filtering === 'local'
          ? t('card.listKeptFallback', { replica, count: r.kept.items, formatted: f.count(r.kept.items), bytes: f.bytes(r.kept.bytes), sent: f.count(count) })
          : r.kept.filtering === 'none'
            ? t('card.listKeptNone', { replica, sent: f.count(count) })
            : null;
  const itemLines = first
    ? `    { "metadata": { "name": ${JSON.stringify(first.metadata.name)}, "namespace": ${JSON.stringify(first.metadata.namespace ?? '')}, "uid": ${JSON.stringify(first.metadata.uid)} } }${count > 1 ? ',\n    …' : ''}\n`
    : '';
  return (
    <>
      <span className="code__status">HTTP 200</span>
      {'\n{\n  "kind": "PodList",\n  "apiVersion": "v1",\n  "metadata": {\n    "resourceVersion": '}
      {JSON.stringify(b.metadata.resourceVersion)}
      {b.metadata.continue !== undefined ? `,\n    "continue": ${JSON.stringify(shortToken(b.metadata.continue))}` : null}
      {b.metadata.remainingItemCount !== undefined ? (
        <>
          {',\n'}
          {sharded ? (
            <span className="code__missing" data-testid="remaining-note">{`    // ${t('card.listRemainingUnfiltered')}\n`}</span>
          ) : null}
          {'    "remainingItemCount": '}
          <span className={sharded ? 'code__missing' : undefined} data-testid="remaining-item-count" data-count={b.metadata.remainingItemCount}>
            {b.metadata.remainingItemCount}
          </span>
        </>
      ) : null}
      {b.metadata.shardInfo ? (
        <>
          {',\n'}
          <ShardInfoMark selector={b.metadata.shardInfo.selector} />
          {'\n'}
        </>
      ) : (
        <>
          {'\n'}
          <span className="code__missing" data-testid="shardinfo-missing">{`    // ${t('card.listPreviewNoShardInfo')}`}</span>
          {'\n'}
        </>
      )}
      {'  },\n  "items": [\n'}
      {pending ? (
        <span className="code__comment">{`    // ${t('card.listPending')}\n`}</span>
      ) : (
        <span className={sharded ? 'code__comment' : 'code__missing'} data-testid="list-sent" data-count={count} data-bytes={r.bodyBytes}>
          {`    // ${sentNote}\n`}
        </span>
      )}
      {keptNote !== null ? (
        <span className={r.kept.filtering === 'local' ? 'code__comment' : 'code__missing'} data-testid="list-kept" data-count={r.kept.items} data-filtering={r.kept.filtering}>
          {`    // ${keptNote}\n`}
        </span>
      ) : null}
      {itemLines}
      <span data-testid="list-items-close">{'  ]'}</span>
      {'\n}'}
    </>
  );
}
