import { Explain } from '../explain';
import { DEFAULT_LIFECYCLE, DEFAULT_ROLLOUT, GOAWAY_LIMITS, ROLLOUT_LIMITS, isListOnly, useShardScope, useShardScopeStore } from '../../state';
import { useT } from '../i18n';
import { NumberField, Segmented, Toggle } from '../primitives';
import { LifecycleSummary } from './LifecycleSummary';

/**
 * API servers over time: a rolling upgrade, the initial list mode, watch
 * timeouts and how requests reach the servers, each with a one-line explanation, and what
 * they caused so far (server-side resumes, relists and duplicate events kept or caught).
 */
export function LifecycleControls() {
  const t = useT();
  const a = useShardScopeStore().getState();
  const l = useShardScope((s) => s.params.lifecycle) ?? DEFAULT_LIFECYCLE;
  const listOnly = useShardScope((s) => isListOnly(s.params.client));
  const ro = l.rollout;
  return (
    <fieldset className="controls__group" data-testid="lifecycle-controls">
      <legend>{t('lifecycle.group')}</legend>
      <div data-testid="rollout-gates">
        <Toggle name="rollout" label={t('lifecycle.rollout')} checked={ro !== null} onChange={(on) => a.setLifecycle({ rollout: on ? DEFAULT_ROLLOUT : null })} />
        <p className="lifecycle__help">{t('lifecycle.rolloutHelp')}</p>
        {ro ? (
          <>
            <Segmented<'on' | 'off'>
              name="rolloutGate"
              compact
              label={t('lifecycle.rolloutGate')}
              value={ro.gate ? 'on' : 'off'}
              options={[
                { value: 'on', label: t('controls.fallbackOn') },
                { value: 'off', label: t('controls.fallbackOff') },
              ]}
              onChange={(v) => a.setLifecycle({ rollout: { ...ro, gate: v === 'on' } })}
            />
            <div className="controls__pair">
              <NumberField name="rolloutAt" label={t('lifecycle.rolloutAt')} value={ro.at} limits={ROLLOUT_LIMITS} onCommit={(v) => a.setLifecycle({ rollout: { ...ro, at: v } })} />
              <NumberField name="rolloutEvery" label={t('lifecycle.rolloutEvery')} value={ro.every} limits={ROLLOUT_LIMITS} onCommit={(v) => a.setLifecycle({ rollout: { ...ro, every: v } })} />
            </div>
          </>
        ) : null}
      </div>
      <div data-testid="initial-list">
        <Segmented<'list' | 'watch-list'>
          name="initialList"
          vertical
          label={t('lifecycle.initialList')}
          value={listOnly ? 'list' : l.initialList}
          options={[
            { value: 'watch-list', label: t('lifecycle.watchList'), disabled: listOnly },
            { value: 'list', label: t('lifecycle.list') },
          ]}
          onChange={(v) => a.setLifecycle({ initialList: v })}
        />
        <p className="lifecycle__help">{t(listOnly ? 'lifecycle.initialListOnlyList' : 'lifecycle.initialListHelp')}</p>
      </div>
      <div data-testid="watch-timeouts">
        <Toggle name="watchTimeouts" label={t('lifecycle.watchTimeouts')} checked={l.watchTimeouts} onChange={(on) => a.setLifecycle({ watchTimeouts: on })} />
        <p className="lifecycle__help">{t('lifecycle.watchTimeoutsHelp')}</p>
      </div>
      <div data-testid="routing">
        <Segmented<'l4' | 'l7'>
          name="routing"
          vertical
          label={t('lifecycle.routing')}
          value={l.routing}
          options={[
            { value: 'l4', label: t('lifecycle.routingL4') },
            { value: 'l7', label: t('lifecycle.routingL7') },
          ]}
          onChange={(v) => a.setLifecycle({ routing: v })}
        />
        <NumberField name="goawayChance" label={t('lifecycle.goaway')} value={l.goawayChance} limits={GOAWAY_LIMITS} onCommit={(v) => a.setLifecycle({ goawayChance: v })} />
        <p className="lifecycle__help">{t('lifecycle.routingHelp')}</p>
      </div>
      <LifecycleSummary />
      <p className="lifecycle__help lifecycle__explain">
        <Explain topic="resume" chip /> <Explain topic="watchCache" chip />
      </p>
    </fieldset>
  );
}
