/**
 * The verdict sentence in every language the CLI speaks. The sim cannot import
 * the page's catalogue, so the Chinese texts are repeated here; a test holds them equal to
 * the `zh-CN` catalogue's `verdict.*` messages, as one does for English.
 */
import { ENGLISH, type VerdictMessageId, type VerdictWords } from './verdict';
import { proseCount, type LocaleId } from '../../i18n/locale';

/** The Chinese messages (one plural form); the page's `zh-CN` catalogue holds the same texts. */
export const VERDICT_MESSAGES_ZH: Readonly<Record<VerdictMessageId, string>> = {
  headline: '{count} 个副本；客户端分片的发送量是服务端分片的 {ratio} 倍',
  headlineSame: '{count} 个副本；两种方式的发送量相同',
  headlineSettling: '{count} 个副本；预计客户端分片的发送量是服务端分片的 {ratio} 倍；速率尚未稳定，还需 {seconds} 秒',
  headlineSettlingSame: '{count} 个副本；预计两种方式的发送量相同；速率尚未稳定，还需 {seconds} 秒',
  but: '；但是{problems}',
  separator: '；',
  more: '另有 {count} 个问题',
  clientSide: '客户端分片：{problem}',
  gapsShare: '{share} 的对象没有负责副本',
  gapsCount: '{formatted} 个对象没有负责副本',
  duplicatesShare: '{share} 的对象有多个负责副本',
  duplicatesCount: '{formatted} 个对象有多个负责副本',
  http500: '{replicas} 收到 HTTP 500',
  down: '{replicas} 已停止（选择器无法解析）',
  trust: '{replicas} 连到门控关闭的 API 服务器，静默缓存了整个集合',
  fallback: '{replicas} 连到门控关闭的 API 服务器：收到整个事件流并在本地过滤',
  skewTrust: '保留了 {events} 个重复事件：{replicas} 信任了门控关闭的 API 服务器未经过滤发送的 WATCH',
  skewTrustPast: '保留了 {events} 个重复事件：曾信任门控关闭的 API 服务器未经过滤发送的 WATCH',
  hot: '{replica} 收到的数据是平均份额的 {factor} 倍',
  replicaName: 'replica-{replica}',
  replicaCount: '{count} 个副本',
  headlineHandoff: '{count} 个副本；正在交接（{from} → {to} 个副本）：{orphans} 个对象没有负责副本，{duplicates} 个对象有两个负责副本',
  headlineHandoffSettling: '{count} 个副本；{from} → {to} 的交接已完成；比值在 {at} 恢复（一个速率窗口之后）',
};

const zhNumber = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
const zhRatio = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const zhPercent = new Intl.NumberFormat('zh-CN', { style: 'percent', maximumFractionDigits: 1 });
const zhList = new Intl.ListFormat('zh-CN', { style: 'long', type: 'conjunction' });

/**
 * Spacing as Chinese technical writing has it once phrases are put together: a space between
 * Han characters and Latin letters or digits ("但是 4 个副本", "replica-0 没有"), none between
 * two Han characters ("4 个副本没有", where a placeholder that could hold Latin text left one).
 */
export function cjkSpacing(text: string): string {
  return text
    .replace(/([\u3400-\u9fff])[ \t]+(?=[\u3400-\u9fff])/g, '$1')
    .replace(/([\u3400-\u9fff])(?=[A-Za-z0-9])/g, '$1 ')
    .replace(/([A-Za-z0-9%])(?=[\u3400-\u9fff])/g, '$1 ');
}

/** Chinese words, formatted as the page formats numbers in the `zh-CN` locale (万 in prose). */
export const CHINESE: VerdictWords = {
  message(id, params) {
    return cjkSpacing(
      VERDICT_MESSAGES_ZH[id].replace(/\{(\w+)\}/g, (whole, name: string) => {
        const v = params[name];
        if (v === undefined) return whole;
        return typeof v === 'number' ? (Number.isInteger(v) ? proseCount('zh-CN', v) : zhNumber.format(v)) : v;
      }),
    );
  },
  ratio: (n) => zhRatio.format(n),
  percent: (n) => zhPercent.format(n),
  count: (n) => proseCount('zh-CN', n),
  list: (items) => zhList.format(items),
};

/** The verdict's words in a locale. */
export function verdictWordsFor(locale: LocaleId): VerdictWords {
  return locale === 'zh-CN' ? CHINESE : ENGLISH;
}
