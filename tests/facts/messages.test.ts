/**
 * Every sentence of the catalogue that says something about Kubernetes has a source: each
 * English message that mentions a subject (`src/facts/terms.ts`) is cited by its story step, its
 * `(?)` explanation or `src/facts/messages.ts`, with a fact about every subject it mentions, or
 * is one of the few messages that only name a subject. zh-CN messages follow their English key.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_SOURCES, NAMES_ONLY } from '../../src/facts';
import { en } from '../../src/i18n/en';
import { zhCN } from '../../src/i18n/zh-CN';
import { catalogueProblems, projectCitations } from './catalogue';

describe('the catalogue’s citations', () => {
  const citations = projectCitations();

  it('cite a fact for every subject an English message mentions, and only facts about what it mentions', () => {
    expect(catalogueProblems(en, citations)).toEqual([]);
  });

  it('catch a sentence about Kubernetes that cites nothing', () => {
    const planted = { ...en, 'lifecycle.planted': 'A restart makes every watch drop, and its client relists.' };
    expect(catalogueProblems(planted, citations)).toEqual(['lifecycle.planted: mentions relist, restart, cites no fact']);
  });

  it('catch a citation that does not cover what the message says, and one about something it does not say', () => {
    const own = { ...citations.own, 'lifecycle.rolloutHelp': ['gate-alpha', 'rewatch', 'http2-connection', 'conflict'] } as const;
    expect(catalogueProblems(en, { ...citations, own })).toEqual([
      'lifecycle.rolloutHelp: mentions gone, which no fact it cites is about',
      'lifecycle.rolloutHelp: cites conflict, about nothing it mentions',
    ]);
  });

  it('catch a message cited twice, a citation of no message, and a name-only mark on a sentence that names nothing', () => {
    const own = { ...citations.own, 'explain.gate.text': ['gate-alpha'], 'card.nonexistent': ['fnv'] } as const;
    const namesOnly = { ...citations.namesOnly, 'card.copy': 'a button' };
    expect(catalogueProblems(en, { ...citations, own, namesOnly })).toEqual([
      'card.copy: marked as naming a subject, but mentions none',
      'explain.gate.text: cited by its story step or explanation, and again in src/facts/messages.ts',
      'card.nonexistent: cited in src/facts/messages.ts, but no such message',
    ]);
  });

  it('keep the name-only list short, and cite only ids zh-CN has too', () => {
    expect(Object.keys(NAMES_ONLY).length).toBeLessThanOrEqual(8);
    for (const id of [...Object.keys(MESSAGE_SOURCES), ...Object.keys(NAMES_ONLY)]) expect(zhCN, id).toHaveProperty([id]);
  });
});
