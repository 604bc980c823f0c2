/**
 * Every statement about Kubernetes in a story has a source: each subject a
 * step's title, narration, question, answer and speaker notes mention in English
 * (`src/facts/terms.ts`) is covered by a fact the step cites, and each cited fact is about
 * something the step says.
 */
import { describe, expect, it } from 'vitest';
import { en, type MessageId } from '../i18n/en';
import { FACTS, uncitedTerms } from '../facts';
import { STORIES } from './index';

const text = (id: MessageId | undefined) => {
  if (!id) return '';
  const m = en[id];
  return typeof m === 'string' ? m : m.other;
};

describe('story sources', () => {
  for (const story of STORIES) {
    story.steps.forEach((step, i) => {
      it(`${story.id} step ${i + 1} cites a fact for every subject it mentions, and only those`, () => {
        const said = [step.title, step.narration, step.question, step.answer, step.notes].map(text).join(' ');
        expect(uncitedTerms(said, step.sources ?? [])).toEqual({ missing: [], unused: [] });
      });
    });
  }

  it('cite only facts in the table', () => {
    for (const story of STORIES) for (const step of story.steps) for (const id of step.sources ?? []) expect(FACTS).toHaveProperty(id);
  });
});
