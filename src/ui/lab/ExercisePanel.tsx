/**
 * The lab's panel, at the top of the sidebar while an exercise is open: the task,
 * the answer field when the check has one, the check (one line per condition, computed from
 * the model as the trainee works), hints one at a time, the solution, and reset, always one
 * click away.
 */
import { useEffect, useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { useShardScope, useShardScopeStore, type ShardScopeState } from '../../state';
import { allExercises, evaluateCheck, exerciseById, hasAnswer, isLoadedExercise, resolveSolution, resolveStart, conditionLabel, type Exercise, type ExerciseText, type Verdict } from '../../stories/exercises';
import { applySolution, leaveExercise, openExercise, resetExercise } from '../../stories/exercises/controller';
import { useLocale, useT } from '../i18n';
import { forgetEverything, forgetExercise, labStore, markDone, revealHint, setAnswer, setSolutionShown } from './labState';

/** A text of an exercise in the page's language. */
export function useExerciseText(): (x: ExerciseText) => string {
  const t = useT();
  const locale = useLocale();
  return (x) => (typeof x === 'string' ? t(x) : (locale === 'zh-CN' ? x['zh-CN'] : undefined) ?? x.en);
}

/** Whether the model has applied the parameters set now (a snapshot of older ones proves nothing). */
function fresh(s: ShardScopeState): boolean {
  const a = s.sim.applied;
  return a !== null && (a === s.params || JSON.stringify(a) === JSON.stringify(s.params));
}

export function ExercisePanel() {
  const id = useShardScope((s) => s.exercise);
  // A file may add exercises: look again when one does.
  useStore(labStore, (s) => s.loadedVersion);
  const ex = id ? exerciseById(id) : undefined;
  if (!ex) return null;
  return <ExerciseBody key={ex.id} ex={ex} />;
}

function ExerciseBody({ ex }: { ex: Exercise }) {
  const t = useT();
  const tx = useExerciseText();
  const store = useShardScopeStore();
  const answer = useStore(labStore, (s) => s.answers[ex.id] ?? '');
  const hints = useStore(labStore, (s) => s.hints[ex.id] ?? 0);
  const solutionShown = useStore(labStore, (s) => s.solutionShown[ex.id] === true);
  const done = useStore(labStore, (s) => s.done.includes(ex.id));
  // A string, so the panel renders again only when a verdict or a measured figure changes.
  const key = useShardScope((s) => JSON.stringify(evaluateCheck(ex.check, { params: s.params, snapshot: s.sim.snapshot, fresh: fresh(s), answer })));
  const verdicts = useMemo(() => JSON.parse(key) as Verdict[], [key]);
  const solved = verdicts.length > 0 && verdicts.every((v) => v.ok);
  useEffect(() => {
    if (solved) markDone(ex.id);
  }, [solved, ex.id]);
  const list = allExercises();
  const index = list.findIndex((e) => e.id === ex.id);
  const answerId = useId();
  const checkId = useId();

  return (
    <>
      <section className="panel lab" data-testid="exercise-panel" data-exercise={ex.id} data-solved={solved} aria-labelledby={`${checkId}-title`}>
        <div className="lab__top">
          <span className="lab__counter">
            {t('lab.counter', { n: index + 1, total: list.length })}
            {isLoadedExercise(ex.id) ? <span className="lab__badge">{t('lab.loadedBadge')}</span> : null}
            {done ? <span className="lab__badge lab__badge--done">✓ {t('lab.menuDone')}</span> : null}
          </span>
          <span className="lab__nav">
            <button type="button" className="button button--small" data-testid="exercise-prev" disabled={index <= 0} onClick={() => openExercise(store, list[index - 1]!.id)}>
              ‹ {t('lab.previous')}
            </button>
            <button type="button" className="button button--small" data-testid="exercise-next" disabled={index < 0 || index >= list.length - 1} onClick={() => openExercise(store, list[index + 1]!.id)}>
              {t('lab.next')} ›
            </button>
          </span>
        </div>
        <h2 className="lab__title" id={`${checkId}-title`}>
          {tx(ex.title)}
        </h2>
        <p className="lab__task" data-testid="exercise-task">
          {tx(ex.task)}
        </p>
        {hasAnswer(ex) ? (
          <div className="lab__answer">
            <label htmlFor={answerId}>{t('lab.answer')}</label>
            <input
              id={answerId}
              className="field__input lab__answer-input"
              data-testid="exercise-answer"
              value={answer}
              placeholder="replica-0"
              spellCheck={false}
              autoComplete="off"
              aria-describedby={`${answerId}-help`}
              onChange={(e) => setAnswer(ex.id, e.target.value.slice(0, 200))}
            />
            <span className="lab__help" id={`${answerId}-help`}>
              {t('lab.answerHelp')}
            </span>
          </div>
        ) : null}
        {hints > 0 ? (
          <ol className="lab__hints" data-testid="exercise-hints">
            {ex.hints.slice(0, hints).map((h, i) => (
              <li key={i} data-testid="exercise-hint">
                <strong>{t('lab.hint', { n: i + 1 })}:</strong> {tx(h)}
              </li>
            ))}
          </ol>
        ) : null}
        <div className="lab__actions">
          {ex.hints.length > 0 ? (
            <button type="button" className="button button--small" data-testid="exercise-hint-button" disabled={hints >= ex.hints.length} onClick={() => revealHint(ex.id, ex.hints.length)}>
              {t('lab.showHint', { left: ex.hints.length - hints })}
            </button>
          ) : null}
          <button type="button" className="button button--small" data-testid="exercise-solution-button" aria-expanded={solutionShown} onClick={() => setSolutionShown(ex.id, !solutionShown)}>
            {solutionShown ? t('lab.hideSolution') : t('lab.showSolution')}
          </button>
        </div>
        {solutionShown ? <Solution ex={ex} /> : null}
      </section>
      {/* The check and the resets stay in view (sticky in the sidebar) while the trainee works below. */}
      <section className="lab-dock" data-testid="exercise-check-panel" data-solved={solved} aria-label={t('lab.check')}>
        <div className="lab-dock__head">
          <h3 className="lab__heading">{t('lab.check')}</h3>
          <span className="lab-dock__resets">
            <button
              type="button"
              className="button button--small"
              data-testid="exercise-reset"
              aria-label={t('lab.reset')}
              title={t('lab.resetTitle')}
              onClick={() => {
                forgetExercise(ex.id);
                resetExercise(store);
              }}
            >
              ↺ {t('lab.resetShort')}
            </button>
            <ResetAllButton testId="lab-reset-all" />
          </span>
        </div>
        <ul className="lab__checks" aria-live="polite" aria-describedby={`${checkId}-help`}>
          {ex.check.map((c, i) => {
            const v = verdicts[i] ?? { ok: false, waiting: true };
            const label = c.label ? tx(c.label) : t(conditionLabel(c).id, conditionLabel(c).vars);
            const state = v.ok ? 'ok' : v.waiting ? 'waiting' : 'no';
            return (
              <li key={i} className={`lab-check lab-check--${state}`} data-testid="exercise-check" data-ok={v.ok ? 'true' : 'false'} data-kind={c.kind}>
                <span className="lab-check__mark" aria-hidden="true">
                  {v.ok ? '✓' : v.waiting ? '…' : '✗'}
                </span>
                <span className="lab-check__text">
                  <span className="sr-only">{v.ok ? t('lab.ok') : v.waiting ? t('lab.waiting') : t('lab.notOk')}: </span>
                  {label}
                  {v.now && !v.waiting ? <span className="lab-check__now"> · {t(v.now.id, v.now.vars)}</span> : null}
                  {v.waiting ? <span className="lab-check__now"> · {t('lab.waiting')}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
        <p className="sr-only" id={`${checkId}-help`}>
          {t('lab.checkHelp')}
        </p>
        {solved ? (
          <p className="lab__solved" role="status" data-testid="exercise-solved">
            ✓ {t('lab.solved')}
          </p>
        ) : null}
        <button type="button" className="button button--small lab-dock__leave" data-testid="exercise-leave" title={t('lab.leaveTitle')} onClick={() => leaveExercise(store)}>
          {t('lab.leave')}
        </button>
      </section>
    </>
  );
}

/** The solution: what differs from the start, as the trainee would set it, and why it works. */
function Solution({ ex }: { ex: Exercise }) {
  const t = useT();
  const tx = useExerciseText();
  const store = useShardScopeStore();
  const start = resolveStart(ex).params;
  const sol = resolveSolution(ex).params;
  const lines: { key: string; text: string; code?: string }[] = [];
  if (sol.replicas !== start.replicas) lines.push({ key: 'n', text: t('lab.sol.replicas', { count: sol.replicas }) });
  sol.selectors.forEach((s, i) => {
    if (s !== start.selectors[i]) lines.push({ key: `s${i}`, text: t('lab.sol.selector', { replica: `replica-${i}` }), code: s });
  });
  if (JSON.stringify(sol.apiServers) !== JSON.stringify(start.apiServers)) lines.push({ key: 'g', text: t('lab.sol.gates', { gates: sol.apiServers.map((a) => (a.gate ? 'on' : 'off')).join(', ') }) });
  if (sol.client !== start.client) lines.push({ key: 'c', text: t('lab.sol.client', { client: sol.client }) });
  if (JSON.stringify(sol.schedule) !== JSON.stringify(start.schedule)) {
    sol.schedule.forEach((e, i) =>
      lines.push({
        key: `e${i}`,
        text: t('lab.sol.reshard', {
          at: e.at,
          from: sol.replicas,
          to: e.to,
          strategy: t(`schedule.strategy.${e.strategy}` as never),
          rollout: t(`schedule.rollout.${e.rollout.kind}` as never),
        }),
      }),
    );
  }
  if (ex.solution.answer) lines.push({ key: 'a', text: t('lab.sol.answer', { answer: ex.solution.answer }) });
  return (
    <div className="lab__solution" data-testid="exercise-solution">
      <h3 className="lab__heading">{t('lab.solution')}</h3>
      <ul>
        {lines.map((l) => (
          <li key={l.key}>
            {l.text}
            {l.code ? (
              <>
                {' '}
                <code>{l.code}</code>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {ex.solution.explain ? <p>{tx(ex.solution.explain)}</p> : null}
      <button
        type="button"
        className="button button--small"
        data-testid="exercise-apply-solution"
        onClick={() => {
          if (ex.solution.answer) setAnswer(ex.id, ex.solution.answer);
          applySolution(store);
        }}
      >
        {t('lab.applySolution')}
      </button>
    </div>
  );
}

/** Reset everything: forgets all progress and brings the exercise shown back to its start (in the panel and the menu). */
export function ResetAllButton({ testId }: { readonly testId: string }) {
  const t = useT();
  const store = useShardScopeStore();
  return (
    <button
      type="button"
      className="button button--small"
      data-testid={testId}
      title={t('lab.resetAllTitle')}
      onClick={() => {
        forgetEverything();
        resetExercise(store);
      }}
    >
      {t('lab.resetAll')}
    </button>
  );
}
