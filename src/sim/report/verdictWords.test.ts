import { describe, expect, it } from 'vitest';
import { ENGLISH } from './verdict';
import { CHINESE, cjkSpacing, verdictWordsFor } from './verdictWords';

describe('Chinese spacing in assembled verdict phrases', () => {
  it('puts a space between Han and Latin letters or digits, and none between two Han characters', () => {
    expect(cjkSpacing('——但是4 个副本 没有收到 shardInfo，在本地过滤')).toBe('——但是 4 个副本没有收到 shardInfo，在本地过滤');
    expect(cjkSpacing('replica-0 没有收到 shardInfo')).toBe('replica-0 没有收到 shardInfo');
    expect(cjkSpacing('25%的对象没有负责副本')).toBe('25% 的对象没有负责副本');
    expect(cjkSpacing('HTTP 500（服务器错误）')).toBe('HTTP 500（服务器错误）');
    expect(cjkSpacing('个副本  \t 没有')).toBe('个副本没有');
  });

  it('the Chinese verdict words name a replica count without a stray space before the verb', () => {
    const phrase = CHINESE.message('fallback', { count: 4, replicas: CHINESE.message('replicaCount', { count: 4 }) });
    expect(phrase).toBe('4 个副本连到门控关闭的 API 服务器：收到整个事件流并在本地过滤');
    expect(CHINESE.message('but', { problems: phrase })).toBe('；但是 4 个副本连到门控关闭的 API 服务器：收到整个事件流并在本地过滤');
  });
});

describe('the verdict words of a locale', () => {
  it('Chinese for zh-CN, English otherwise', () => {
    expect(verdictWordsFor('zh-CN')).toBe(CHINESE);
    expect(verdictWordsFor('en')).toBe(ENGLISH);
  });
});

describe('filling a message', () => {
  it('English: counts grouped by thousands, text as given, and a placeholder without a value left visible', () => {
    expect(ENGLISH.message('headline', { count: 1234, ratio: '2.0' })).toBe('1,234 replicas: server-side sends 2.0× less');
    expect(ENGLISH.message('hot', { replica: 'replica-0' })).toBe('replica-0 receives {factor}× its fair share');
    // No count: the plural form.
    expect(ENGLISH.message('more', {})).toBe('and {count} more problems');
  });

  it('Chinese: whole counts in prose (万 from 10,000), other figures with up to two decimals, a missing value left visible', () => {
    expect(CHINESE.message('replicaCount', { count: 20000 })).toBe('2 万个副本');
    expect(CHINESE.message('replicaCount', { count: 1234 })).toBe('1,234 个副本');
    expect(CHINESE.message('replicaCount', { count: 2.125 })).toBe('2.13 个副本');
    expect(CHINESE.message('hot', { replica: 'replica-0' })).toBe('replica-0 收到的数据是平均份额的 {factor} 倍');
  });
});
