/**
 * The CLI's headings and table labels in each language (`--lang`). Metric names,
 * flags, JSON keys and the apiserver's error messages stay English everywhere.
 */
import type { LocaleId } from '../../i18n/locale';
import { escapedText } from '../params';
import { CLIENT_KINDS, CLIENT_PROFILES } from '../params';
import type { ClientCache, ClientKind, ReshardRollout, ReshardStrategy } from '../params';

/** What the table says, as functions of the figures (already formatted). */
export interface CliText {
  intro(a: { pods: string; namespaces: string; replicas: number; servers: number; gates: string; seconds: number; seed: string }): string;
  stream(a: { events: string; perSec: string; bookmarks: string; meanEvent: string; encoding: string; live: string }): string;
  refused(a: { refused: string; max: string }): string;
  /**
   * The churn in effect: rates a second, the same per 1,000 pods (the unit the defaults are
   * set in), and the rolling updates (null when they are off).
   */
  churn(a: { adds: string; modifies: string; deletes: string; per1000: readonly string[]; burst: { pods: string; per1000: string; seconds: string; every: string } | null }): string;
  readonly columns: readonly [string, string, string];
  replica(i: number): string;
  readonly closedForm: string;
  readonly discarded: string;
  readonly decodeCpu: string;
  readonly initialList: string;
  readonly owned: string;
  cache(style: string, inUse: boolean): string;
  readonly decodeAlloc: string;
  listPeak(style: string): string;
  readonly error: string;
  readonly yes: string;
  readonly allWatch: string;
  readonly allCpu: string;
  allCaches(style: string, inUse: boolean): string;
  readonly allAlloc: string;
  readonly egress: string;
  readonly checks: string;
  readonly gaps: string;
  readonly duplicates: string;
  readonly cfEgress: string;
  readonly cfChecks: string;
  modeReplica(mode: 'client' | 'server', i: number): string;
  readonly mcores: string;
  // The watch lifecycle rows and the reshard table, in both languages.
  readonly serverCpu: string;
  readonly cfServerCpu: string;
  readonly relists: string;
  readonly relistBytes: string;
  readonly resumes: string;
  readonly watchTimeouts: string;
  readonly bookmarks: string;
  duplicatesMissedCaught(client: string): string;
  reshardAt(a: { at: number; from: number; to: number; rollout: string; objects: string; client: string; server: string }): string;
  readonly movedOwner: string;
  readonly orphanSeconds: string;
  readonly duplicateSeconds: string;
  readonly settle: string;
  readonly relistsAndBytes: string;
  // Values the table prints: each in the table's language (`--json` keeps the model's own values).
  /** One API server's gate, `on` or `off`. */
  gate(on: boolean): string;
  /** The gates of all API servers, in order. */
  gates(each: readonly string[]): string;
  /** An informer cache style (`owned`, `all`). */
  cacheStyle(style: ClientCache): string;
  /** The client every replica runs. */
  client(kind: ClientKind): string;
  /** How a reshard rolls out. */
  rollout(kind: ReshardRollout['kind']): string;
  /** How a reshard picks the new ranges or buckets. */
  strategy(kind: ReshardStrategy): string;
  /** Simulated seconds, already formatted (`8.52` -> `8.52 s`). */
  seconds(value: string): string;
}

const EN: CliText = {
  intro: (a) =>
    `ShardScope: ${a.pods} pods in ${a.namespaces} namespaces, ${a.replicas} replicas, ${a.servers} API server(s) (ShardedListAndWatch ${a.gates}), ${a.seconds} s simulated, seed ${a.seed}`,
  stream: (a) => `stream: ${a.events} events (${a.perSec}/s), ${a.bookmarks} bookmarks, mean event ${a.meanEvent} (${a.encoding}); live pods now ${a.live}`,
  refused: (a) => `adds refused: ${a.refused} (the cluster holds at most ${a.max} live pods)`,
  churn: (a) =>
    `churn: ${a.adds} adds, ${a.modifies} updates, ${a.deletes} deletes a second (${a.per1000.join(', ')} per 1,000 pods)` +
    (a.burst ? `; rolling updates: ${a.burst.pods} pods a second (${a.burst.per1000} per 1,000 pods) for up to ${a.burst.seconds} s every ${a.burst.every} s` : '; no rolling updates'),
  columns: ['client-side', 'server-side', 'server/client'],
  replica: (i) => `replica ${i} watch bytes received`,
  closedForm: 'closed form (expected)',
  discarded: 'decoded then discarded',
  decodeCpu: 'decode CPU (watch)',
  initialList: 'initial LIST',
  owned: 'objects owned',
  cache: (st, inUse) => `informer cache (${st})${inUse ? ' in use' : ''}`,
  decodeAlloc: 'decode allocation (watch)',
  listPeak: (st) => `LIST peak (${st})`,
  error: 'error',
  yes: 'yes',
  allWatch: 'all replicas: watch bytes received',
  allCpu: 'all replicas: decode CPU (watch)',
  allCaches: (st, inUse) => `all replicas: caches (${st})${inUse ? ' in use' : ''}`,
  allAlloc: 'all replicas: decode allocation (watch)',
  egress: 'API-server egress (watch)',
  checks: 'API-server shard checks (incl. LIST)',
  gaps: 'ownership audit: gaps',
  duplicates: 'ownership audit: duplicates',
  cfEgress: 'closed form: API-server egress (watch)',
  cfChecks: 'closed form: shard checks (watch)',
  modeReplica: (mode, i) => `${mode}-side replica ${i}`,
  mcores: 'mcores',
  serverCpu: 'API-server CPU (watch send path)',
  cfServerCpu: 'closed form: API-server CPU (watch)',
  relists: 'relists (410/reshard/error)',
  relistBytes: 'relist bytes',
  resumes: 'watch resumes (deadline/restart)',
  watchTimeouts: 'watch deadlines (410 Gone on resume)',
  bookmarks: 'BOOKMARKs received (dropped)',
  duplicatesMissedCaught: (client) => `duplicate events kept/caught (client ${client})`,
  reshardAt: (a) =>
    `reshard at ${a.at} s: ${a.from} -> ${a.to} replicas, ${a.rollout}, ${a.objects} objects (client-side ${a.client}, server-side ${a.server})`,
  movedOwner: 'objects that changed owner',
  orphanSeconds: 'orphan object-seconds (no owner)',
  duplicateSeconds: 'duplicate object-seconds (2+ owners)',
  settle: 'time to settle (one owner each)',
  relistsAndBytes: 'relists / relist bytes',
  gate: (on) => (on ? 'on' : 'off'),
  gates: (each) => each.join(','),
  cacheStyle: (style) => style,
  client: (kind) => kind,
  rollout: (kind) => kind,
  strategy: (kind) => kind,
  seconds: (value) => `${value} s`,
};

/**
 * The Chinese words for the model's values, as the page's catalogue has them
 * (`memory.styleOwnedShort`, `schedule.rollout.*`, `schedule.strategy.*`;
 * `src/ui/i18n/glossary.test.ts` holds them equal).
 */
export const ZH_CACHE_STYLES: Readonly<Record<ClientCache, string>> = { owned: '先过滤', all: '全部缓存' };
/** Clients, short enough for the 40-column label they sit in (product names stay English): each profile's `cli.labelZh`. */
export const ZH_CLIENTS: Readonly<Record<ClientKind, string>> = Object.freeze(
  Object.fromEntries(CLIENT_KINDS.map((k) => [k, CLIENT_PROFILES[k].cli.labelZh])) as Record<ClientKind, string>,
);
export const ZH_ROLLOUTS: Readonly<Record<ReshardRollout['kind'], string>> = {
  'all-at-once': '全部同时',
  'one-by-one': '每次一个副本',
  'new-first': '先启动新副本，再收窄旧副本',
};
export const ZH_STRATEGIES: Readonly<Record<ReshardStrategy, string>> = {
  'equal-ranges': '均分范围',
  'range-splitting': '拆分最大的范围',
  'jump-hash': '跳跃一致性哈希（仅客户端分片）',
  'hash-mod': '取模 mod N（仅客户端分片）',
};

const ZH: CliText = {
  intro: (a) =>
    `ShardScope：${a.pods} 个 Pod，${a.namespaces} 个命名空间，${a.replicas} 个控制器副本，${a.servers} 个 API 服务器（ShardedListAndWatch：${a.gates}），模拟 ${a.seconds} 秒，种子 ${a.seed}`,
  stream: (a) => `事件流：${a.events} 个事件（${a.perSec}/s），${a.bookmarks} 个 BOOKMARK，平均事件 ${a.meanEvent}（${a.encoding}）；当前存活 Pod ${a.live} 个`,
  refused: (a) => `被拒绝的新增：${a.refused}（集群最多容纳 ${a.max} 个存活 Pod）`,
  churn: (a) =>
    `变更速率：每秒新增 ${a.adds}、更新 ${a.modifies}、删除 ${a.deletes} 个 Pod（每 1,000 个 Pod 分别为 ${a.per1000.join('、')}）` +
    (a.burst ? `；滚动更新：每秒替换 ${a.burst.pods} 个 Pod（每 1,000 个 Pod ${a.burst.per1000} 个），每 ${a.burst.every} 秒一次，最长 ${a.burst.seconds} 秒` : '；无滚动更新'),
  columns: ['客户端分片', '服务端分片', '服务端/客户端'],
  replica: (i) => `副本 ${i} 收到的 Watch 字节`,
  closedForm: '闭式解（预期）',
  discarded: '反序列化后丢弃',
  decodeCpu: '反序列化 CPU（Watch）',
  initialList: '初始 LIST',
  owned: '负责的对象',
  cache: (st, inUse) => `Informer 缓存（${st}${inUse ? '，在用' : ''}）`,
  decodeAlloc: '反序列化内存分配（Watch）',
  listPeak: (st) => `LIST 峰值（${st}）`,
  error: '错误',
  yes: '是',
  allWatch: '所有副本：收到的 Watch 字节',
  allCpu: '所有副本：反序列化 CPU（Watch）',
  allCaches: (st, inUse) => `所有副本：缓存（${st}${inUse ? '，在用' : ''}）`,
  allAlloc: '所有副本：反序列化内存分配（Watch）',
  egress: 'API 服务器出口流量（Watch）',
  checks: 'API 服务器分片检查（含 LIST）',
  gaps: '归属审计：空缺',
  duplicates: '归属审计：重复',
  cfEgress: '闭式解：API 服务器出口流量（Watch）',
  cfChecks: '闭式解：分片检查（Watch）',
  modeReplica: (mode, i) => `${mode === 'client' ? '客户端分片' : '服务端分片'}副本 ${i}`,
  mcores: '毫核',
  serverCpu: 'API 服务器 CPU（Watch 发送路径）',
  cfServerCpu: '闭式解：API 服务器 CPU（Watch）',
  relists: '重新 LIST 次数（410/重新分片/错误）',
  relistBytes: '重新 LIST 的字节数',
  resumes: 'Watch 续接次数（到期/重启）',
  watchTimeouts: 'Watch 到期（续接时 410 Gone）',
  bookmarks: '收到的 BOOKMARK（被丢弃）',
  duplicatesMissedCaught: (client) => `重复事件：保留/拦下（${client}）`,
  reshardAt: (a) =>
    `${a.at} 秒时重新分片：${a.from} → ${a.to} 个副本，${a.rollout}，${a.objects} 个对象（客户端分片：${a.client}；服务端分片：${a.server}）`,
  movedOwner: '更换了负责副本的对象',
  orphanSeconds: '无负责副本的对象·秒',
  duplicateSeconds: '重复负责的对象·秒（2 个以上副本）',
  settle: '恢复所需时间（每个对象一个负责副本）',
  relistsAndBytes: '重新 LIST 次数 / 字节数',
  gate: (on) => (on ? '开启' : '关闭'),
  gates: (each) => each.join('、'),
  cacheStyle: (style) => ZH_CACHE_STYLES[style],
  client: (kind) => ZH_CLIENTS[kind],
  rollout: (kind) => ZH_ROLLOUTS[kind],
  strategy: (kind) => ZH_STRATEGIES[kind],
  seconds: (value) => `${value} 秒`,
};

/** The CLI's words in a locale. */
export function cliText(locale: LocaleId): CliText {
  return locale === 'zh-CN' ? ZH : EN;
}

/**
 * Terminal columns a string takes: East Asian wide and fullwidth characters (CJK, fullwidth
 * punctuation) take two, so a Chinese table lines up.
 */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    const wide =
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) ||
      (c >= 0x20000 && c <= 0x3fffd);
    w += wide ? 2 : 1;
  }
  return w;
}

/** Pads to `width` terminal columns, on the right (`end`) or the left (`start`). */
export function padColumns(s: string, width: number, side: 'start' | 'end'): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(s)));
  return side === 'end' ? s + fill : fill + s;
}

/**
 * The CLI's output as it may reach a terminal: every control, format and separator character
 * but the line feed escaped as `\uXXXX`. Text from a file, a flag or a link is escaped (and cut)
 * where it is quoted; this is the backstop for anything quoted elsewhere, and in `--json` it
 * leaves valid JSON (JSON.stringify escapes C0, not DEL, C1 or bidi controls).
 */
export function terminalSafe(out: string): string {
  return out.split('\n').map(escapedText).join('\n');
}
