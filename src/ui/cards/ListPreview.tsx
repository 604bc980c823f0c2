import { memo, useEffect, useRef, useState } from 'react';
import { useShardScope, useShardScopeStore, type ListResponse } from '../../state';
import { useFormat, useT } from '../i18n';

/** Props of {@link ListPreview}. */
export interface ListPreviewProps {
  readonly replica: number;
  /** Objects the replica holds (the preview lists only the first items). */
  readonly owned: number;
}

/** Refresh the body at most this often while the run plays (simulated seconds). */
const REFRESH_SIM_SECONDS = 2;

/**
 * What the replica's LIST returns, as the JSON people would see with `kubectl get --raw`:
 * `metadata.shardInfo` highlighted when present, called out when missing, and the whole
 * `Status` body for an HTTP 500. Fetched from the model only while the card is on screen.
 */
export const ListPreview = memo(function ListPreview({ replica, owned }: ListPreviewProps) {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver !== 'function');
  const [response, setResponse] = useState<ListResponse | null>(null);
  const applied = useShardScope((s) => s.sim.applied);
  const tick = useShardScope((s) => Math.floor((s.sim.snapshot?.time ?? 0) / REFRESH_SIM_SECONDS));
  const ready = useShardScope((s) => s.sim.status === 'ready');

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
      .listFor('server', replica, { limit: 2 })
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

  return (
    <div ref={ref} className="list-preview">
      <pre className="code list-preview__code" data-testid="list-preview" tabIndex={0} aria-label={t('card.listPreview')}>
        {response ? renderBody(response, t('card.listPreviewNoShardInfo'), t('card.listItems', { count: owned, formatted: f.count(owned) })) : '…'}
      </pre>
    </div>
  );
});

function renderBody(r: ListResponse, missingNote: string, itemsNote: string) {
  if (r.status === 500) {
    return (
      <>
        <span className="code__status code__status--error">HTTP 500</span>
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
