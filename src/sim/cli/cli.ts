/**
 * Command line: runs one simulation and prints client-side and server-side side by side.
 *
 *   npm run sim -- --pods 100000 --replicas 4 --seconds 60 [--json]
 *
 * Bad flags print a message naming the flag and its bounds and exit with status 2.
 */
import { createSimulation } from '../engine';
import { MAX_EVENTS_PER_STEP, churnEventsPerSecond } from '../params';
import { SimParamsError, validateParams } from '../params';
import type { SimParams } from '../params';
import { verdictOf } from '../report';
import { ScenarioError } from '../time';
import { FlagError, HELP_HINT, flagMessage, parseArgs, scenarioOf, usage, type ReadFile } from './flags';
import { int, modeReport, reshardReports, reshardTable, table } from './report';
import { readScenarioFile } from './scenarioFile';
import { stepWithProgress, type ProgressSink } from './progress';
import { workBudgetError } from './budget';

/** What a CLI run produced. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The most `error:` lines a refusal prints (issue 23, point 8); the rest are counted. */
const MAX_ERROR_LINES = 21;
/** The longest `error:` line: values are cut where they are quoted, this is the backstop. */
const MAX_ERROR_LINE = 2_000;

/** The stderr of a refused run: one `error:` line per problem (at most 21, each cut short), then the --help hint. */
function refused(messages: readonly string[]): CliResult {
  const shown = messages.length > MAX_ERROR_LINES ? [...messages.slice(0, MAX_ERROR_LINES - 1), `… and ${(messages.length - MAX_ERROR_LINES + 1).toLocaleString('en-US')} more problems`] : messages;
  const line = (m: string) => (m.length > MAX_ERROR_LINE ? `${m.slice(0, MAX_ERROR_LINE - 1)}…` : m);
  return { code: 2, stdout: '', stderr: shown.map((m) => `error: ${line(m)}\n`).join('') + HELP_HINT + '\n' };
}

/**
 * Rate x duration, checked before running: the events the churn flags ask for over --seconds
 * must fit one run. Returns a message naming the flags, or null.
 */
function eventBudgetError(churn: SimParams['churn'], seconds: number): string | null {
  const total = churnEventsPerSecond(churn) * seconds;
  if (total <= MAX_EVENTS_PER_STEP) return null;
  const rates = [
    ['--adds', churn.addsPerSecond],
    ['--modifies', churn.modifiesPerSecond],
    ['--deletes', churn.deletesPerSecond],
  ] as const;
  const parts = rates.map(([f, r]) => `${f} ${int(r)}/s`);
  if (churn.burst.enabled) parts.push(`rolling updates ${int(churnEventsPerSecond(churn) - churn.addsPerSecond - churn.modifiesPerSecond - churn.deletesPerSecond)}/s (--bursts)`);
  return (
    `${parts.join(' + ')} for --seconds ${seconds.toLocaleString('en-US')} asks for ${int(total)} events; ` +
    `a run takes at most ${int(MAX_EVENTS_PER_STEP)}: lower --seconds or a rate`
  );
}

/**
 * Runs the CLI on `argv` (without the node and script arguments). `progress` (main.ts: stderr)
 * hears how far a slow run is; without it the run is silent until its result.
 */
export function runCli(argv: readonly string[], readFile: ReadFile = readScenarioFile, progress?: ProgressSink): CliResult {
  try {
    return run(argv, readFile, progress);
  } catch (e) {
    if (e instanceof FlagError) return refused([e.message]);
    if (e instanceof ScenarioError) return refused(e.message.split('\n'));
    if (e instanceof SimParamsError) return refused(e.issues.map(flagMessage));
    // Anything else is a fault or exhaustion (memory, typed-array size): say so in one line
    // and what to change, instead of a stack trace.
    const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    // A stack overflow is no matter of size (issue 23, point 9): a smaller run would not help.
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      return { code: 1, stdout: '', stderr: `error: the simulation stopped: ${what}\n(this is a bug: please report it with the command line and any --scenario file; ${HELP_HINT.slice(1)}\n` };
    }
    return {
      code: 1,
      stdout: '',
      stderr: `error: the simulation stopped: ${what}\n(try a smaller run: fewer --pods, lower --adds, or fewer --seconds; ${HELP_HINT.slice(1)}\n`,
    };
  }
}

function run(argv: readonly string[], readFile: ReadFile, progress: ProgressSink | undefined): CliResult {
  const args = parseArgs(argv);
  if (args.help) return { code: 0, stdout: usage() + '\n', stderr: '' };
  const { input, seconds: runSeconds } = scenarioOf(args, readFile);
  const v = validateParams(input);
  if (!v.ok) return refused(v.issues.map(flagMessage));
  const runError = eventBudgetError(v.params.churn, runSeconds);
  if (runError) return refused([runError]);
  // The run's total work, before building anything (issue 23, point 10).
  const workError = workBudgetError(v.params, runSeconds);
  if (workError) return refused([workError]);
  // No step-back checkpoints: the command line never steps back, and copying the state every
  // few simulated seconds cost most of a long run's time and memory (issue 23, point 10).
  const started = progress?.now();
  const sim = createSimulation(input, { checkpointBudgetBytes: 0 });
  stepWithProgress(sim, runSeconds, progress, started);
  const snap = sim.snapshot();
  const seconds = snap.time;
  const p = snap.params;
  const nsPerByte = p.sizes.encoding === 'protobuf' ? p.costs.protobufDecodeNsPerByte : p.costs.jsonDecodeNsPerByte;
  const client = modeReport(snap, snap.modes.client, seconds, nsPerByte);
  const server = modeReport(snap, snap.modes.server, seconds, nsPerByte);
  if (args.json) {
    const body = {
      params: p,
      seconds,
      events: snap.churn.total,
      livePods: snap.cluster.live,
      refusedAdds: snap.churn.refusedAdds,
      meanEventBytes: snap.closedForm.meanEventBytes,
      modes: { client, server },
      closedForm: snap.closedForm,
      bursts: snap.churn.bursts,
      reshards: reshardReports(snap.handoff.reshards),
      verdict: verdictOf(snap),
    };
    return { code: 0, stdout: JSON.stringify(body, null, 2) + '\n', stderr: '' };
  }
  return { code: 0, stdout: table(snap, seconds, client, server, args.lang) + reshardTable(snap.handoff.reshards, args.lang), stderr: '' };
}
