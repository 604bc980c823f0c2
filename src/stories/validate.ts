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
import type { Story } from './types';

/** Every problem found, as `<story>: <message>` (empty: all stories are valid). */
export function validateStories(stories: readonly Story[], catalogue: Readonly<Record<string, Message>>): string[] {
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
      if ((step.question === undefined) !== (step.answer === undefined)) say(`${where}: a question needs an answer and an answer a question`);
      if (step.question !== undefined && i === story.steps.length - 1) say(`${where}: the last step's question has no next step to show its answer on`);
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
