import { describe, expect, it } from 'vitest';
import { en, type Message, type MessageId } from './en';
import { zhCN } from './zh-CN';
import { createTranslator } from './translate';
import { formatters } from './format';

/**
 * Messages whose Chinese text is the English one on purpose: names, code, units and the
 * server's own text (see GLOSSARY.md, "stays English").
 */
const KEEP_ENGLISH: ReadonlySet<MessageId> = new Set<MessageId>([
  'app.name',
  // A dash for "no rate yet": a sign, the same in every language.
  'card.rateNone',
  // CEL is the language's name.
  'explain.cel.title',
  'header.speedValue',
  'header.clockShort',
  'controls.encodingJson',
  'controls.encodingProtobuf',
  'controls.clientKsm',
  'controls.clientKsm218',
  'hash.tipUid',
  'hash.tipHash',
  'hash.replicaName',
  'card.title',
  'card.badgeRejected',
  'card.rejectedBody',
  'flow.replica',
  'unit.perSecond',
  'unit.ratio',
  'bandwidth.metricsServer',
  'flow.replicaKeptShort',
  'flow.droppedCount',
  'export.pngShort',
  'export.svgShort',
  'keys.escape',
]);

const forms = (m: Message): string[] => (typeof m === 'string' ? [m] : Object.values(m).filter((v): v is string => typeof v === 'string'));
const placeholders = (m: Message): string[] => [...new Set(forms(m).flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!)))].sort();

describe('zh-CN catalogue parity with en', () => {
  const ids = Object.keys(en) as MessageId[];

  it('has every en id and no other', () => {
    expect(Object.keys(zhCN).sort()).toEqual([...ids].sort());
  });

  it.each(ids)('%s uses the same placeholders as en', (id) => {
    expect(placeholders(zhCN[id])).toEqual(placeholders(en[id]));
  });

  it.each(ids)('%s is not empty, and is Chinese unless it is a name that stays English', (id) => {
    const zh = forms(zhCN[id]);
    for (const f of zh) expect(f.trim().length, id).toBeGreaterThan(0);
    const same = zh.every((f) => forms(en[id]).includes(f));
    expect(same, `${id} equals its English text`).toBe(KEEP_ENGLISH.has(id));
  });

  it('gives plural messages the one form Chinese has (other)', () => {
    expect(new Intl.PluralRules('zh-CN').resolvedOptions().pluralCategories).toEqual(['other']);
    for (const id of ids) {
      const m = zhCN[id] as Message;
      if (typeof m !== 'string') expect(Object.keys(m), id).toEqual(['other']);
      expect(typeof m === 'string', id).toBe(typeof en[id] === 'string');
    }
  });
});

describe('translating in zh-CN', () => {
  const t = createTranslator('zh-CN');
  it('fills placeholders and picks the Chinese form whatever the count', () => {
    expect(t('bandwidth.headline', { count: 1, ratio: '1.0' })).toBe('1 个副本；客户端分片的发送量是服务端分片的 1.0 倍');
    expect(t('bandwidth.headline', { count: 4, ratio: '4.0' })).toBe('4 个副本；客户端分片的发送量是服务端分片的 4.0 倍');
  });
  it('writes whole counts in prose with 万 where exact ("10 万个对象": a space after the digits, none before 个), digits otherwise', () => {
    expect(t('app.loading', { count: 100_000 })).toBe('正在生成 10 万个对象…');
    expect(t('app.loading', { count: 12_345 })).toBe('正在生成 12,345 个对象…');
    expect(createTranslator('en')('app.loading', { count: 100_000 })).toBe('Generating 100,000 objects…');
  });
});

describe('formatters per locale', () => {
  const zh = formatters('zh-CN');
  const en = formatters('en');
  it('count reads as prose: 万 and 亿 in Chinese where exact, grouped digits in English', () => {
    expect(zh.count(10_000)).toBe('1 万');
    expect(zh.count(250_000)).toBe('25 万');
    expect(zh.count(1_000_000)).toBe('100 万');
    expect(zh.count(12_345)).toBe('12,345');
    expect(zh.count(9_999)).toBe('9,999');
    expect(zh.count(120_000_000)).toBe('1.2 亿');
    expect(en.count(1_000_000)).toBe('1,000,000');
  });
  it('digits (fields, figures) and compact (axes) keep digits and SI letters in Chinese', () => {
    expect(zh.digits(1_000_000)).toBe('1,000,000');
    expect(zh.compact(12_345)).toBe(en.compact(12_345));
    expect(zh.compact(12_345)).not.toContain('万');
    expect(zh.bytes(1_234_567)).toBe('1.23 MB');
    expect(zh.percent(0.125)).toBe('12.5%');
  });
});
