/**
 * `docs/facts.md`, generated from the facts table: every fact with its sources and
 * where the page states it (story steps, `(?)` explanations, other catalogue messages).
 */
import { FACTS, MESSAGE_SOURCES, sourcePath, type FactId } from '../../src/facts';
import { STORIES } from '../../src/stories';
import { EXPLAIN_SOURCES } from '../../src/ui/explain/sources';

/** Where each fact is cited. */
function citations(): Map<FactId, string[]> {
  const by = new Map<FactId, string[]>();
  const cite = (id: FactId, where: string) => by.set(id, [...(by.get(id) ?? []), where]);
  for (const story of STORIES) story.steps.forEach((step, i) => (step.sources ?? []).forEach((id) => cite(id, `story \`${story.id}\` step ${i + 1}`)));
  for (const [topic, ids] of Object.entries(EXPLAIN_SOURCES)) ids.forEach((id) => cite(id, `explanation \`${topic}\``));
  for (const [message, ids] of Object.entries(MESSAGE_SOURCES)) ids.forEach((id) => cite(id, `message \`${message}\``));
  return by;
}

export function factsMarkdown(): string {
  const cited = citations();
  const out = [
    '# What ShardScope states about Kubernetes, and where it was read',
    '',
    'Generated from `src/facts/table.ts` by `npm run facts`: do not edit by hand (a test fails when this',
    'file and the table differ). Each fact was read in the source itself: kubernetes v1.36.3 (its',
    'staged `k8s.io/apiserver`, `k8s.io/client-go` and `k8s.io/apimachinery` at v0.36.3) unless a',
    'source names another release or a commit. A fact marked *inference* was worked out from the',
    'code, not run.',
    '',
  ];
  for (const id of Object.keys(FACTS) as FactId[]) {
    const f = FACTS[id];
    out.push(`## \`${id}\``, '', `${f.statement}${'inference' in f && f.inference ? ' *(inference)*' : ''}`, '');
    for (const s of f.sources) out.push(`- Source: \`${sourcePath(s)}\` (${s.release}): \`${s.symbol}\``);
    const where = cited.get(id) ?? [];
    out.push(`- Stated in: ${where.length > 0 ? where.join(', ') : 'the model and its documentation only'}`, '');
  }
  return out.join('\n');
}
