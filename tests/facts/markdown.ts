/**
 * `docs/facts.md`, generated from the facts table: every fact with its sources and
 * where the page states it (story steps, `(?)` explanations, other catalogue messages).
 */
import { FACTS, MESSAGE_SOURCES, sourcePath, type FactId } from '../../src/facts';
import { STORIES } from '../../src/stories';
import { EXPLAIN_SOURCES } from '../../src/ui/explain/sources';
import { DEFAULT_CHURN_PER_1000, DEFAULT_PARAMS, EVENTS_PER_REPLACED_POD } from '../../src/sim/params';
import { createSimulation } from '../../src/sim';

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
  out.push(...churnSection());
  return out.join('\n');
}

/** `n` with grouped digits and at most `digits` decimals. */
const num = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/**
 * The default churn: each rate per 1,000 objects, where it comes from, and which part is our
 * own choice. The figures are the model's, so this section follows them.
 */
function churnSection(): string[] {
  const per = DEFAULT_CHURN_PER_1000;
  const burst = DEFAULT_PARAMS.churn.burst;
  const pods = DEFAULT_PARAMS.cluster.pods;
  const at = (rate: number) => num((rate * pods) / 1000, 2);
  const steady = per.addsPerSecond + per.modifiesPerSecond + per.deletesPerSecond;
  const stream = createSimulation({ cluster: { pods } }).snapshot().closedForm.streamEventsPerSec;
  const perObject = stream / pods;
  const replaced = EVENTS_PER_REPLACED_POD - 2;
  return [
    '## Churn: the default rates, and where they come from',
    '',
    'The model’s default churn is a rate per 1,000 objects (pods at the start; `DEFAULT_CHURN_PER_1000` in',
    '`src/sim/params/defaults.ts`), so every object sees the same events per second whatever the',
    'cluster’s size, and the page’s MB/s and CPU describe the cluster it draws. A rate given as a number',
    '(`--adds`, `--modifies`, `--deletes`, a scenario’s `churn.addsPerSecond`, a link’s `addedPerSec`) is',
    'events per second at any size. On the page the rates are events per second too, shown per 1,000',
    'objects beneath them; a new object count scales them.',
    '',
    `| per second per 1,000 pods | default | at ${num(pods)} pods | where it comes from |`,
    '| --- | --- | --- | --- |',
    `| adds | ${num(per.addsPerSecond, 2)} | ${at(per.addsPerSecond)} | \`cl2-load\`: the scalability load test creates 10 pods a second, at its 30 pods a node; ${num(pods)} pods are ${num(pods / 30)} such nodes, and 10 a second on them is 1 per 1,000 pods. Taking that pace at every size is our choice. |`,
    `| deletes | ${num(per.deletesPerSecond, 2)} | ${at(per.deletesPerSecond)} | \`cl2-load\` deletes at the rate it creates; equal adds and deletes keep the count level. A pod then lives ${num(1000 / per.deletesPerSecond)} s on average (about ${num(1000 / per.deletesPerSecond / 60)} minutes): a busy cluster (batch jobs, autoscaling, deploys), our choice. |`,
    `| modifies | ${num(per.modifiesPerSecond, 2)} | ${at(per.modifiesPerSecond)} | Ours. The model’s rolling updates send ${replaced} MODIFIED for each pod they replace (\`EVENTS_PER_REPLACED_POD\` is ${EVENTS_PER_REPLACED_POD} with its ADDED and DELETED); the steady churn takes the same ${replaced} per pod created and deleted, and ${num(per.modifiesPerSecond - replaced * per.addsPerSecond, 2)} more for pods that live on: every pod is updated about every ${num(1000 / per.modifiesPerSecond)} s. Not a count read in Kubernetes: a real pod’s updates vary with its probes, restarts and controllers. |`,
    `| rolling-update pods | ${num(per.burstPodsPerSecond, 2)} | ${at(per.burstPodsPerSecond)} | Ours. One namespace every ${num(burst.everySeconds)} s, its pods replaced at this rate for at most ${num(burst.maxSeconds)} s (${num((per.burstPodsPerSecond * pods * burst.maxSeconds) / 1000)} pods a rollout at ${num(pods)} pods), often enough that a two-minute chart shows a few. Scaled with the cluster, a bigger cluster’s bigger namespaces roll the same share. |`,
    '',
    `Together, with the rolling updates averaged over their period: ${num(perObject, 4)} events per second per object (one about`,
    `every ${num(1 / perObject)} s), ${num(stream)} a second at ${num(pods)} pods, of which ${num((steady * pods) / 1000)} are steady adds, updates and deletes.`,
    '`src/sim/engine/churnScale.test.ts` holds the figure per object equal at 1,000 and 100,000 pods.',
    '',
    'What it is not: a real cluster’s churn does not grow in proportion to its pods. `cl2-load` holds',
    '10 pods a second whatever its size (on 5,000 nodes, 150,000 pods, that is 0.07 per 1,000), so at',
    '100,000 pods these defaults run ten times the load test’s pace, and at 3,000 pods (its smallest',
    'cluster, 100 nodes) about a third of it. Set your own cluster’s rates (`--adds`, the churn fields)',
    'to model it.',
    '',
  ];
}
