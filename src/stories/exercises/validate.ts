/**
 * The rules every exercise obeys, built-in or opened from a file: at least one
 * condition, at most three hints, every text in the catalogue (or given inline), a start and a
 * solution that a link can carry (the same validation a `#state=` link goes through, as for
 * story steps), conditions that name replicas and API servers the state has, and an answer for
 * a check with an answer field. Each problem names its place as a path in the exercise.
 */
import type { Message } from '../../i18n/en';
import { checkSchedule } from '../../sim';
import { defaultViewParams } from '../../state/defaults';
import { encodeLink, readLink } from '../../state/link';
import type { SimParams } from '../../state/params';
import { resolveSolution, resolveStart } from './resolve';
import { hasAnswer, type Exercise, type ExerciseText } from './types';

/** A problem and where it is (a path such as `check[2].replica`). */
export interface Problem {
  readonly path: string;
  readonly message: string;
}

/** At most this many conditions in one check. */
export const MAX_CONDITIONS = 24;

/** Problems of a resolved state (`where` is `start` or `solution`): a schedule's are named under `events`. */
function stateProblems(params: SimParams, view: object, where: string): Problem[] {
  const out: Problem[] = [];
  const fullView = { ...defaultViewParams(), ...view };
  const { state, issues } = readLink(encodeLink({ params, view: fullView }));
  const place = (field: string) => (field.startsWith('schedule') ? `${where}.events${field.slice('schedule'.length)}` : `${where}.params.${field}`);
  for (const i of issues) out.push({ path: place(i.field), message: `not a valid value (${i.reason})` });
  if (issues.length === 0 && JSON.stringify(state?.params) !== JSON.stringify(params)) out.push({ path: `${where}.params`, message: 'does not survive a link round trip' });
  if (!issues.some((i) => i.field.startsWith('schedule'))) {
    for (const p of checkSchedule(params.schedule, params.replicas, 'schedule')) out.push({ path: place(p.path), message: p.message });
  }
  return out;
}

/** Every problem of one exercise (empty: it is valid). `catalogue` holds the message ids a text may name. */
export function validateExercise(ex: Exercise, catalogue: Readonly<Record<string, Message>>): Problem[] {
  const out: Problem[] = [];
  const say = (path: string, message: string) => out.push({ path, message });
  const text = (path: string, x: ExerciseText | undefined) => {
    if (x === undefined) return;
    if (typeof x === 'string') {
      if (!Object.prototype.hasOwnProperty.call(catalogue, x)) say(path, `message "${x}" is not in the catalogue`);
    } else if (typeof x.en !== 'string' || x.en.trim() === '') say(`${path}.en`, 'English text is required');
  };
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(ex.id)) say('id', 'use 1 to 64 lowercase letters, digits and dashes');
  text('title', ex.title);
  text('task', ex.task);
  if (ex.check.length === 0) say('check', 'needs at least one condition');
  if (ex.check.length > MAX_CONDITIONS) say('check', `at most ${MAX_CONDITIONS} conditions`);
  if (ex.hints.length > 3) say('hints', `at most 3 hints, got ${ex.hints.length}`);
  ex.hints.forEach((h, i) => text(`hints[${i}]`, h));
  text('solution.explain', ex.solution.explain);
  if (ex.settleSeconds !== undefined && !(Number.isFinite(ex.settleSeconds) && ex.settleSeconds >= 0 && ex.settleSeconds <= 3600)) {
    say('settleSeconds', 'a number of seconds from 0 to 3600');
  }
  let start: SimParams | null = null;
  let solution: SimParams | null = null;
  try {
    const r = resolveStart(ex);
    start = r.params;
    out.push(...stateProblems(r.params, r.view, 'start'));
    const s = resolveSolution(ex);
    solution = s.params;
    out.push(...stateProblems(s.params, s.view, 'solution'));
  } catch (e) {
    say('start', `cannot be resolved: ${(e as Error).message}`);
  }
  if (hasAnswer(ex) && (typeof ex.solution.answer !== 'string' || ex.solution.answer.trim() === '')) say('solution.answer', 'a check with an answer field needs the answer');
  ex.check.forEach((c, i) => {
    const at = `check[${i}]`;
    if (c.label !== undefined) text(`${at}.label`, c.label);
    const replicas = Math.max(start?.replicas ?? 0, solution?.replicas ?? 0);
    const servers = Math.max(start?.apiServers.length ?? 0, solution?.apiServers.length ?? 0);
    if ('replica' in c && c.replica !== undefined && c.replica >= replicas) say(`${at}.replica`, `replica-${c.replica} does not exist (the states have ${replicas} replicas)`);
    if (c.kind === 'gate' && c.server >= servers) say(`${at}.server`, `API server ${c.server} does not exist (the states have ${servers})`);
  });
  return out;
}

/** Problems of a list of exercises, each path prefixed with the exercise's id, plus duplicate ids. */
export function validateExercises(list: readonly Exercise[], catalogue: Readonly<Record<string, Message>>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const ex of list) {
    if (seen.has(ex.id)) out.push(`${ex.id}: duplicate exercise id`);
    seen.add(ex.id);
    for (const p of validateExercise(ex, catalogue)) out.push(`${ex.id}: ${p.path}: ${p.message}`);
  }
  return out;
}
