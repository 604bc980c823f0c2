/**
 * Every statement about Kubernetes in a `(?)` explanation has a source:
 * each subject its English title and text mention (`src/facts/terms.ts`) is covered by a fact
 * it cites, and each cited fact is about something it says.
 */
import { describe, expect, it } from 'vitest';
import { en, type MessageId } from '../../i18n/en';
import { uncitedTerms } from '../../facts';
import { EXPLAIN_SOURCES } from './sources';
import type { ExplainTopic } from './topics';

describe('explanation sources', () => {
  for (const topic of Object.keys(EXPLAIN_SOURCES) as ExplainTopic[]) {
    it(`${topic} cites a fact for every subject it mentions, and only those`, () => {
      const text = `${en[`explain.${topic}.title` as MessageId] as string} ${en[`explain.${topic}.text` as MessageId] as string}`;
      expect(uncitedTerms(text, EXPLAIN_SOURCES[topic])).toEqual({ missing: [], unused: [] });
    });
  }

  it('cover every explanation in the catalogue', () => {
    const topics = Object.keys(en)
      .filter((k) => /^explain\.[a-zA-Z0-9]+\.text$/.test(k))
      .map((k) => k.split('.')[1]);
    expect(Object.keys(EXPLAIN_SOURCES).sort()).toEqual(topics.sort());
  });
});
