/**
 * Checks stories before they ship: unique ids, non-empty steps, every message id in the
 * catalogue, questions paired with answers that have a next step to show on, and every step's
 * state valid by the same validation a `#state=` link goes through (a step whose state a link
 * could not carry is refused, with the fields the link decoder named).
 */
import { encodeLink, readLink } from '../state/link';
import { defaultViewParams } from '../state/defaults';
import type { Message } from '../i18n/en';
import { resolveStep } from './resolve';
import type { Story, StoryHighlight, StoryPanel, StoryShowItem } from './types';

/** Every item a step may show on the stage, for files that declare them. */
export const SHOW_ITEMS: readonly StoryShowItem[] = [
  'hash', 'audit', 'memory', 'flow', 'timeline', 'handoff', 'lifecycle',
  'chart:received', 'chart:egress', 'chart:cpu', 'chart:memory', 'chart:relists', 'chart:handoff',
  'card:selector', 'card:error', 'card:canonical', 'card:url', 'card:owned', 'card:events', 'card:bytes', 'card:memory', 'card:list',
];

/** What a step whose file names only its panel shows on the stage: that panel's usual items. */
export const SHOW_OF_PANEL: Readonly<Record<StoryPanel, readonly StoryShowItem[]>> = {
  'hash-space': ['hash'],
  'replica-cards': ['card:owned', 'card:events', 'card:bytes'],
  'bandwidth-panel': ['chart:received', 'chart:egress', 'chart:cpu'],
  'event-flow': ['flow'],
  'control-panel': ['hash', 'card:selector'],
  'ownership-audit': ['audit', 'card:owned'],
  'memory-figures': ['memory', 'chart:memory'],
};

/** The most charts one step may put on the stage. */
export const MAX_STEP_CHARTS = 3;

/**
 * Where each highlight is on the presentation stage: the item of `show`
 * that holds it; `stage` for what is always there (the headline, the audit, the timeline with
 * the schedule's marks), `card` for a card's head (its badges), shown with any card field.
 */
export const HIGHLIGHT_ON_STAGE: Readonly<Record<StoryHighlight, StoryShowItem | 'stage' | 'card'>> = {
  'hash-band': 'hash',
  'hash-canvas': 'hash',
  'boundary-handle': 'hash',
  'selector-input': 'card:selector',
  'selector-error': 'card:selector',
  'selector-quickfix': 'card:selector',
  'selector-canonical': 'card:canonical',
  'rejection-message': 'card:error',
  'request-url': 'card:url',
  'shardinfo-preview': 'card:list',
  'shardinfo-missing': 'card:list',
  'badge-fallback': 'card',
  'badge-trust': 'card',
  'badge-rejected': 'card',
  'badge-client-error': 'card',
  'badge-sharded': 'card',
  'owned-count': 'card:owned',
  'bytes-rate': 'card:bytes',
  'events-rate': 'card:events',
  'memory-figures': 'memory',
  'ownership-audit': 'stage',
  'headline-ratio': 'stage',
  'headline-chip': 'stage',
  'flow-canvas-client': 'flow',
  'flow-canvas-server': 'flow',
  'handoff-report': 'handoff',
  'chart-relists': 'chart:relists',
  'lifecycle-summary': 'lifecycle',
  'chart-handoff': 'chart:handoff',
  'timeline': 'stage',
  'schedule': 'stage',
};

/** What is wrong with a step's `show` list (empty: nothing). */
export function showProblems(show: readonly StoryShowItem[], highlight: readonly StoryHighlight[]): string[] {
  const out: string[] = [];
  if (show.length === 0) out.push('shows nothing on the stage');
  if (new Set(show).size !== show.length) out.push('shows an item twice');
  const charts = show.filter((x) => x.startsWith('chart:')).length;
  if (charts > MAX_STEP_CHARTS) out.push(`shows ${charts} charts (at most ${MAX_STEP_CHARTS})`);
  for (const h of highlight) {
    const at = HIGHLIGHT_ON_STAGE[h];
    const shown = at === 'stage' || (at === 'card' ? show.some((x) => x.startsWith('card:')) : show.includes(at));
    if (!shown) out.push(`highlights ${h}, which its stage does not show (${at})`);
  }
  return out;
}

/** What {@link validateStories} asks beyond the rules every story follows. */
export interface StoryRules {
  /** Every step must have speaker notes (the built-in stories; a file's may leave them out). */
  readonly requireNotes?: boolean;
}

/** Every problem found, as `<story>: <message>` (empty: all stories are valid). */
export function validateStories(stories: readonly Story[], catalogue: Readonly<Record<string, Message>>, rules: StoryRules = {}): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const story of stories) {
    const say = (m: string) => problems.push(`${story.id}: ${m}`);
    if (seen.has(story.id)) say('duplicate story id');
    seen.add(story.id);
    const key = (where: string, id: string | undefined) => {
      if (id !== undefined && !Object.prototype.hasOwnProperty.call(catalogue, id)) say(`${where}: message "${id}" is not in the catalogue`);
    };
    key('title', story.title);
    if (story.steps.length === 0) say('has no steps');
    story.steps.forEach((step, i) => {
      const where = `step ${i + 1}`;
      key(`${where} title`, step.title);
      key(`${where} narration`, step.narration);
      key(`${where} question`, step.question);
      key(`${where} answer`, step.answer);
      key(`${where} notes`, step.notes);
      if (rules.requireNotes && step.notes === undefined) say(`${where}: has no speaker notes`);
      if ((step.question === undefined) !== (step.answer === undefined)) say(`${where}: a question needs an answer and an answer a question`);
      if (step.question !== undefined && i === story.steps.length - 1) say(`${where}: the last step's question has no next step to show its answer on`);
      for (const p of showProblems(step.show, step.highlight ?? [])) say(`${where}: ${p}`);
      const resolved = resolveStep(story, i)!;
      const view = { ...defaultViewParams(), ...resolved.view };
      const { state, issues } = readLink(encodeLink({ params: resolved.params, view }));
      if (issues.length > 0) {
        say(`${where}: its state is not a valid link state (${issues.map((x) => `${x.field}: ${x.reason}`).join(', ')})`);
      } else if (JSON.stringify(state?.params) !== JSON.stringify(resolved.params) || JSON.stringify(state?.view) !== JSON.stringify(view)) {
        say(`${where}: its state does not survive a link round trip`);
      }
    });
  }
  return problems;
}
