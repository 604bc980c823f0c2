/**
 * The command line's flags: what each sets, their bounds, how typed numbers read, and how a
 * scenario file and the flags merge into one run's parameters. Every message names the flag.
 */
import { SHARD_KEY_IDS, SHARD_KEY_TABLE, shardKeyById, shardKeyByPath } from '../../core/sharding';
import { CLIENT_KINDS, CLIENT_PROFILES, DEFAULT_CHURN_PER_1000, LIMITS } from '../params';

const PER = DEFAULT_CHURN_PER_1000;
import type { ParamIssue, SimParamsInput } from '../params';
import { matchLocale, type LocaleId } from '../../i18n/locale';
import { RESHARD_GRAMMAR, ScenarioError, parseReshardFlag, parseScenario } from '../time';
import { replicaCountsBefore } from '../params';
import type { ScheduledEvent } from '../params';

interface FlagSpec {
  readonly path: string;
  readonly kind: 'int' | 'number' | 'string' | 'enum' | 'key' | 'gates' | 'bool' | 'rollout';
  readonly values?: readonly string[];
  readonly help: string;
  /** Bounds of a numeric flag, checked here so that the message names the flag. */
  readonly min?: number;
  readonly max?: number;
}

/** Flags and the parameter each sets. */
const FLAGS: Record<string, FlagSpec> = {
  pods: { path: 'cluster.pods', kind: 'int', min: LIMITS.pods.min, max: LIMITS.pods.max, help: 'live pods at the start (1 to 1,000,000)' },
  replicas: { path: 'replicas.count', kind: 'int', min: LIMITS.replicas.min, max: LIMITS.replicas.max, help: 'controller replicas (1 to 64)' },
  seconds: { path: '', kind: 'number', min: 0.01, max: 86_400, help: 'simulated seconds to run (0.01 to 86,400)' },
  namespaces: { path: 'cluster.namespaces', kind: 'int', min: LIMITS.namespaces.min, max: LIMITS.namespaces.max, help: 'namespaces (1 to 10,000)' },
  'api-servers': { path: 'apiServers.count', kind: 'int', min: LIMITS.apiServers.min, max: LIMITS.apiServers.max, help: 'API server instances (1 to 5)' },
  gates: { path: 'apiServers.gates', kind: 'gates', help: 'ShardedListAndWatch per API server, e.g. on,off' },
  seed: { path: 'seed', kind: 'string', help: 'PRNG seed (same seed, same run)' },
  encoding: { path: 'sizes.encoding', kind: 'enum', values: ['json', 'protobuf'], help: 'wire encoding' },
  adds: { path: 'churn.addsPerSecond', kind: 'number', min: 0, max: 1_000_000, help: `pods created per second, at any --pods (default ${PER.addsPerSecond} per 1,000 pods: ${PER.addsPerSecond * 10} at 10,000)` },
  modifies: { path: 'churn.modifiesPerSecond', kind: 'number', min: 0, max: 1_000_000, help: `pod updates per second, at any --pods (default ${PER.modifiesPerSecond} per 1,000 pods: ${PER.modifiesPerSecond * 10} at 10,000)` },
  deletes: { path: 'churn.deletesPerSecond', kind: 'number', min: 0, max: 1_000_000, help: `pods deleted per second, at any --pods (default ${PER.deletesPerSecond} per 1,000 pods: ${PER.deletesPerSecond * 10} at 10,000)` },
  bursts: { path: 'churn.burst.enabled', kind: 'bool', help: `rolling updates on (true/false): one namespace every 30 s, ${PER.burstPodsPerSecond} pods per 1,000 a second for up to 10 s` },
  'client-filter': { path: 'replicas.clientFilter', kind: 'enum', values: ['ranges', 'jump'], help: 'client-side local filter' },
  client: { path: 'replicas.client', kind: 'enum', values: CLIENT_KINDS, help: `the client every replica runs: ${CLIENT_KINDS.map((k) => `${k} (${CLIENT_PROFILES[k].cli.help})`).join(', ')}` },
  fallback: { path: 'replicas.serverFallback', kind: 'enum', values: ['filter', 'trust'], help: 'old alias of --client: trust is client-go; filter is shardinfo (checked with --watch-policy check)' },
  'sequential-ids': { path: 'cluster.sequentialIds', kind: 'bool', help: 'UUIDv7-like uids (true/false)' },
  key: { path: 'replicas.key', kind: 'key', values: SHARD_KEY_IDS, help: `shard key: ${SHARD_KEY_TABLE.map((k) => `${k.id} (${k.path})`).join(' or ')}` },
  'rollout-gates': { path: 'apiServers.rollout', kind: 'rollout', help: 'rolling upgrade: gate@start/every, e.g. on@60s/20s restarts server i at 60 + 20i s with the gate on' },
  'watch-timeouts': { path: 'watch.timeouts', kind: 'bool', help: 'true: the client sends timeoutSeconds as client-go does (watches end after 5 to 10 minutes); false: the server ends them after 30 to 60 minutes. Either way they resume (default true)' },
  'watch-policy': { path: 'replicas.watchPolicy', kind: 'enum', values: ['trust', 'check'], help: 'old alias of --client: check is checked' },
  'initial-list': { path: 'replicas.initialList', kind: 'enum', values: ['watch-list', 'list'], help: 'a streaming list (sendInitialEvents; client-go\'s default since v1.35) or LIST then WATCH' },
  routing: { path: 'apiServers.routing', kind: 'enum', values: ['l4', 'l7'], help: 'l4: one HTTP/2 connection carries a replica\'s LIST and WATCH to one server; l7: each request balanced on its own' },
  'goaway-chance': { path: 'apiServers.goawayChance', kind: 'number', min: 0, max: 0.02, help: 'kube-apiserver --goaway-chance: per request, the chance the connection closes with GOAWAY (0 to 0.02)' },
  'restart-seconds': { path: 'apiServers.restartSeconds', kind: 'number', min: 0, max: 600, help: 'seconds a restarting API server is away (default 10)' },
  'history-seconds': { path: 'watch.historySeconds', kind: 'number', min: 75, max: 3_600, help: 'the watch cache\'s history window (default 75); an older resumed watch gets 410 Gone' },
  'pod-restart-seconds': { path: 'replicas.podRestartSeconds', kind: 'number', min: 0, max: 600, help: 'seconds from a replica stopping to its successor starting its informer, in a reshard (default 8)' },
  bookmarks: { path: 'watch.bookmarks', kind: 'bool', help: 'watchers ask for BOOKMARKs (true/false)' },
  'client-cache': { path: 'replicas.clientCache', kind: 'enum', values: ['owned', 'all'], help: 'informer cache: owned (filter before the cache) or all (cache everything, filter in handlers)' },
};

/**
 * What each flag does, in Chinese (`--help --lang zh-CN`): flag names, values and examples
 * stay as typed. A test holds its keys equal to the flags'.
 */
export const ZH_HELP: Readonly<Record<string, string>> = {
  pods: '开始时的存活 Pod 数（1 到 1,000,000）',
  replicas: '控制器副本数（1 到 64）',
  seconds: '模拟的秒数（0.01 到 86,400）',
  namespaces: '命名空间数（1 到 10,000）',
  'api-servers': 'API 服务器实例数（1 到 5）',
  gates: '每个 API 服务器的 ShardedListAndWatch 特性门控，例如 on,off',
  seed: '伪随机数种子（种子相同，模拟相同）',
  encoding: '传输编码',
  adds: `每秒新建的 Pod 数，与 --pods 无关（默认每 1,000 个 Pod ${PER.addsPerSecond} 个：1 万个 Pod 时为 ${PER.addsPerSecond * 10}）`,
  modifies: `每秒更新的 Pod 数，与 --pods 无关（默认每 1,000 个 Pod ${PER.modifiesPerSecond} 个：1 万个 Pod 时为 ${PER.modifiesPerSecond * 10}）`,
  deletes: `每秒删除的 Pod 数，与 --pods 无关（默认每 1,000 个 Pod ${PER.deletesPerSecond} 个：1 万个 Pod 时为 ${PER.deletesPerSecond * 10}）`,
  bursts: `滚动更新开启（true/false）：每 30 秒一个命名空间，每秒替换每 1,000 个 Pod 中的 ${PER.burstPodsPerSecond} 个，最长 10 秒`,
  'client-filter': '客户端分片的本地过滤方式：ranges（哈希范围）或 jump（跳跃一致性哈希）',
  client: `每个副本使用的客户端：${CLIENT_KINDS.map((k) => `${k}（${CLIENT_PROFILES[k].cli.helpZh}）`).join('、')}`,
  fallback: '--client 的旧别名：trust 即 client-go；filter 即 shardinfo（加 --watch-policy check 则为 checked）',
  'sequential-ids': '类似 UUIDv7 的 uid（true/false）',
  key: `分片键：${SHARD_KEY_TABLE.map((k) => `${k.id}（${k.path}）`).join('或 ')}`,
  'rollout-gates': '滚动升级：gate@start/every，例如 on@60s/20s 在 60 + 20i 秒时重启服务器 i 并开启门控',
  'watch-timeouts': 'true：客户端像 client-go 一样发送 timeoutSeconds（Watch 在 5 到 10 分钟后结束）；false：服务器在 30 到 60 分钟后结束 Watch。两种情况下都会恢复（默认 true）',
  'watch-policy': '--client 的旧别名：check 即 checked',
  'initial-list': '流式列表（sendInitialEvents；自 v1.35 起为 client-go 的默认方式），或先 LIST 再 WATCH',
  routing: 'l4：一条 HTTP/2 连接把一个副本的 LIST 和 WATCH 送到同一台服务器；l7：每个请求单独负载均衡',
  'goaway-chance': 'kube-apiserver 的 --goaway-chance：每个请求的连接以 GOAWAY 关闭的概率（0 到 0.02）',
  'restart-seconds': '重启中的 API 服务器离线的秒数（默认 10）',
  'history-seconds': 'Watch 缓存的历史窗口（默认 75 秒）；恢复得更晚的 Watch 会收到 410 Gone',
  'pod-restart-seconds': '重新分片时，从一个副本停止到其继任者启动 Informer 的秒数（默认 8）',
  bookmarks: 'watcher 请求 BOOKMARK（true/false）',
  'client-cache': 'Informer 缓存：owned（先过滤再缓存）或 all（全部缓存，在事件处理函数中过滤）',
};

/** The list of flags and what each does (`--help`), in the table's language. */
export function usage(lang: LocaleId = 'en'): string {
  if (lang === 'zh-CN') {
    const lines = ['用法：npm run sim -- [--pods N] [--replicas N] [--seconds S] [--json] [参数]', '', '参数：'];
    for (const name of Object.keys(FLAGS)) lines.push(`  --${name.padEnd(16)} ${ZH_HELP[name] ?? FLAGS[name]!.help}`);
    lines.push(`  --${'json'.padEnd(16)} 输出 JSON 而不是表格`);
    lines.push(`  --${'reshard'.padEnd(16)} 模拟中的一次重新分片：${RESHARD_GRAMMAR}；可重复给出多次`);
    lines.push(`  --${'scenario'.padEnd(16)} 一个 JSON 文件 {"params": {...}, "events": [...], "seconds": S}（docs/scenario.md）；命令行参数覆盖其中的 params`);
    lines.push(`  --${'import'.padEnd(16)} 从真实集群的对象开始：kubectl get -A -o json（List、多页 PodList）、-o yaml、-w -o json [--output-watch-events] 或 -o custom-columns=NAMESPACE:.metadata.namespace,NAME:.metadata.name,UID:.metadata.uid 的输出文件`);
    lines.push(`  --${'import-size'.padEnd(16)} 导入对象的大小：file（它在文件中的字节数，默认）或 compact（紧凑 JSON，即 API 服务器发送的形式）`);
    lines.push(`  --${'lang'.padEnd(16)} 表格和结论的语言：en 或 zh-CN（JSON 的键和值保持英文）`);
    lines.push('', '数字用十进制书写（100000、100_000、2.5、1e5）；每个参数最多给出一次。');
    return lines.join('\n');
  }
  const lines = ['usage: npm run sim -- [--pods N] [--replicas N] [--seconds S] [--json] [flags]', '', 'flags:'];
  for (const [name, f] of Object.entries(FLAGS)) lines.push(`  --${name.padEnd(16)} ${f.help}`);
  lines.push(`  --${'json'.padEnd(16)} print JSON instead of a table`);
  lines.push(`  --${'reshard'.padEnd(16)} a reshard during the run: ${RESHARD_GRAMMAR}; repeat for several`);
  lines.push(`  --${'scenario'.padEnd(16)} a JSON file {"params": {...}, "events": [...], "seconds": S} (docs/scenario.md); flags override its params`);
  lines.push(`  --${'import'.padEnd(16)} start from a real cluster's objects: a file of kubectl get -A -o json (List, PodList pages), -o yaml, -w -o json [--output-watch-events] or -o custom-columns=NAMESPACE:.metadata.namespace,NAME:.metadata.name,UID:.metadata.uid`);
  lines.push(`  --${'import-size'.padEnd(16)} an imported object's size: file (its bytes in the file, default) or compact (its compact JSON, as the API server sends it)`);
  lines.push(`  --${'lang'.padEnd(16)} language of the table and the summary: en or zh-CN (JSON keys stay English)`);
  lines.push('', 'Numbers are decimal (100000, 100_000, 2.5, 1e5); give each flag at most once.');
  return lines.join('\n');
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let o = obj;
  for (const p of parts.slice(0, -1)) {
    o[p] = (o[p] as Record<string, unknown> | undefined) ?? {};
    o = o[p] as Record<string, unknown>;
  }
  o[parts[parts.length - 1]!] = value;
}

/** A flag the command line refuses: the message in English, and in Chinese where one is given. */
export class FlagError extends Error {
  constructor(
    message: string,
    readonly zh?: string,
  ) {
    super(message);
  }

  /** The message in a language (English when no Chinese text was given). */
  in(lang: LocaleId): string {
    return lang === 'zh-CN' && this.zh !== undefined ? this.zh : this.message;
  }
}

/** The hint every error ends with. */
export const HELP_HINT = '(run with --help for every flag)';
/** The hint every error ends with, in Chinese. */
export const HELP_HINT_ZH = '（加 --help 运行可查看所有参数）';

/**
 * The language asked for with `--lang`, read before anything else so that an error in an
 * earlier flag is already said in it; English when it is missing or unreadable.
 */
export function langOf(argv: readonly string[]): LocaleId {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = arg === '--lang' ? argv[i + 1] : arg.startsWith('--lang=') ? arg.slice('--lang='.length) : undefined;
    if (value !== undefined) return matchLocale(value) ?? 'en';
  }
  return 'en';
}

/**
 * A decimal number as people type it on a command line: optional sign, digits with optional
 * `_` between them, an optional fraction and exponent. No hex, octal, binary, `Infinity` or
 * `NaN` (JavaScript's `Number()` takes all of those, and `0x10` silently became 16).
 */
const DECIMAL = /^[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:e[+-]?\d+)?$/i;

/** A typed value quoted for a message, cut short so that a huge argument gives a short line. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/**
 * A typed number for a message: plain digits grouped (`2,000,000`), anything else as typed
 * (never re-expanded: `1e308` stays `1e308`), cut short.
 */
function asTyped(value: string): string {
  if (/^[+-]?\d{1,15}(\.\d{1,6})?$/.test(value)) return bound(Number(value));
  return value.length > 40 ? `${value.slice(0, 40)}… (${value.length.toLocaleString('en-US')} characters)` : value;
}

function bound(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 20 });
}

/** Reads a numeric flag; throws FlagError naming the flag, its bounds and the typed text. */
function numberFlag(name: string, spec: FlagSpec, value: string): number {
  const whole = spec.kind === 'int';
  if (!DECIMAL.test(value)) throw new FlagError(`--${name} must be a decimal number such as 100000 or 100_000, got ${quoted(value)}`, `--${name} 须为十进制数，例如 100000 或 100_000，收到的是 ${quoted(value)}`);
  const n = Number(value.replace(/_/g, ''));
  const min = spec.min ?? -Infinity;
  const max = spec.max ?? Infinity;
  if (!(n >= min && n <= max) || (whole && !Number.isInteger(n))) {
    throw new FlagError(
      `--${name} must be ${whole ? 'an integer' : 'a number'} from ${bound(min)} to ${bound(max)}, got ${asTyped(value)}`,
      `--${name} 须为 ${bound(min)} 到 ${bound(max)} 之间的${whole ? '整数' : '数'}，收到的是 ${asTyped(value)}`,
    );
  }
  return n;
}

/** What the command line asked for. */
export interface ParsedArgs {
  input: SimParamsInput;
  seconds: number;
  json: boolean;
  help: boolean;
  /** `--reshard` values in order, each with the `from` it names. */
  reshards: { from: number; event: ScheduledEvent; text: string }[];
  scenario: string | null;
  /** `--import FILE`: a real cluster's objects (kubectl's json, yaml, watch stream or custom-columns). */
  importFile: string | null;
  /** `--import-size file|compact`: an imported object's size, its bytes in the file (default) or as compact JSON. */
  importSize: 'file' | 'compact';
  secondsGiven: boolean;
  lang: LocaleId;
}

/** The flags read so far, while `parseArgs` walks argv. */
interface Reading {
  readonly argv: readonly string[];
  /** The place in argv; a flag that takes the next argument as its value moves it on. */
  i: number;
  readonly input: Record<string, unknown>;
  readonly reshards: { from: number; event: ScheduledEvent; text: string }[];
  scenario: string | null;
  importFile: string | null;
  importSize: 'file' | 'compact' | null;
  seconds: number;
  json: boolean;
  help: boolean;
  lang: LocaleId | null;
  /** The text each flag was given, to refuse a repeat instead of silently taking the last. */
  readonly seen: Map<string, string>;
}

/** Parses argv into parameters; throws FlagError with a message naming the flag. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const st: Reading = { argv, i: 0, input: {}, reshards: [], scenario: null, importFile: null, importSize: null, seconds: 60, json: false, help: false, lang: null, seen: new Map() };
  for (; st.i < argv.length; st.i++) {
    const arg = argv[st.i]!;
    if (arg === '--json') {
      if (st.json) throw new FlagError('--json is given twice; give it once', '--json 给出了两次；只需给出一次');
      st.json = true;
    } else if (arg === '--help' || arg === '-h') {
      st.help = true;
    } else if (arg === '--lang' || arg.startsWith('--lang=')) {
      // --lang zh-CN (or --lang=zh-CN)
      readLang(st, arg === '--lang' ? argv[++st.i] : arg.slice('--lang='.length));
    } else {
      if (!arg.startsWith('--')) throw new FlagError(`unexpected argument ${quoted(arg)}; flags look like --pods 100000`, `意外的参数 ${quoted(arg)}；参数的写法如 --pods 100000`);
      const eq = arg.indexOf('=');
      readFlag(st, eq >= 0 ? arg.slice(2, eq) : arg.slice(2), eq >= 0 ? arg.slice(eq + 1) : undefined);
    }
  }
  impliedServerCount(st.input);
  const { input, seconds, json, help, reshards, scenario, importFile, importSize, seen, lang } = st;
  return { input: input as SimParamsInput, seconds, json, help, reshards, scenario, importFile, importSize: importSize ?? 'file', secondsGiven: seen.has('seconds'), lang: lang ?? 'en' };
}

function readLang(st: Reading, value: string | undefined): void {
  if (value === undefined) throw new FlagError('--lang needs a value (en or zh-CN)', '--lang 需要一个值（en 或 zh-CN）');
  if (st.lang !== null) throw new FlagError('--lang is given twice; give it once', '--lang 给出了两次；只需给出一次');
  st.lang = matchLocale(value);
  if (st.lang === null) throw new FlagError(`--lang must be en or zh-CN, got ${quoted(value)}`, `--lang 须为 en 或 zh-CN，收到的是 ${quoted(value)}`);
}

/** One `--name` or `--name=value` (a value not given inline is the next argument). */
function readFlag(st: Reading, name: string, value: string | undefined): void {
  if (name === 'import-size') {
    if (value === undefined) value = st.argv[++st.i];
    if (value !== 'file' && value !== 'compact') throw new FlagError(`--import-size must be file or compact, got ${quoted(value ?? '')}`, `--import-size 须为 file 或 compact，收到的是 ${quoted(value ?? '')}`);
    if (st.importSize !== null) throw new FlagError('--import-size is given twice; give it once', '--import-size 给出了两次；只需给出一次');
    st.importSize = value;
    return;
  }
  if (name === 'reshard' || name === 'scenario' || name === 'import') return readFileFlag(st, name, value);
  if (name === 'compaction') {
    throw new FlagError(
      '--compaction was removed: a resumed watch gets 410 Gone when the watch cache no longer holds its resourceVersion (see --history-seconds); etcd compaction does not reach a watch served from the cache',
      '--compaction 已移除：Watch 缓存不再保存某个 resourceVersion 时，从它恢复的 Watch 会收到 410 Gone（见 --history-seconds）；etcd 压缩影响不到由缓存提供的 Watch',
    );
  }
  const spec = FLAGS[name];
  if (!spec) {
    const known = `${Object.keys(FLAGS).map((f) => `--${f}`).join(', ')}, --json, --reshard, --scenario, --import, --import-size`;
    throw new FlagError(`unknown flag --${name.slice(0, 40)}; known flags: ${known}`, `未知参数 --${name.slice(0, 40)}；已知参数：${known}`);
  }
  if (value === undefined) {
    value = st.argv[st.i + 1];
    // `--pods --replicas 4`: the value is missing, not "--replicas".
    if (value === undefined || (value.startsWith('--') && (value.slice(2).split('=')[0]! in FLAGS || value === '--json' || value === '--help'))) {
      throw new FlagError(`--${name} needs a value (${spec.help})`, `--${name} 需要一个值（${ZH_HELP[name] ?? spec.help}）`);
    }
    st.i++;
  }
  const before = st.seen.get(name);
  if (before !== undefined) throw new FlagError(`--${name} is given twice (${quoted(before)}, then ${quoted(value)}); give it once`, `--${name} 给出了两次（先是 ${quoted(before)}，后是 ${quoted(value)}）；只需给出一次`);
  st.seen.set(name, value);
  const parsed = flagValue(name, spec, value);
  if (name === 'seconds') st.seconds = parsed as number;
  else setPath(st.input, spec.path, parsed);
}

/** `--reshard` (repeatable), `--scenario` and `--import`: a value that is a text or a file name. */
function readFileFlag(st: Reading, name: 'reshard' | 'scenario' | 'import', value: string | undefined): void {
  if (value === undefined) {
    value = st.argv[st.i + 1];
    if (value === undefined || value.startsWith('--')) throw new FlagError(
        `--${name} needs a value (${name === 'reshard' ? RESHARD_GRAMMAR : name === 'import' ? 'a file of kubectl get -o json, -o yaml, -w -o json or -o custom-columns' : 'a JSON file'})`,
        `--${name} 需要一个值（${name === 'reshard' ? RESHARD_GRAMMAR : name === 'import' ? 'kubectl get -o json、-o yaml、-w -o json 或 -o custom-columns 的输出文件' : '一个 JSON 文件'}）`,
      );
    st.i++;
  }
  if (name === 'reshard') {
    // The only repeatable flag: one reshard each.
    try {
      st.reshards.push({ ...parseReshardFlag(value), text: value });
    } catch (e) {
      if (e instanceof ScenarioError) throw new FlagError(e.message);
      throw e;
    }
  } else if (name === 'import') {
    if (st.importFile !== null) throw new FlagError(`--import is given twice (${quoted(st.importFile)}, then ${quoted(value)}); give it once`, `--import 给出了两次（先是 ${quoted(st.importFile)}，后是 ${quoted(value)}）；只需给出一次`);
    st.importFile = value;
  } else {
    if (st.scenario !== null) throw new FlagError(`--scenario is given twice (${quoted(st.scenario)}, then ${quoted(value)}); give it once`, `--scenario 给出了两次（先是 ${quoted(st.scenario)}，后是 ${quoted(value)}）；只需给出一次`);
    st.scenario = value;
  }
}

/** A table flag's typed value as the parameter takes it; throws FlagError naming the flag. */
function flagValue(name: string, spec: FlagSpec, value: string): unknown {
  switch (spec.kind) {
    case 'int':
    case 'number':
      return numberFlag(name, spec, value);
    case 'bool':
      if (value !== 'true' && value !== 'false') throw new FlagError(`--${name} must be true or false, got ${quoted(value)}`, `--${name} 须为 true 或 false，收到的是 ${quoted(value)}`);
      return value === 'true';
    case 'enum':
      if (!spec.values!.includes(value)) throw new FlagError(`--${name} must be one of ${spec.values!.join(', ')}, got ${quoted(value)}`, `--${name} 须为 ${spec.values!.join('、')} 之一，收到的是 ${quoted(value)}`);
      return name === 'watch-policy' ? (value === 'trust' ? 'trust-stream' : 'check-locally') : value;
    case 'rollout': {
      const m = /^(on|off)@(\d+(?:\.\d+)?)s?\/(\d+(?:\.\d+)?)s?$/.exec(value);
      if (!m) throw new FlagError(`--${name} must be on|off@START/EVERY in seconds, e.g. on@60s/20s, got ${quoted(value)}`, `--${name} 须为 on|off@开始/间隔（秒），例如 on@60s/20s，收到的是 ${quoted(value)}`);
      return { gate: m[1] === 'on', at: Number(m[2]), everySeconds: Number(m[3]) };
    }
    case 'key': {
      // The short names, or the field path itself.
      const path = (shardKeyById(value) ?? shardKeyByPath(value))?.path;
      if (path === undefined) throw new FlagError(`--${name} must be one of ${spec.values!.join(', ')}, got ${quoted(value)}`, `--${name} 须为 ${spec.values!.join('、')} 之一，收到的是 ${quoted(value)}`);
      return path;
    }
    case 'gates':
      return value.split(',').map((g) => {
        if (g === 'on' || g === 'true') return true;
        if (g === 'off' || g === 'false') return false;
        throw new FlagError(`--gates must be a comma-separated list of on/off, one per API server, got ${quoted(value)}`, `--gates 须为以逗号分隔的 on/off 列表，每个 API 服务器一个，收到的是 ${quoted(value)}`);
      });
    default:
      return value;
  }
}

/** A gates list implies the server count; it may be shorter than --api-servers (the rest are on). */
function impliedServerCount(input: Record<string, unknown>): void {
  const servers = input.apiServers as { gates?: boolean[]; count?: number } | undefined;
  if (!servers?.gates) return;
  const n = servers.gates.length;
  if (servers.count === undefined) {
    if (n > LIMITS.apiServers.max) {
      throw new FlagError(
        `--gates lists ${n} API servers, more than the most (${LIMITS.apiServers.max}); give at most ${LIMITS.apiServers.max} on/off values`,
        `--gates 列出了 ${n} 个 API 服务器，超过上限（${LIMITS.apiServers.max}）；最多给出 ${LIMITS.apiServers.max} 个 on/off 值`,
      );
    }
    servers.count = n;
  } else if (n > servers.count) {
    throw new FlagError(`--gates lists ${n} API servers but --api-servers is ${servers.count}; give one on/off per API server`, `--gates 列出了 ${n} 个 API 服务器，但 --api-servers 为 ${servers.count}；每个 API 服务器给出一个 on/off`);
  }
}

function mergeInput(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (typeof base === 'object' && base !== null && !Array.isArray(base) && typeof over === 'object' && over !== null && !Array.isArray(over)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(over)) out[k] = mergeInput(out[k], v);
    return out;
  }
  return over;
}

/** Reads a scenario file (the command line passes the file system; tests pass text). */
export type ReadFile = (path: string) => string;

/**
 * The run's parameters, events and length from the flags and the scenario file: flags
 * override the file's parameters, `--reshard` events follow the file's, and each
 * `--reshard`'s `from` must be the replica count at its time.
 */
export function scenarioOf(args: ParsedArgs, readFile: ReadFile): { input: SimParamsInput; seconds: number } {
  let fileParams: SimParamsInput = {};
  let events: ScheduledEvent[] = [];
  let seconds = args.seconds;
  if (args.scenario !== null) {
    let text: string;
    try {
      text = readFile(args.scenario);
    } catch (e) {
      const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
      throw new FlagError(`--scenario ${quoted(args.scenario)} cannot be read: ${why}`, `无法读取 --scenario ${quoted(args.scenario)}：${why}`);
    }
    const file = parseScenario(text, args.scenario);
    fileParams = file.params;
    events = [...file.events];
    if (!args.secondsGiven && file.seconds !== undefined) seconds = file.seconds;
  }
  const input = mergeInput(fileParams, args.input) as SimParamsInput;
  const first = events.length;
  events.push(...args.reshards.map((r) => r.event));
  const initial = input.replicas?.count ?? DEFAULT_REPLICAS;
  if (typeof initial === 'number') {
    const froms = replicaCountsBefore(events, initial);
    args.reshards.forEach((r, k) => {
      const have = froms[first + k]!;
      if (r.from !== have) {
        throw new FlagError(
          `--reshard ${quoted(r.text)}: from is ${r.from} but the run has ${have} replicas at ${r.event.at} s; write ${have}:${r.event.to}@...`,
          `--reshard ${quoted(r.text)}：from 为 ${r.from}，但模拟在 ${r.event.at} 秒时有 ${have} 个副本；请写作 ${have}:${r.event.to}@...`,
        );
      }
    });
  }
  for (const r of args.reshards) {
    if (r.event.at > seconds) {
      throw new FlagError(
        `--reshard ${quoted(r.text)} happens at ${r.event.at} s, after the run ends (--seconds ${seconds}); lengthen --seconds`,
        `--reshard ${quoted(r.text)} 发生在 ${r.event.at} 秒，晚于模拟结束（--seconds ${seconds}）；请加大 --seconds`,
      );
    }
  }
  return { input: events.length > 0 ? { ...input, schedule: events } : input, seconds };
}

const DEFAULT_REPLICAS = 4;

/** The CLI flag that sets each parameter path, for messages of the model's own validation. */
const FLAG_OF_PATH: ReadonlyMap<string, string> = new Map(Object.entries(FLAGS).filter(([, f]) => f.path !== '').map(([name, f]) => [f.path, `--${name}`]));

/**
 * Rewrites a parameter issue to name CLI flags instead of the model's field paths. Paths are
 * replaced longest first, so `apiServers.gates` is not read as `apiServers` plus a suffix.
 */
export function flagMessage(issue: ParamIssue): string {
  let message = issue.message;
  const paths = [...FLAG_OF_PATH.keys()].sort((a, b) => b.length - a.length);
  for (const path of paths) message = message.split(path).join(FLAG_OF_PATH.get(path)!);
  return message;
}
