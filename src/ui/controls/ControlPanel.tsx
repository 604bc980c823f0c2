import { memo } from 'react';
import { Explain } from '../explain';
import { OwnerChangeNotice } from './OwnerChangeNotice';
import {
  selectRunningLayout,
  per1000,
  LIMITS,
  useShardScope,
  useShardScopeShallow,
  useShardScopeStore,
  type ClientCache,
  type ClientMode,
  type Encoding,
  type ShardKey,
  type ShardScopeState,
} from '../../state';
import { useFormat, useLocale, useT } from '../i18n';
import { NumberField, Segmented, Toggle } from '../primitives';
import { CLIENT_HELP, CLIENT_LABELS } from './clientWords';
import { CLIENT_KINDS, type ClientKind } from '../../sim/params';
import { SHARD_KEY_TABLE } from '../../core/sharding';
import { ScheduleSection } from '../timeline';
import { LifecycleControls } from './LifecycleControls';
import { YourClusterButton } from '../yourcluster';
import { ImportButton } from '../import';

/** What every group of controls reads and sets: the run's parameters and the store's actions. */
interface GroupProps {
  readonly p: ShardScopeState['params'];
  readonly a: ShardScopeState;
}

/**
 * Every parameter of the run, grouped as a talk walks through them: the cluster, its churn,
 * the replicas, the API servers, and how clients behave. Each control validates in place.
 */
export const ControlPanel = memo(function ControlPanel() {
  const t = useT();
  const store = useShardScopeStore();
  const a = store.getState();
  const p = useShardScopeShallow((s) => s.params);
  // After a reshard fired, the reset gives the running replicas equal ranges.
  const running = useShardScope((s) => selectRunningLayout(s) !== null);

  return (
    <section className="panel controls" aria-labelledby="controls-title" data-testid="control-panel">
      <h2 id="controls-title" className="panel__title">
        {t('controls.title')}
      </h2>
      <ClusterGroup p={p} a={a} />
      <ChurnGroup p={p} a={a} />
      <ReplicasGroup p={p} a={a} running={running} />
      <ApiServersGroup p={p} a={a} />
      <ClientGroup p={p} a={a} />
      <ScheduleSection />
      <LifecycleControls />
    </section>
  );
});

/** The cluster: how many objects, in how many namespaces and how skewed, how large, how encoded; or an import. */
function ClusterGroup({ p, a }: GroupProps) {
  const t = useT();
  return (
    <fieldset className="controls__group">
      <legend>{t('controls.cluster')}</legend>
      <NumberField name="objects" label={t('controls.objects')} value={p.objects} limits={LIMITS.objects} onCommit={(v) => a.setScalar('objects', v)} />
      <div className="controls__pair">
        <NumberField name="namespaces" label={t('controls.namespaces')} value={p.namespaces} limits={LIMITS.namespaces} onCommit={(v) => a.setScalar('namespaces', v)} />
        <NumberField
          name="namespaceSkew"
          label={t('controls.namespaceSkew')}
          value={p.namespaceSkew}
          limits={LIMITS.namespaceSkew}
          onCommit={(v) => a.setScalar('namespaceSkew', v)}
        />
      </div>
      <NumberField name="objectBytes" label={t('controls.objectBytes')} value={p.objectBytes} limits={LIMITS.objectBytes} onCommit={(v) => a.setScalar('objectBytes', v)} />
      <Segmented<Encoding>
        name="encoding"
        label={t('controls.encoding')}
        value={p.encoding}
        options={[
          { value: 'json', label: t('controls.encodingJson') },
          { value: 'protobuf', label: t('controls.encodingProtobuf') },
        ]}
        onChange={(v) => a.setEncoding(v)}
      />
      {/* Your own cluster's objects instead of generated ones. */}
      <ImportButton />
    </fieldset>
  );
}

/**
 * The churn: adds, changes and deletes per second, and how often bookmarks come. Below the
 * rates, the same per 1,000 objects: the unit the defaults are set in, which a new object
 * count keeps.
 */
function ChurnGroup({ p, a }: GroupProps) {
  const t = useT();
  const locale = useLocale();
  const per = (rate: number) => per1000(rate, p.objects).toLocaleString(locale, { maximumFractionDigits: 2 });
  return (
    <fieldset className="controls__group">
      <legend>{t('controls.churn')}</legend>
      <div className="controls__pair">
        <NumberField name="addedPerSec" label={t('controls.addedPerSec')} value={p.addedPerSec} limits={LIMITS.addedPerSec} onCommit={(v) => a.setScalar('addedPerSec', v)} />
        <NumberField name="modifiedPerSec" label={t('controls.modifiedPerSec')} value={p.modifiedPerSec} limits={LIMITS.modifiedPerSec} onCommit={(v) => a.setScalar('modifiedPerSec', v)} />
      </div>
      <div className="controls__pair">
        <NumberField name="deletedPerSec" label={t('controls.deletedPerSec')} value={p.deletedPerSec} limits={LIMITS.deletedPerSec} onCommit={(v) => a.setScalar('deletedPerSec', v)} />
        <NumberField
          name="bookmarkEverySec"
          label={t('controls.bookmarkEverySec')}
          value={p.bookmarkEverySec}
          limits={LIMITS.bookmarkEverySec}
          onCommit={(v) => a.setScalar('bookmarkEverySec', v)}
        />
      </div>
      <p className="controls__hint" data-testid="churn-per-1000">
        {t('controls.churnPer1000', { added: per(p.addedPerSec), modified: per(p.modifiedPerSec), deleted: per(p.deletedPerSec) })}
      </p>
      <RefusedAdds />
    </fieldset>
  );
}

/** The replicas: how many, which shard key, an equal split again. `running`: a reshard fired, the reset splits the running replicas. */
function ReplicasGroup({ p, a, running }: GroupProps & { running: boolean }) {
  const t = useT();
  return (
    <fieldset className="controls__group">
      <legend>
        {t('controls.replicasGroup')} <Explain topic="equal" /> <Explain topic="key" />
      </legend>
      <NumberField name="replicas" label={t('controls.replicas')} value={p.replicas} limits={LIMITS.replicas} stepper onCommit={(v) => a.setReplicas(v)} />
      <Segmented<ShardKey>
        name="shardKey"
        label={t('controls.shardKey')}
        value={p.shardKey}
        options={SHARD_KEY_TABLE.map((k) => ({ value: k.path, label: k.id }))}
        onChange={(v) => a.setShardKey(v)}
      />
      <button type="button" className="button" data-testid="reset-split" title={running ? t('running.resetHint') : t('controls.resetSplitHint')} onClick={() => a.resetSplit()}>
        {t('controls.resetSplit')}
      </button>
      <OwnerChangeNotice />
      <YourClusterButton />
    </fieldset>
  );
}

/** The API servers: how many, and which have the feature gate. */
function ApiServersGroup({ p, a }: GroupProps) {
  const t = useT();
  return (
    <fieldset className="controls__group">
      <legend>
        {t('controls.apiServersGroup')} <Explain topic="gate" />
      </legend>
      <NumberField
        name="apiServers"
        label={t('controls.apiServers')}
        value={p.apiServers.length}
        limits={LIMITS.apiServers}
        stepper
        onCommit={(v) => a.setApiServerCount(v)}
      />
      <ul className="controls__gates">
        {p.apiServers.map((s, i) => (
          <li key={i}>
            <Toggle
              name={`gate-${i}`}
              label={t('controls.gate', { name: `apiserver-${i}` })}
              checked={s.gate}
              onText={t('controls.fallbackOn')}
              offText={t('controls.fallbackOff')}
              onChange={(on) => a.setGate(i, on)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** How clients behave: client-side filtering by ranges or jump hash, which client, what its cache keeps. */
function ClientGroup({ p, a }: GroupProps) {
  const t = useT();
  return (
    <fieldset className="controls__group">
      <legend>
        {t('controls.clientGroup')} <Explain topic="jump" /> <Explain topic="mod" />
      </legend>
      <Segmented<ClientMode>
        name="clientMode"
        vertical
        label={t('controls.clientMode')}
        value={p.clientMode}
        options={[
          { value: 'ranges', label: t('controls.clientModeRanges') },
          { value: 'jump', label: t('controls.clientModeJump') },
        ]}
        onChange={(v) => a.setClientMode(v)}
      />
      <div data-testid="client-choice">
        <Segmented<ClientKind>
          name="client"
          vertical
          label={t('controls.client')}
          value={p.client}
          options={CLIENT_KINDS.map((c) => ({ value: c, label: t(CLIENT_LABELS[c]) }))}
          onChange={(v) => a.setClient(v)}
        />
        <p className="lifecycle__help" data-testid="client-help">
          {t(CLIENT_HELP[p.client])}
        </p>
      </div>
      <Segmented<ClientCache>
        name="clientCache"
        vertical
        label={t('controls.clientCache')}
        value={p.clientCache}
        options={[
          { value: 'owned', label: t('controls.clientCacheOwned') },
          { value: 'all', label: t('controls.clientCacheAll') },
        ]}
        onChange={(v) => a.setClientCache(v)}
      />
    </fieldset>
  );
}

/**
 * Says how many adds the model refused because the cluster held its maximum of live objects
 * (nothing while none was refused): the added rate then stops meaning what it says.
 */
const RefusedAdds = memo(function RefusedAdds() {
  const t = useT();
  const f = useFormat();
  const refused = useShardScope((s) => s.sim.snapshot?.churn.refusedAdds ?? 0);
  if (refused <= 0) return null;
  return (
    <p className="controls__notice" role="status" data-testid="refused-adds">
      {t('controls.refusedAdds', { count: refused, formatted: f.count(refused), max: f.count(LIMITS.objects.max) })}
    </p>
  );
});
