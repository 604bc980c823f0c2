import { memo, useId, useState } from 'react';
import {
  checkSchedule,
  orderedSchedule,
  replicaCountsBefore,
  useShardScope,
  useShardScopeStore,
  type ReshardEvent,
  type ReshardRollout,
  type ReshardStrategy,
  type ScheduledEvent,
} from '../../state';
import { useT, type Translate } from '../i18n';
import { NumberField } from '../primitives';
import './timeline.css';

const STRATEGIES: readonly ReshardStrategy[] = ['equal-ranges', 'range-splitting', 'jump-hash', 'hash-mod'];
const ROLLOUTS: readonly ReshardRollout['kind'][] = ['all-at-once', 'one-by-one', 'new-first'];

/** One scheduled event as a sentence. */
export function eventText(t: Translate, e: ScheduledEvent, from: number): string {
  const every = e.rollout.kind === 'all-at-once' ? undefined : e.rollout.everySeconds;
  const vars = { at: String(e.at), from: String(from), to: String(e.to), strategy: t(`schedule.strategy.${e.strategy}`), rollout: t(`schedule.rollout.${e.rollout.kind}`) };
  return every !== undefined ? t('schedule.itemEvery', { ...vars, every: String(every) }) : t('schedule.item', vars);
}

/**
 * The run's schedule: add a reshard (to M replicas at t, a strategy, a rollout) and
 * remove one. Where the strategy is chosen the page says why jump hash and mod N stay
 * client-side. Adding or removing replays the run under the new schedule.
 */
export const ScheduleSection = memo(function ScheduleSection() {
  const t = useT();
  const store = useShardScopeStore();
  const schedule = useShardScope((s) => s.params.schedule);
  const replicas = useShardScope((s) => s.params.replicas);
  // The run's time in whole tens of seconds: enough for a default, without a render per step.
  const tens = useShardScope((s) => Math.floor((s.sim.snapshot?.time ?? 0) / 10));
  const froms = replicaCountsBefore(schedule, replicas);
  const last = schedule.length > 0 ? Math.max(...schedule.map((e) => e.at)) : 0;
  const [to, setTo] = useState<number | null>(null);
  const [at, setAt] = useState<number | null>(null);
  const [strategy, setStrategy] = useState<ReshardStrategy>('equal-ranges');
  const [rollout, setRollout] = useState<ReshardRollout['kind']>('all-at-once');
  const [every, setEvery] = useState(5);
  const [refused, setRefused] = useState<string | null>(null);
  const strategyId = useId();
  const rolloutId = useId();
  const noteId = useId();
  // Defaults follow the run: one more replica than the count at the end of the schedule, a little after now.
  const countAtEnd = schedule.length > 0 ? orderedSchedule(schedule).at(-1)!.to : replicas;
  const toValue = to ?? (countAtEnd < 64 ? countAtEnd + 1 : 63);
  const atValue = at ?? Math.max(tens * 10 + 10, last + 10);

  const add = () => {
    const r: ReshardRollout =
      rollout === 'all-at-once' ? { kind: 'all-at-once' } : rollout === 'one-by-one' ? { kind: 'one-by-one', everySeconds: every } : { kind: 'new-first', everySeconds: every };
    const event: ReshardEvent = { kind: 'reshard', at: atValue, to: toValue, strategy, rollout: r };
    const issues = checkSchedule([...schedule, event], replicas);
    if (issues.length > 0) {
      setRefused(issues[0]!.message);
      return;
    }
    setRefused(null);
    setTo(null);
    setAt(null);
    store.getState().addScheduledEvent(event);
  };

  return (
    <fieldset className="controls__group schedule" data-testid="schedule">
      <legend>{t('schedule.title')}</legend>
      <p className="schedule__intro">{t('schedule.intro')}</p>
      <div className="controls__pair">
        <NumberField name="schedule-to" label={t('schedule.to')} value={toValue} limits={{ min: 1, max: 64, integer: true }} onCommit={setTo} />
        <NumberField name="schedule-at" label={t('schedule.at')} value={atValue} limits={{ min: 0, max: 86_400, integer: false }} onCommit={setAt} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={strategyId}>
          {t('schedule.strategy')}
        </label>
        <select id={strategyId} className="field__input schedule__select" data-testid="schedule-strategy" value={strategy} aria-describedby={noteId} onChange={(e) => setStrategy(e.target.value as ReshardStrategy)}>
          {STRATEGIES.map((s) => (
            <option key={s} value={s}>
              {t(`schedule.strategy.${s}`)}
            </option>
          ))}
        </select>
        <p id={noteId} className="schedule__note" data-testid="schedule-client-only">
          {t('schedule.clientOnly')}
        </p>
      </div>
      <div className="controls__pair">
        <div className="field">
          <label className="field__label" htmlFor={rolloutId}>
            {t('schedule.rollout')}
          </label>
          <select id={rolloutId} className="field__input schedule__select" data-testid="schedule-rollout" value={rollout} onChange={(e) => setRollout(e.target.value as ReshardRollout['kind'])}>
            {ROLLOUTS.map((r) => (
              <option key={r} value={r}>
                {t(`schedule.rollout.${r}`)}
              </option>
            ))}
          </select>
        </div>
        {rollout !== 'all-at-once' ? (
          <NumberField name="schedule-every" label={t('schedule.every')} value={every} limits={{ min: rollout === 'one-by-one' ? 0.01 : 0, max: 3_600, integer: false }} onCommit={setEvery} />
        ) : null}
      </div>
      <button type="button" className="button" data-testid="schedule-add-reshard" onClick={add}>
        {t('schedule.add')}
      </button>
      {refused !== null ? (
        <p className="field__error" role="alert" data-testid="schedule-refused">
          {t('schedule.refused', { message: refused })}
        </p>
      ) : null}
      {schedule.length === 0 ? (
        <p className="schedule__empty">{t('schedule.empty')}</p>
      ) : (
        <ul className="schedule__list">
          {schedule.map((e, i) => (
            <li key={i} className="schedule__item" data-testid="schedule-item" data-at={e.at} data-to={e.to}>
              <span>{eventText(t, e, froms[i]!)}</span>
              <button
                type="button"
                className="button button--small"
                data-testid="schedule-remove"
                aria-label={t('schedule.removeLabel', { at: String(e.at) })}
                onClick={() => store.getState().removeScheduledEvent(i)}
              >
                {t('schedule.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
});
