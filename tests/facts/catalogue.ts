/**
 * Which facts each message of the catalogue cites, gathered from the three places that cite
 * them (story steps, `(?)` explanations, `src/facts/messages.ts`), and what is wrong with a
 * catalogue's citations.
 */
import { FACTS, MESSAGE_SOURCES, NAMES_ONLY, termsIn, uncitedTerms, type FactId } from '../../src/facts';
import type { Message } from '../../src/i18n/en';
import { STORIES } from '../../src/stories';
import { EXPLAIN_SOURCES } from '../../src/ui/explain/sources';

/** The citations of every message, and which of them come from `MESSAGE_SOURCES`. */
export interface Citations {
  /** Message id -> the facts of the story steps and explanations it belongs to (shared by all their messages). */
  readonly shared: ReadonlyMap<string, readonly FactId[]>;
  /** Message id -> the facts `MESSAGE_SOURCES` gives it alone (each must be about something it says). */
  readonly own: Readonly<Record<string, readonly FactId[]>>;
  /** Message id -> why it only names a subject. */
  readonly namesOnly: Readonly<Record<string, string>>;
}

/** The citations as the project has them. */
export function projectCitations(): Citations {
  const shared = new Map<string, FactId[]>();
  const add = (id: string | undefined, facts: readonly FactId[]) => {
    if (id) shared.set(id, [...(shared.get(id) ?? []), ...facts]);
  };
  for (const story of STORIES) {
    for (const step of story.steps) for (const id of [step.title, step.narration, step.question, step.answer, step.notes]) add(id, step.sources ?? []);
  }
  for (const [topic, facts] of Object.entries(EXPLAIN_SOURCES)) {
    add(`explain.${topic}.title`, facts);
    add(`explain.${topic}.text`, facts);
  }
  return { shared, own: MESSAGE_SOURCES, namesOnly: NAMES_ONLY };
}

/** A message's English text: a plural message's forms together. */
export const textOf = (m: Message): string => (typeof m === 'string' ? m : Object.values(m).join(' '));

/**
 * Everything wrong with a catalogue's citations, one line each; empty when every message that
 * mentions a subject cites a fact about each subject it mentions, or only names it.
 */
export function catalogueProblems(catalogue: Readonly<Record<string, Message>>, c: Citations): string[] {
  const problems: string[] = [];
  for (const [id, message] of Object.entries(catalogue)) {
    const text = textOf(message);
    const terms = termsIn(text);
    const shared = c.shared.get(id);
    const own = c.own[id];
    if (shared && own) problems.push(`${id}: cited by its story step or explanation, and again in src/facts/messages.ts`);
    const facts = shared ?? own;
    if (id in c.namesOnly) {
      if (terms.length === 0) problems.push(`${id}: marked as naming a subject, but mentions none`);
      if (facts) problems.push(`${id}: marked as naming a subject, yet cites ${facts.join(', ')}`);
      continue;
    }
    if (terms.length === 0) continue;
    if (!facts || facts.length === 0) {
      problems.push(`${id}: mentions ${terms.join(', ')}, cites no fact`);
      continue;
    }
    const { missing } = uncitedTerms(text, facts);
    if (missing.length > 0) problems.push(`${id}: mentions ${missing.join(', ')}, which no fact it cites is about`);
  }
  for (const [id, facts] of Object.entries(c.own)) {
    if (!(id in catalogue)) {
      problems.push(`${id}: cited in src/facts/messages.ts, but no such message`);
      continue;
    }
    for (const f of facts) if (!(f in FACTS)) problems.push(`${id}: cites ${f}, which is not in the table`);
    const { unused } = uncitedTerms(textOf(catalogue[id]!), facts);
    if (unused.length > 0) problems.push(`${id}: cites ${unused.join(', ')}, about nothing it mentions`);
  }
  for (const id of Object.keys(c.namesOnly)) if (!(id in catalogue)) problems.push(`${id}: marked as naming a subject, but no such message`);
  return problems;
}
