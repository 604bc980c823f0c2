import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useShardScope, useShardScopeStore, type ShardKey } from '../../state';
import { shardKeyOf, type ShardKeyId } from '../../core/sharding';
import { LOOKUP_MAX_LENGTH, hashOf, lookupOwner, type RangeOwners } from '../../sim/client';
import type { FoundObjects } from '../../sim';
import { useFormat, useT, type MessageId, type Translate } from '../i18n';
import { replicaColor } from '../theme';
import { setLookupMarker } from '../hash';
import { usePanelLayout, type PanelLayout } from './layout';

/** What a submitted text turned out to be, and the shard-key value it stands for. */
interface Resolved {
  readonly text: string;
  readonly kind: 'pod' | 'namespace' | 'text';
  /** The pod found: its uid and namespace (the two shard keys). */
  readonly uid?: string;
  readonly namespace?: string;
  /** A pod's `namespace/name`, and how many pods matched. */
  readonly pod?: string;
  readonly matches?: number;
  /** A namespace's live objects. */
  readonly objects?: number;
  /** The cluster it was looked up in (seed, size): another cluster may not hold it. */
  readonly cluster: string;
}

/**
 * The shard key's value that decides the owner under `key`, as the key's entry reads it (null:
 * it decides none): a pod's uid or namespace; a namespace's name only for a key that reads it.
 */
function valueOf(r: Resolved, key: ShardKey): string | null {
  if (r.kind === 'pod') return shardKeyOf(key).read({ metadata: { uid: r.uid, namespace: r.namespace } }) ?? null;
  if (r.kind === 'namespace') return shardKeyOf(key).read({ metadata: { namespace: r.text } }) ?? null;
  return r.text;
}

/** What a found pod stands for under each key. */
const POD_VALUE_WORDS = { uid: 'yc.whatPodUid', namespace: 'yc.whatPodNamespace' } as const satisfies { readonly [I in ShardKeyId]: MessageId };

function resolve(text: string, found: FoundObjects | null, cluster: string): Resolved {
  const o = found?.objects[0];
  if (o) {
    const pod = o.namespace ? `${o.namespace}/${o.name}` : o.name;
    return { text, kind: 'pod', uid: o.uid, namespace: o.namespace, pod, matches: found!.total, cluster };
  }
  if (found?.namespace) return { text, kind: 'namespace', objects: found.namespace.objects, cluster };
  return { text, kind: 'text', cluster };
}

/**
 * Owner lookup: paste a uid, a namespace, a pod name or any text; see
 * its FNV-1a 64 hash, where it sits on the hash space, the replica that owns it in each mode
 * and the range that matched.
 */
export function OwnerLookup() {
  const t = useT();
  const layout = usePanelLayout();
  const [draft, setDraft] = useState('');
  const { error, resolved, busy, result, clusterVersion, submit } = useLookup(layout);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(draft);
  };

  return (
    <div className="yc-lookup">
      <form className="yc-lookup__form" onSubmit={onSubmit} role="search">
        <label className="field__label" htmlFor={inputId}>
          {t('yc.lookupLabel')}
        </label>
        <div className={`field__row${error ? ' field--invalid' : ''}`}>
          <input
            id={inputId}
            className="field__input"
            data-testid="owner-lookup-input"
            value={draft}
            spellCheck={false}
            autoComplete="off"
            placeholder="52fdfc07-2182-454f-963f-5f0f9a621d72"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="button button--primary" data-testid="owner-lookup-submit" disabled={busy}>
            {t('yc.lookupButton')}
          </button>
        </div>
        {error ? (
          <p id={errorId} className="field__error" role="alert" data-testid="owner-lookup-error">
            {error}
          </p>
        ) : null}
      </form>
      {resolved && result ? <LookupResult resolved={resolved} result={result} layout={layout} stale={resolved.cluster !== clusterVersion} /> : null}
    </div>
  );
}

/**
 * A lookup's state: what a submitted text resolved to in the model's cluster (the latest
 * submission wins), its owners under `layout`, the hash space's marker set to it.
 */
function useLookup(layout: PanelLayout) {
  const t = useT();
  const store = useShardScopeStore();
  const [error, setError] = useState<string | null>(null);
  const [resolved, setResolved] = useState<Resolved | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useRef(0);
  // A new cluster (seed, size, import) may no longer hold what was found: look it up again.
  const clusterVersion = useShardScope((s) => {
    const p = s.sim.snapshot?.params;
    return p ? `${p.seed}:${p.cluster.pods}:${p.cluster.namespaces}` : '';
  });

  const submit = async (text: string) => {
    const value = text.trim();
    if (value === '') return fail(t('yc.lookupEmpty'));
    if (value.length > LOOKUP_MAX_LENGTH) return fail(t('yc.lookupTooLong', { max: LOOKUP_MAX_LENGTH, length: value.length }));
    setError(null);
    const id = ++request.current;
    setBusy(true);
    let found: FoundObjects | null;
    try {
      found = (await store.data.engine?.findObjects(value, 5)) ?? null;
    } catch {
      found = null; // the model is busy or gone: the text is still hashed
    }
    if (id !== request.current) return;
    setBusy(false);
    setResolved(resolve(value, found, clusterVersion));
  };
  const fail = (message: string) => {
    request.current++;
    setBusy(false);
    setResolved(null);
    setLookupMarker(null);
    setError(message);
  };

  const result = useMemo(() => {
    if (!resolved) return null;
    const textHash = hashOf(resolved.text).hex;
    const value = valueOf(resolved, layout.key);
    if (value === null) return { textHash, lookup: null };
    return { textHash, lookup: lookupOwner(value, { key: layout.key, selectors: layout.texts, clientJump: layout.clientJump }, resolved.uid) };
  }, [resolved, layout]);

  useEffect(() => {
    if (!result) return;
    const hex = result.lookup?.hash ?? result.textHash;
    setLookupMarker({ position: result.lookup?.position ?? Number(BigInt(hex)) / 2 ** 64, hash: hex });
  }, [result]);

  return { error, resolved, busy, result, clusterVersion, submit };
}

/** What a lookup found: the text's hash, and the owner lookup of its shard-key value (null: the key is not decided by it). */
type LookupFound = NonNullable<ReturnType<typeof useLookup>['result']>;

/** Props of {@link LookupResult}. */
interface LookupResultProps {
  readonly resolved: Resolved;
  readonly result: LookupFound;
  readonly layout: PanelLayout;
  /** Found in another cluster than the one running now. */
  readonly stale: boolean;
}

/** What the text was, then its hash and owners, or (a namespace under the uid key) why no one owns it as a whole. */
function LookupResult({ resolved, result, layout, stale }: LookupResultProps) {
  const t = useT();
  const f = useFormat();
  return (
    <dl className="yc-result" data-testid="owner-lookup-result" data-kind={resolved.kind} aria-live="polite">
      <dt>{t('yc.what')}</dt>
      <dd data-testid="owner-lookup-what">
        {describe(t, f, resolved, layout.key)}
        {stale ? <strong className="yc-warn"> {t('yc.lookupStale')}</strong> : null}
      </dd>
      {result.lookup ? (
        <OwnerRows lookup={result.lookup} textHash={result.textHash} layout={layout} />
      ) : (
        <>
          <dt>{t('yc.hash')}</dt>
          <dd>
            <code className="yc-hash" data-testid="owner-lookup-hash">
              {result.textHash}
            </code>
          </dd>
          <dt>{t('yc.serverOwner')}</dt>
          <dd data-testid="owner-lookup-server" data-owners="">
            {t('yc.namespaceUnderUid', { count: resolved.objects ?? 0 })}
          </dd>
        </>
      )}
    </dl>
  );
}

/** The value hashed, its hash and place, its owners server-side with the ranges that matched, and client-side. */
function OwnerRows({ lookup, textHash, layout }: { lookup: NonNullable<LookupFound['lookup']>; textHash: string; layout: PanelLayout }) {
  const t = useT();
  const f = useFormat();
  const n = layout.texts.length;
  return (
    <>
      <dt>{t('yc.hashed')}</dt>
      <dd>
        <code className="yc-code-inline">
          {layout.key} = {JSON.stringify(lookup.value)}
        </code>
      </dd>
      <dt>{t('yc.hash')}</dt>
      <dd>
        <code className="yc-hash" data-testid="owner-lookup-hash">
          {lookup.hash}
        </code>{' '}
        <span className="yc-muted">{t('yc.position', { share: f.percent(lookup.position) })}</span>
      </dd>
      {textHash !== lookup.hash ? (
        <>
          <dt>{t('yc.textHash')}</dt>
          <dd>
            <code data-testid="owner-lookup-text-hash">{textHash}</code>
          </dd>
        </>
      ) : null}
      <dt>{t('yc.serverOwner')}</dt>
      <dd data-testid="owner-lookup-server" data-owners={lookup.server.owners.join(',')}>
        <Owners t={t} owners={lookup.server} n={n} />
      </dd>
      <dt>{t('yc.matched')}</dt>
      <dd data-testid="owner-lookup-range">
        {lookup.server.matches.length === 0 ? (
          <span className="text-gap">{t('yc.noRange')}</span>
        ) : (
          lookup.server.matches.map((m, i) => (
            <code key={i} className="yc-code-inline yc-range">
              {m.selector === '' ? t('yc.emptySelector', { replica: `replica-${m.replica}` }) : m.selector}
            </code>
          ))
        )}
      </dd>
      <dt>{t('yc.clientOwner')}</dt>
      <ClientOwner client={lookup.client} n={n} />
    </>
  );
}

/** Who owns it client-side: by ranges, by jump hash of its uid, or (jump hash of a namespace) each object on its own. */
function ClientOwner({ client, n }: { client: NonNullable<LookupFound['lookup']>['client']; n: number }) {
  const t = useT();
  return (
    <dd data-testid="owner-lookup-client" data-owners={client.kind === 'jump' ? String(client.owner) : client.kind === 'ranges' ? client.owners.join(',') : ''}>
      {client.kind === 'ranges' ? (
        <>
          <Owners t={t} owners={client} n={n} /> <span className="yc-muted">{t('yc.clientRanges')}</span>
        </>
      ) : client.kind === 'jump' ? (
        <>
          <ReplicaChip index={client.owner} />{' '}
          <span className="yc-muted">{t('yc.clientJump', { hash: client.uidHash, n })}</span>
        </>
      ) : (
        <span className="yc-muted">{t('yc.clientJumpPerObject')}</span>
      )}
    </dd>
  );
}

function describe(t: Translate, f: ReturnType<typeof useFormat>, r: Resolved, key: ShardKey): string {
  if (r.kind === 'pod') {
    const which = POD_VALUE_WORDS[shardKeyOf(key).id];
    const more = (r.matches ?? 1) > 1 ? ' ' + t('yc.whatMore', { count: (r.matches ?? 1) - 1, formatted: f.count((r.matches ?? 1) - 1) }) : '';
    return t(which, { pod: r.pod ?? '' }) + more;
  }
  if (r.kind === 'namespace') return t('yc.whatNamespace', { count: r.objects ?? 0, formatted: f.count(r.objects ?? 0) });
  return t('yc.whatText', { key });
}

function ReplicaChip({ index }: { index: number }) {
  const theme = useShardScope((s) => s.view.theme);
  return (
    <span className="yc-chip" data-testid="owner-chip" data-replica={index} style={{ ['--replica-color' as string]: replicaColor(index, theme) }}>
      <span className="card__swatch" aria-hidden="true" />
      replica-{index}
    </span>
  );
}

function Owners({ t, owners, n }: { t: Translate; owners: RangeOwners; n: number }) {
  return (
    <>
      {owners.owners.length === 0 ? <strong className="text-gap">{t('yc.nobody')}</strong> : owners.owners.map((o) => <ReplicaChip key={o} index={o} />)}
      {owners.owners.length > 1 ? <strong className="yc-warn"> {t('yc.overlap', { count: owners.owners.length })}</strong> : null}
      {owners.failing.length > 0 ? (
        <span className="yc-muted"> {t('yc.failing', { replicas: owners.failing.map((x) => `replica-${x.replica}`).join(', '), count: owners.failing.length, n })}</span>
      ) : null}
    </>
  );
}
