/**
 * Reads a story or an exercise written in JSON ("load your own"; the schema is in
 * docs/authoring.md). A syntax error is reported at its line and column; anything else at its
 * path in the JSON (`check[2].min`). A file that reads is then held to the same rules as the
 * built-in ones (`validateExercise`, `validateStories`). Never throws.
 *
 * Texts are plain strings (English) or `{ "en": ..., "zh-CN": ... }`. A story's texts are
 * given ids of their own (`file.<id>.<path>`) and registered with the translator, so the
 * story runs through the same code as the built-in ones.
 */
import { en, type Message } from '../../i18n/en';
import { registerMessages } from '../../i18n/translate';
import { parseJsonLocated, JsonSyntaxError } from '../../sim/cluster';
import { defaultSimParams, defaultViewParams } from '../../state/defaults';
import { STORIES } from '../index';
import type { Story, StoryPanel, StoryShowItem, StoryState, StoryStep } from '../types';
import { SHOW_ITEMS, SHOW_OF_PANEL, validateStories } from '../validate';
import { CONDITION_FIELDS } from './fields';
import { EXERCISES } from './index';
import type { Exercise, ExerciseText, LabelledCondition, LocalText } from './types';
import { validateExercise, type Problem } from './validate';

/** The most a file may hold (bytes); larger files are refused before they are read. */
export const MAX_FILE_BYTES = 1_000_000;

/** What a file held, once valid. */
export type LabFile = { readonly kind: 'exercise'; readonly exercise: Exercise } | { readonly kind: 'story'; readonly story: Story; readonly texts: Readonly<Record<string, LocalText>> };

/** Why a file was refused: a syntax error (line, column) or problems at paths. */
export type FileRefusal =
  | { readonly kind: 'syntax'; readonly line: number; readonly column: number; readonly message: string }
  | { readonly kind: 'problems'; readonly problems: readonly Problem[] };

export type FileResult = { readonly ok: true; readonly file: LabFile } | { readonly ok: false; readonly refusal: FileRefusal };

type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (x: Json): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const show = (x: Json) => (x === undefined ? 'nothing' : JSON.stringify(x)?.slice(0, 60) ?? String(x));

const PANELS: readonly StoryPanel[] = ['hash-space', 'replica-cards', 'bandwidth-panel', 'event-flow', 'control-panel', 'ownership-audit', 'memory-figures'];
const PARAM_KEYS = new Set([...Object.keys(defaultSimParams()), 'lifecycle', 'retyped']);
const VIEW_KEYS = new Set(Object.keys(defaultViewParams()).filter((k) => k !== 'theme' && k !== 'locale'));

/** Collects problems while converting; a converter returns undefined where it found one. */
class Reader {
  readonly problems: Problem[] = [];
  say(path: string, message: string): undefined {
    if (this.problems.length < 50) this.problems.push({ path: path || '(the file)', message });
    return undefined;
  }
  text(x: Json, path: string): LocalText | undefined {
    if (typeof x === 'string' && x.trim() !== '') return { en: x };
    if (isObj(x) && typeof x.en === 'string' && x.en.trim() !== '') {
      for (const k of Object.keys(x)) if (k !== 'en' && k !== 'zh-CN') this.say(`${path}.${k}`, 'only "en" and "zh-CN" texts are read');
      if (x['zh-CN'] !== undefined && typeof x['zh-CN'] !== 'string') return this.say(`${path}.zh-CN`, `expected a string, got ${show(x['zh-CN'])}`);
      return { en: x.en, ...(typeof x['zh-CN'] === 'string' ? { 'zh-CN': x['zh-CN'] } : {}) };
    }
    return this.say(path, `expected a text: a non-empty string, or {"en": "...", "zh-CN": "..."}; got ${show(x)}`);
  }
  state(x: Json, path: string): (StoryState & { playing?: boolean }) | undefined {
    if (x === undefined) return {};
    if (!isObj(x)) return this.say(path, `expected an object with params, view, events; got ${show(x)}`);
    const out: { params?: Obj; view?: Obj; events?: Json[]; playing?: boolean } = {};
    for (const k of Object.keys(x)) {
      if (!['params', 'view', 'events', 'playing', 'answer', 'explain'].includes(k)) this.say(`${path}.${k}`, 'unknown field');
    }
    if (x.params !== undefined) {
      if (!isObj(x.params)) this.say(`${path}.params`, `expected an object, got ${show(x.params)}`);
      else {
        for (const k of Object.keys(x.params)) if (!PARAM_KEYS.has(k)) this.say(`${path}.params.${k}`, `unknown parameter (known: ${[...PARAM_KEYS].join(', ')})`);
        out.params = x.params;
      }
    }
    if (x.view !== undefined) {
      if (!isObj(x.view)) this.say(`${path}.view`, `expected an object, got ${show(x.view)}`);
      else {
        for (const k of Object.keys(x.view)) if (!VIEW_KEYS.has(k)) this.say(`${path}.view.${k}`, `unknown view setting (known: ${[...VIEW_KEYS].join(', ')})`);
        out.view = x.view;
      }
    }
    if (x.events !== undefined) {
      if (!Array.isArray(x.events)) this.say(`${path}.events`, `expected an array of events, got ${show(x.events)}`);
      else out.events = x.events;
    }
    if (x.playing !== undefined) {
      if (typeof x.playing !== 'boolean') this.say(`${path}.playing`, `expected true or false, got ${show(x.playing)}`);
      else out.playing = x.playing;
    }
    return out as StoryState & { playing?: boolean };
  }
  condition(x: Json, path: string): LabelledCondition | undefined {
    if (!isObj(x)) return this.say(path, `expected a condition object, got ${show(x)}`);
    const kind = x.kind;
    const fields = typeof kind === 'string' ? CONDITION_FIELDS[kind as keyof typeof CONDITION_FIELDS] : undefined;
    if (!fields) return this.say(`${path}.kind`, `unknown condition kind ${show(kind)} (known: ${Object.keys(CONDITION_FIELDS).join(', ')})`);
    const out: Obj = { kind };
    for (const k of Object.keys(x)) if (k !== 'kind' && k !== 'label' && !(k in fields)) this.say(`${path}.${k}`, `unknown field for "${String(kind)}"`);
    let ok = true;
    for (const [name, rule] of Object.entries(fields)) {
      const v = x[name];
      const where = `${path}.${name}`;
      if (v === undefined) {
        if (!rule.optional) {
          this.say(where, `required for "${String(kind)}": ${rule.describe}`);
          ok = false;
        }
        continue;
      }
      if (!rule.test(v)) {
        this.say(where, `expected ${rule.describe}, got ${show(v)}`);
        ok = false;
        continue;
      }
      out[name] = v;
    }
    if ((kind === 'hash-share' || kind === 'object-share') && typeof x.min === 'number' && typeof x.max === 'number' && x.min > x.max) {
      this.say(`${path}.min`, 'min is above max');
      ok = false;
    }
    if (x.label !== undefined) {
      const label = this.text(x.label, `${path}.label`);
      if (label) out.label = label;
    }
    return ok ? (out as unknown as LabelledCondition) : undefined;
  }
}

/** Converts a parsed JSON value to an exercise, or collects why it is not one. */
function toExercise(root: Obj, r: Reader): Exercise | undefined {
  for (const k of Object.keys(root)) {
    if (!['kind', 'id', 'title', 'task', 'start', 'check', 'hints', 'solution', 'settleSeconds'].includes(k)) r.say(k, 'unknown field');
  }
  const id = typeof root.id === 'string' ? root.id : r.say('id', `expected a string id, got ${show(root.id)}`);
  if (id && EXERCISES.some((e) => e.id === id)) r.say('id', `"${id}" is a built-in exercise; choose another id`);
  const title = r.text(root.title, 'title');
  const task = r.text(root.task, 'task');
  const start = r.state(root.start, 'start');
  let check: LabelledCondition[] | undefined;
  if (!Array.isArray(root.check)) r.say('check', `expected an array of conditions, got ${show(root.check)}`);
  else check = root.check.map((c, i) => r.condition(c, `check[${i}]`)).filter((c): c is LabelledCondition => c !== undefined);
  let hints: LocalText[] = [];
  if (root.hints !== undefined) {
    if (!Array.isArray(root.hints)) r.say('hints', `expected an array of texts, got ${show(root.hints)}`);
    else hints = root.hints.map((h, i) => r.text(h, `hints[${i}]`)).filter((h): h is LocalText => h !== undefined);
  }
  const solutionJson = root.solution;
  if (!isObj(solutionJson)) r.say('solution', `expected an object (params, view, events, answer, explain), got ${show(solutionJson)}`);
  const solutionState = isObj(solutionJson) ? r.state(solutionJson, 'solution') : undefined;
  let answer: string | undefined;
  let explain: LocalText | undefined;
  if (isObj(solutionJson)) {
    if (solutionJson.answer !== undefined) answer = typeof solutionJson.answer === 'string' ? solutionJson.answer : r.say('solution.answer', `expected a string, got ${show(solutionJson.answer)}`);
    if (solutionJson.explain !== undefined) explain = r.text(solutionJson.explain, 'solution.explain');
  }
  let settleSeconds: number | undefined;
  if (root.settleSeconds !== undefined) {
    if (typeof root.settleSeconds === 'number') settleSeconds = root.settleSeconds;
    else r.say('settleSeconds', `expected a number, got ${show(root.settleSeconds)}`);
  }
  if (r.problems.length > 0 || !id || !title || !task || !start || !check || !solutionState) return undefined;
  return { id, title, task, start, check, hints, solution: { ...solutionState, answer, explain }, settleSeconds };
}

/** Converts a parsed JSON value to a story whose texts have ids of their own. */
function toStory(root: Obj, r: Reader): { story: Story; texts: Record<string, LocalText> } | undefined {
  for (const k of Object.keys(root)) if (!['kind', 'id', 'title', 'base', 'steps'].includes(k)) r.say(k, 'unknown field');
  const id = typeof root.id === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(root.id) ? root.id : r.say('id', `expected 1 to 64 lowercase letters, digits and dashes, got ${show(root.id)}`);
  if (id && STORIES.some((s) => s.id === id)) r.say('id', `"${id}" is a built-in story; choose another id`);
  const texts: Record<string, LocalText> = {};
  const textId = (x: Json, path: string): string | undefined => {
    const t = r.text(x, path);
    if (!t) return undefined;
    const key = `file.${id ?? 'story'}.${path}`;
    texts[key] = t;
    return key;
  };
  const title = textId(root.title, 'title');
  const base = r.state(root.base, 'base');
  const steps: StoryStep[] = [];
  if (!Array.isArray(root.steps) || root.steps.length === 0) r.say('steps', `expected a non-empty array of steps, got ${show(root.steps)}`);
  else
    root.steps.forEach((s, i) => {
      const at = `steps[${i}]`;
      if (!isObj(s)) return void r.say(at, `expected a step object, got ${show(s)}`);
      for (const k of Object.keys(s)) {
        if (!['title', 'narration', 'notes', 'focus', 'show', 'cards', 'highlight', 'playing', 'at', 'question', 'answer', 'params', 'view', 'events'].includes(k)) r.say(`${at}.${k}`, 'unknown field');
      }
      const st = r.state({ params: s.params, view: s.view, events: s.events }, at);
      const focus = typeof s.focus === 'string' && (PANELS as readonly string[]).includes(s.focus) ? (s.focus as StoryPanel) : r.say(`${at}.focus`, `expected one of ${PANELS.join(', ')}; got ${show(s.focus)}`);
      if (typeof s.playing !== 'boolean') r.say(`${at}.playing`, `expected true or false, got ${show(s.playing)}`);
      if (s.at !== undefined && !(typeof s.at === 'number' && Number.isFinite(s.at) && s.at >= 0 && s.at <= 86_400)) r.say(`${at}.at`, `expected seconds from 0 to 86400, got ${show(s.at)}`);
      // What the step shows on the stage; its panel's usual items when left out.
      let showItems: readonly StoryShowItem[] | undefined;
      if (s.show === undefined) showItems = focus ? SHOW_OF_PANEL[focus] : undefined;
      else if (Array.isArray(s.show) && s.show.every((x) => typeof x === 'string' && (SHOW_ITEMS as readonly string[]).includes(x))) showItems = s.show as StoryShowItem[];
      else r.say(`${at}.show`, `expected an array of ${SHOW_ITEMS.join(', ')}; got ${show(s.show)}`);
      if (s.cards !== undefined && !(Array.isArray(s.cards) && s.cards.every((x) => Number.isInteger(x) && (x as number) >= 0 && (x as number) < 1024))) r.say(`${at}.cards`, 'expected an array of replica numbers (0-based)');
      if (s.highlight !== undefined && !(Array.isArray(s.highlight) && s.highlight.every((h) => typeof h === 'string'))) r.say(`${at}.highlight`, 'expected an array of data-testid names');
      const stepTitle = textId(s.title, `${at}.title`);
      const narration = textId(s.narration, `${at}.narration`);
      const question = s.question === undefined ? undefined : textId(s.question, `${at}.question`);
      const answer = s.answer === undefined ? undefined : textId(s.answer, `${at}.answer`);
      // Speaker notes for the presenter view, optional in a file.
      const notes = s.notes === undefined ? undefined : textId(s.notes, `${at}.notes`);
      if (!st || !focus || !showItems || !stepTitle || !narration) return;
      steps.push({
        ...st,
        title: stepTitle as StoryStep['title'],
        narration: narration as StoryStep['narration'],
        ...(notes ? { notes: notes as StoryStep['notes'] } : {}),
        focus,
        show: showItems,
        ...(Array.isArray(s.cards) ? { cards: s.cards as number[] } : {}),
        playing: s.playing === true,
        ...(typeof s.at === 'number' ? { at: s.at } : {}),
        ...(Array.isArray(s.highlight) ? { highlight: s.highlight as StoryStep['highlight'] } : {}),
        ...(question ? { question: question as StoryStep['question'] } : {}),
        ...(answer ? { answer: answer as StoryStep['answer'] } : {}),
      });
    });
  if (r.problems.length > 0 || !id || !title || !base) return undefined;
  return { story: { id: id as Story['id'], title: title as Story['title'], base, steps }, texts };
}

/** A story problem of `validateStories` (`<id>: step 2 ...`) as a path. */
function storyProblem(line: string): Problem {
  const rest = line.replace(/^[^:]*: /, '');
  const m = /^step (\d+)(?: (\w+))?: (.*)$/.exec(rest);
  if (m) return { path: `steps[${Number(m[1]) - 1}]${m[2] ? `.${m[2]}` : ''}`, message: m[3]! };
  return { path: '(the story)', message: rest };
}

/** Reads a file's text: a story (it has `steps`) or an exercise. */
export function readLabFile(text: string): FileResult {
  let root: Json;
  try {
    root = parseJsonLocated(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { ok: false, refusal: { kind: 'syntax', line: e.line, column: e.column, message: `expected ${e.expected}` } };
    return { ok: false, refusal: { kind: 'syntax', line: 1, column: 1, message: String((e as Error)?.message ?? e) } };
  }
  const r = new Reader();
  if (!isObj(root)) return { ok: false, refusal: { kind: 'problems', problems: [{ path: '(the file)', message: `expected a JSON object, got ${show(root)}` }] } };
  const kind = root.kind ?? (root.steps !== undefined ? 'story' : 'exercise');
  if (kind !== 'story' && kind !== 'exercise') return { ok: false, refusal: { kind: 'problems', problems: [{ path: 'kind', message: `expected "story" or "exercise", got ${show(kind)}` }] } };
  try {
    if (kind === 'exercise') {
      const ex = toExercise(root, r);
      if (!ex) return { ok: false, refusal: { kind: 'problems', problems: r.problems } };
      const problems = validateExercise(ex, en);
      return problems.length > 0 ? { ok: false, refusal: { kind: 'problems', problems } } : { ok: true, file: { kind: 'exercise', exercise: ex } };
    }
    const read = toStory(root, r);
    if (!read) return { ok: false, refusal: { kind: 'problems', problems: r.problems } };
    const catalogue: Record<string, Message> = { ...en };
    for (const [k, v] of Object.entries(read.texts)) catalogue[k] = v.en;
    const problems = validateStories([read.story], catalogue).map(storyProblem);
    return problems.length > 0 ? { ok: false, refusal: { kind: 'problems', problems } } : { ok: true, file: { kind: 'story', story: read.story, texts: read.texts } };
  } catch (e) {
    // A shape no check foresaw: refused with what went wrong, never a crash.
    return { ok: false, refusal: { kind: 'problems', problems: [...r.problems, { path: '(the file)', message: String((e as Error)?.message ?? e) }] } };
  }
}

/** Registers a loaded story's texts with the translator (English stands in for a missing Chinese text). */
export function registerStoryTexts(texts: Readonly<Record<string, LocalText>>): void {
  const enTexts: Record<string, string> = {};
  const zhTexts: Record<string, string> = {};
  for (const [k, v] of Object.entries(texts)) {
    enTexts[k] = v.en;
    if (v['zh-CN']) zhTexts[k] = v['zh-CN'];
  }
  registerMessages('en', enTexts);
  registerMessages('zh-CN', zhTexts);
}

/** An exercise text in a locale: a catalogue id goes through the translator, inline text picks its locale. */
export function exerciseText(x: ExerciseText, locale: string, t: (id: never) => string): string {
  if (typeof x === 'string') return t(x as never);
  return (locale === 'zh-CN' ? x['zh-CN'] : undefined) ?? x.en;
}
