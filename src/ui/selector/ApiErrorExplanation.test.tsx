import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import fixtures from '../../../tests/fixtures/selector-cases-celgo.json';
import { parseSelectorText, type ShardSelectorErrorCode } from '../../state';
import { I18nProvider } from '../i18n';
import { apiErrorCode } from './apiErrorCode';
import { SelectorEditor } from './SelectorEditor';

afterEach(cleanup);

/** A selector for each parser rule (the message each gives is the apiserver's). */
const BY_CODE: Readonly<Record<ShardSelectorErrorCode, string>> = {
  empty: ' ',
  syntax: 'shardRange(',
  'unsupported-function': "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000') && true",
  'unexpected-expression': 'true',
  'argument-count': "shardRange(object.metadata.uid, '0x0000000000000000')",
  'field-path': "shardRange(1, '0x0000000000000000', '0x8000000000000000')",
  'unsupported-field': "shardRange(object.metadata.name, '0x0000000000000000', '0x8000000000000000')",
  'not-string-literal': "shardRange(object.metadata.uid, 1, '0x8000000000000000')",
  'missing-prefix': "shardRange(object.metadata.uid, '0000000000000000', '0x8000000000000000')",
  'missing-digits': "shardRange(object.metadata.uid, '0x', '0x8000000000000000')",
  'too-long': "shardRange(object.metadata.uid, '0x000000000000000000', '0x8000000000000000')",
  'invalid-hex-char': "shardRange(object.metadata.uid, '0x000000000000000A', '0x8000000000000000')",
  'bad-17-digit': "shardRange(object.metadata.uid, '0x00000000000000000', '0x8000000000000000')",
  'short-hex': "shardRange(object.metadata.uid, '0x0', '0x8000000000000000')",
  'start-not-less': "shardRange(object.metadata.uid, '0x8000000000000000', '0x0000000000000000')",
  'mixed-fields': "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000') || shardRange(object.metadata.namespace, '0x8000000000000000', '0x10000000000000000')",
};

describe('apiErrorCode reads the rule back from the apiserver message', () => {
  it.each(Object.entries(BY_CODE))('%s', (code, text) => {
    const parsed = parseSelectorText(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe(code);
    expect(apiErrorCode(parsed.error.message)).toBe(code);
    expect(apiErrorCode(`invalid shard selector: ${parsed.error.message}`)).toBe(code);
  });

  it('maps every rejected cel-go fixture to the code the parser gives', () => {
    let rejected = 0;
    for (const c of fixtures.cases) {
      const parsed = parseSelectorText(c.input);
      if (parsed.ok) continue;
      rejected++;
      expect(apiErrorCode(parsed.error.message), parsed.error.message).toBe(parsed.error.code);
    }
    expect(rejected).toBeGreaterThan(100);
  });
});

describe('under an apiserver error, one line of explanation in Chinese', () => {
  const bad = BY_CODE['invalid-hex-char'];
  it('zh-CN: the English message as the server sends it, then the Chinese line', () => {
    render(
      <I18nProvider locale="zh-CN">
        <SelectorEditor value={bad} onChange={() => {}} label="s" />
      </I18nProvider>,
    );
    expect(screen.getByTestId('selector-error').textContent).toMatch(/^hexStart: invalid hex character "A" in /);
    const line = screen.getByTestId('api-error-explain');
    expect(line.textContent).toBe('只允许小写十六进制数字 0-9 和 a-f；大写字母会被拒绝。');
    expect(line.getAttribute('lang')).toBe('zh-CN');
  });

  it('en: the message alone (it is already English)', () => {
    render(<SelectorEditor value={bad} onChange={() => {}} label="s" />);
    expect(screen.getByTestId('selector-error')).toBeInTheDocument();
    expect(screen.queryByTestId('api-error-explain')).toBeNull();
  });
});
