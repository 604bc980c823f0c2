/**
 * Drifts from the Chinese glossary (GLOSSARY.md) as rules, shared by the catalogue's unit test
 * (src/ui/i18n/glossary.test.ts) and the browser test that reads the Chinese page
 * (e2e/zh-terms.test.ts): wordings that read wrong to a native-speaking Kubernetes engineer,
 * and what to write instead.
 */

/** One drift: a pattern that must not occur in Chinese text, and what to write instead. */
export interface Rule {
  readonly name: string;
  readonly pattern: RegExp;
  readonly instead: string;
}

const HAN = '\\u3400-\\u9fff';
/** Full-width punctuation: no space goes before or after it. */
const FULL = '，。：；、（）“”！？《》';

/** Drifts in any Chinese text. */
export const RULES: readonly Rule[] = [
  { name: '"少发送 N×": "sends N× less" said as in English', pattern: /少发送|少了多少倍|少\s*[\d.{}a-z]+\s*(倍|×)/, instead: '客户端分片的发送量是服务端分片的 N 倍' },
  { name: '"稳定中" reads as "stable"', pattern: /稳定中/, instead: '尚未稳定，还需 N 秒' },
  { name: '公平份额', pattern: /公平份额/, instead: '平均份额' },
  { name: '"jump hash" left in English', pattern: /jump[ _]hash/i, instead: '跳跃一致性哈希' },
  { name: '"核 CPU" (clipped on the axes)', pattern: /核\s*CPU/, instead: '核' },
  { name: 'digits glued to 万 or 亿', pattern: /\d[万亿]/, instead: '1 万' },
  { name: 'a space between 万 or 亿 and the measure word', pattern: new RegExp(`\\d ?[万亿][ \\t]+[${HAN}]`), instead: '1 万个对象' },
  // A space, not a tab: the CLI's table columns are turned into tabs before the check (see prose).
  { name: 'a space before full-width punctuation', pattern: new RegExp(` [${FULL}]`), instead: 'no space' },
  { name: 'a space after full-width punctuation', pattern: new RegExp(`[${FULL}] `), instead: 'no space' },
  { name: 'a space between two Han characters', pattern: new RegExp(`[${HAN}] [${HAN}]`), instead: 'no space' },
  { name: 'an ASCII comma or semicolon beside Chinese (lists take 、, sentences ，and ；)', pattern: new RegExp(`[${HAN}][,;]|[,;] ?[${HAN}]`), instead: '、，；' },
  { name: '等分 (the glossary says 均分)', pattern: /等分/, instead: '均分' },
  { name: '时间轴 (the glossary says 时间线)', pattern: /时间轴/, instead: '时间线' },
  { name: 'informer in lower case (the glossary says Informer)', pattern: /(?<![A-Za-z_.])informer(?![A-Za-z_])/, instead: 'Informer' },
  { name: 'watch in lower case in prose (the glossary says Watch)', pattern: /(?<![A-Za-z_\-/.=?`])watch(?![A-Za-z_\-=.])/, instead: 'Watch' },
  {
    name: '运行 as a noun ("the run")',
    pattern: /(此|该|本次|这次|默认|整个|的|一次)运行|运行(布局|时间线|已停止|保留)|重放运行/,
    instead: '模拟（本次模拟）',
  },
];

/** The headline does not call several replicas 它. */
export const NO_IT: Rule = { name: '它 in the headline', pattern: /它/, instead: '各自' };

/** English values left in the Chinese table (flag values are typed in English, so --help may show them). */
export const TABLE_RULES: readonly Rule[] = [
  {
    name: 'an English value in the Chinese table',
    pattern: /(?<![A-Za-z-])(on|off|owned|all|one-by-one|all-at-once|new-first|equal-ranges|range-splitting|jump-hash|hash-mod|trust-stream|check-locally|checked|shardinfo|mcores)(?![A-Za-z-])/,
    instead: '中文',
  },
  { name: '"->" in the Chinese table', pattern: /->/, instead: '→' },
  { name: 'seconds as "s" in the Chinese table', pattern: /\d s\b/, instead: '秒' },
];

/** Every rule a text breaks, as "rule: excerpt". */
export function drifts(text: string, rules: readonly Rule[]): string[] {
  const out: string[] = [];
  for (const r of rules) {
    const m = r.pattern.exec(text);
    if (m) out.push(`${r.name} (write ${r.instead}): …${text.slice(Math.max(0, m.index - 12), m.index + m[0].length + 12)}…`);
  }
  return out;
}

/** A table's rows with their column padding taken out (two or more spaces are a column gap, not prose). */
export const prose = (text: string): string => text.replace(/ {2,}/g, '\t');
