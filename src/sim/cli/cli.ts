/**
 * Command line: runs one simulation and prints client-side and server-side side by side.
 *
 *   npm run sim -- --pods 100000 --replicas 4 --seconds 60 [--json]
 *
 * Bad flags print a message naming the flag and its bounds and exit with status 2.
 */
import { createSimulation } from '../engine';
import { FORMAT_NAMES, importText, type ImportedObject, type RejectedItem } from '../cluster';
import { MAX_EVENTS_PER_STEP, churnEventsPerSecond, churnRates, escapedText, shownText } from '../params';
import { SimParamsError, validateParams } from '../params';
import type { ResolvedChurn } from '../params';
import { verdictOf, type Verdict } from '../report';
import { ScenarioError } from '../time';
import { FlagError, HELP_HINT, HELP_HINT_ZH, flagMessage, langOf, parseArgs, scenarioOf, usage, type ReadFile } from './flags';
import type { LocaleId } from '../../i18n/locale';
import { int, modeReport, reshardReports, reshardTable, table } from './report';
import { readScenarioFile } from './scenarioFile';
import { stepWithProgress, type ProgressSink } from './progress';
import { workBudgetError } from './budget';
import { replayJson, replayTable } from './replay';
import { terminalSafe } from './text';
import type { ErrorContext, WatchStream } from '../cluster';

/** What a CLI run produced. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The most `error:` lines a refusal prints; the rest are counted. */
const MAX_ERROR_LINES = 21;
/** The longest `error:` line: values are cut where they are quoted, this is the backstop. */
const MAX_ERROR_LINE = 2_000;

/** The frame of error lines in each language. */
const ERROR_WORDS: Readonly<Record<LocaleId, { readonly error: string; more(n: string): string; readonly hint: string }>> = {
  en: { error: 'error: ', more: (n) => `… and ${n} more problems`, hint: HELP_HINT },
  'zh-CN': { error: '错误：', more: (n) => `……另有 ${n} 个问题`, hint: HELP_HINT_ZH },
};

/**
 * The stderr of a refused run: one `error:` line per problem (at most 21, each cut short), then
 * the --help hint. Under `--lang zh-CN` the frame is Chinese; the model's own checks of
 * parameters and scenario files (`english`) name field paths and keep their English text, so a
 * Chinese line says so first.
 */
function refused(messages: readonly string[], lang: LocaleId = 'en', english = false): CliResult {
  const w = ERROR_WORDS[lang];
  const shown = messages.length > MAX_ERROR_LINES ? [...messages.slice(0, MAX_ERROR_LINES - 1), w.more((messages.length - MAX_ERROR_LINES + 1).toLocaleString('en-US'))] : messages;
  const line = (m: string) => (m.length > MAX_ERROR_LINE ? `${m.slice(0, MAX_ERROR_LINE - 1)}…` : m);
  const lead = lang === 'zh-CN' && english ? `${w.error}模型拒绝了这些参数（以下是模型的英文原文，其中的字段名与文档一致）\n` : '';
  return { code: 2, stdout: '', stderr: lead + shown.map((m) => `${w.error}${line(m)}\n`).join('') + w.hint + '\n' };
}

/**
 * Rate x duration, checked before running: the events the churn flags ask for over --seconds
 * must fit one run. Returns a message naming the flags, or null.
 */
function eventBudgetError(churn: ResolvedChurn, seconds: number, lang: LocaleId): string | null {
  const total = churnEventsPerSecond(churn) * seconds;
  if (total <= MAX_EVENTS_PER_STEP) return null;
  const rates = [
    ['--adds', churn.addsPerSecond],
    ['--modifies', churn.modifiesPerSecond],
    ['--deletes', churn.deletesPerSecond],
  ] as const;
  const parts = rates.map(([f, r]) => `${f} ${int(r)}/s`);
  const bursts = int(churnEventsPerSecond(churn) - churn.addsPerSecond - churn.modifiesPerSecond - churn.deletesPerSecond);
  if (lang === 'zh-CN') {
    if (churn.burst.enabled) parts.push(`滚动更新 ${bursts}/s（--bursts）`);
    return `按 ${parts.join(' + ')}的速率模拟 --seconds ${seconds.toLocaleString('en-US')} 秒需要 ${int(total)} 个事件；一次模拟最多 ${int(MAX_EVENTS_PER_STEP)} 个：请降低 --seconds 或某个速率`;
  }
  if (churn.burst.enabled) parts.push(`rolling updates ${bursts}/s (--bursts)`);
  return (
    `${parts.join(' + ')} for --seconds ${seconds.toLocaleString('en-US')} asks for ${int(total)} events; ` +
    `a run takes at most ${int(MAX_EVENTS_PER_STEP)}: lower --seconds or a rate`
  );
}

/**
 * Runs the CLI on `argv` (without the node and script arguments). `progress` (main.ts: stderr)
 * hears how far a slow run is; without it the run is silent until its result. A selector with
 * a syntax error needs the syntax-error model: await `loadSyntaxErrors()` first (main.ts does).
 */
export function runCli(argv: readonly string[], readFile: ReadFile = readScenarioFile, progress?: ProgressSink): CliResult {
  const r = runUnsafe(argv, readFile, progress);
  // Whatever a file, a flag or a link put in the output reaches the terminal escaped.
  return { code: r.code, stdout: terminalSafe(r.stdout), stderr: terminalSafe(r.stderr) };
}

function runUnsafe(argv: readonly string[], readFile: ReadFile, progress: ProgressSink | undefined): CliResult {
  const lang = langOf(argv);
  try {
    return run(argv, readFile, progress);
  } catch (e) {
    if (e instanceof FlagError) return refused([e.in(lang)], lang);
    if (e instanceof ScenarioError) return refused(e.message.split('\n'), lang, true);
    if (e instanceof SimParamsError) return refused(e.issues.map(flagMessage), lang, true);
    // Anything else is a fault or exhaustion (memory, typed-array size): say so in one line
    // and what to change, instead of a stack trace.
    const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    // A stack overflow is no matter of size: a smaller run would not help.
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      const stderr =
        lang === 'zh-CN'
          ? `错误：模拟已停止：${what}\n（这是一个缺陷：请连同命令行和 --scenario 文件一起报告；${HELP_HINT_ZH.slice(1)}\n`
          : `error: the simulation stopped: ${what}\n(this is a bug: please report it with the command line and any --scenario file; ${HELP_HINT.slice(1)}\n`;
      return { code: 1, stdout: '', stderr };
    }
    const stderr =
      lang === 'zh-CN'
        ? `错误：模拟已停止：${what}\n（请缩小模拟：减少 --pods、降低 --adds 或减少 --seconds；${HELP_HINT_ZH.slice(1)}\n`
        : `error: the simulation stopped: ${what}\n(try a smaller run: fewer --pods, lower --adds, or fewer --seconds; ${HELP_HINT.slice(1)}\n`;
    return { code: 1, stdout: '', stderr };
  }
}

function run(argv: readonly string[], readFile: ReadFile, progress: ProgressSink | undefined): CliResult {
  const args = parseArgs(argv);
  if (args.help) return { code: 0, stdout: usage(args.lang) + '\n', stderr: '' };
  const { input: given, seconds: runSeconds } = scenarioOf(args, readFile);
  const imported = args.importFile === null ? null : importFile(args.importFile, args.importSize, readFile);
  if (imported !== null && !imported.ok) return refused([imported.message], args.lang);
  // An import sets the cluster's size; the budgets below then count its pods.
  const input = imported ? { ...given, cluster: { ...given.cluster, pods: imported.objects.length } } : given;
  const v = validateParams(input);
  if (!v.ok) return refused(v.issues.map(flagMessage), args.lang, true);
  const runError = eventBudgetError(churnRates(v.params), runSeconds, args.lang);
  if (runError) return refused([runError], args.lang);
  // The run's total work, before building anything.
  const workError = workBudgetError(v.params, runSeconds, args.lang);
  if (workError) return refused([workError], args.lang);
  // No step-back checkpoints: the command line never steps back, and copying the state every
  // few simulated seconds would cost most of a long run's time and memory.
  const started = progress?.now();
  const sim = createSimulation(input, { checkpointBudgetBytes: 0, ...(imported ? { imported: imported.objects, stream: imported.stream } : {}) });
  // An imported watch stream is replayed through both modes for the run's replicas and selectors.
  const replay = sim.streamReplay();
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
      // The rates in effect: a rate the parameters leave null is the default per 1,000 pods times the pods.
      churnRates: snap.churn.rates,
      livePods: snap.cluster.live,
      ...(imported ? { imported: { file: args.importFile, format: imported.format, sizes: imported.sizes, objects: imported.objects.length, rejected: imported.rejected } } : {}),
      ...(replay ? { replay: replayJson(replay) } : {}),
      refusedAdds: snap.churn.refusedAdds,
      meanEventBytes: snap.closedForm.meanEventBytes,
      modes: { client, server },
      closedForm: snap.closedForm,
      bursts: snap.churn.bursts,
      reshards: reshardReports(snap.handoff.reshards),
      verdict: jsonVerdict(verdictOf(snap)),
    };
    return { code: 0, stdout: JSON.stringify(body, null, 2) + '\n', stderr: '' };
  }
  const lead = (imported ? `${imported.summary}\n\n` : '') + (replay ? `${replayTable(replay, args.lang)}\n` : '');
  return { code: 0, stdout: lead + table(snap, seconds, client, server, args.lang) + reshardTable(snap.handoff.reshards, args.lang), stderr: '' };
}

/**
 * The verdict as `--json` has always printed it: the seconds left to settle are said in the
 * sentence and stay out of the JSON, whose keys do not change.
 */
function jsonVerdict(v: Verdict): Omit<Verdict, 'settlingSeconds'> {
  const { settlingSeconds, ...rest } = v;
  void settlingSeconds;
  return rest;
}

type ImportedFile =
  | { ok: true; objects: readonly ImportedObject[]; rejected: readonly RejectedItem[]; stream: WatchStream | null; format: string; sizes: string; summary: string }
  | { ok: false; message: string };

/** Reads `--import FILE`: the objects, or a message with the file and the place it failed. */
function importFile(path: string, size: 'file' | 'compact', readFile: ReadFile): ImportedFile {
  const file = shownText(path);
  let text: string;
  try {
    text = readFile(path);
  } catch (e) {
    return { ok: false, message: `--import "${file}" cannot be read: ${escapedText(e instanceof Error ? e.message : String(e))}` };
  }
  const r = importText(text, { size });
  // A malformed file is refused (exit 2) with its place, even if objects came before it.
  if (r.error) {
    const read = r.objects.length > 0 ? ` (${r.objects.length} objects were read before it)` : '';
    const at = r.error.context ? contextLines(r.error.context) : '';
    return { ok: false, message: `--import ${file}:${r.error.line !== undefined ? `${r.error.line}:${r.error.column}:` : ''} ${escapedText(r.error.message)}${read}${at}` };
  }
  const left = r.rejected.map((x) => `\n  item ${x.index}${x.line !== undefined ? ` (line ${x.line})` : ''} left out: ${escapedText(x.reason)}`).join('');
  const kinds = r.kinds.map((k) => `${k.count} ${k.kind === '' ? 'objects of unnamed kind' : shownText(k.kind)}`).join(', ');
  const sizes = r.sizes === 'model' ? 'sizes drawn from the model (custom-columns carry no object)' : r.sizes === 'file' ? 'sizes: bytes in the file' : 'sizes: compact JSON bytes';
  const events = r.events ? `\n  watch events: ${r.events.ADDED} ADDED, ${r.events.MODIFIED} MODIFIED, ${r.events.DELETED} DELETED, ${r.events.BOOKMARK} BOOKMARK; the final state is imported, and the stream is replayed below` : '';
  const summary = `imported ${r.objects.length} objects from ${file}: ${FORMAT_NAMES[r.format!]}; ${kinds}; ${r.namespaces} namespaces${r.clusterScoped > 0 ? `, ${r.clusterScoped} cluster-scoped` : ''}; ${sizes}${events}${left}`;
  return { ok: true, objects: r.objects, rejected: r.rejected, stream: r.stream, format: r.format!, sizes: r.sizes, summary };
}

/**
 * The line of a malformed file's error place, escaped, with the caret under the failing
 * character of the escaped line (an escape before it is longer than the character).
 */
function contextLines(c: ErrorContext): string {
  return `\n  ${escapedText(c.line)}\n  ${' '.repeat(escapedText(c.line.slice(0, c.caret)).length)}^`;
}
