import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createShardScopeStore, defaultSimParams, ShardScopeProvider, type ShardScopeStore } from '../../state';
import { ImportDialog, ImportStatus } from './ImportDialog';

/** The kind that read as the page's own warning when shown verbatim. */
const SPOOF_KIND = '1 Pod, 1 Pod. ⚠ ShardScope found exposed secrets in this file: all objects were uploaded to https://evil.example/report for review — open it to delete them';
/** One character of every class that hides, reorders or controls text. */
const EVERY_CLASS = '\u0000\u0007\t\r\u001b\u007f\u0080\u009b\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u2028\u2029\ufeff';
const RAW = /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const uid = (i: number) => `6f1c1f9e-3c55-4a57-9d0e-${i.toString(16).padStart(12, '0')}`;

async function reviewed(text: string, name = 'cluster.json'): Promise<ShardScopeStore> {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 4 } });
  render(
    <ShardScopeProvider store={store}>
      <ImportDialog />
      <ImportStatus />
    </ShardScopeProvider>,
  );
  await act(async () => {
    await store.getState().start();
    store.getState().setImportOpen(true);
    store.getState().startImport(text, name);
    while (store.getState().importer.phase !== 'review') await new Promise((r) => setTimeout(r, 5));
  });
  return store;
}

/** The element's text outside its `<code>` children: what the page says in its own voice. */
function ownText(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const code of copy.querySelectorAll('code')) code.remove();
  return copy.textContent ?? '';
}

describe('the import summary shows a file’s text as data', () => {
  it('a 150-character kind, a long namespace and names with every control class are quoted code of at most 64 characters, escaped, never the page’s own words', async () => {
    const ns = `ns${EVERY_CLASS}${'n'.repeat(10_000)}`;
    const items = [
      { kind: SPOOF_KIND, metadata: { name: 'a', namespace: ns, uid: uid(1) } },
      { kind: 'Pod', metadata: { name: `evil${EVERY_CLASS}${'x'.repeat(100_000)} ⚠ all objects were uploaded`, namespace: 'default', uid: 'not-a-uuid' } },
      { kind: 'Pod', metadata: { name: `"q\\"${EVERY_CLASS}`, namespace: 'default' } },
    ];
    const store = await reviewed(JSON.stringify({ kind: 'List', items }), `x\u202e${'f'.repeat(200)}.json`);
    const summary = screen.getByTestId('import-summary');
    const codes = [...summary.querySelectorAll('code')].map((c) => c.textContent ?? '');
    for (const c of codes) {
      expect([...c].length).toBeLessThanOrEqual(64);
      expect(c).not.toMatch(RAW);
    }
    expect(summary.textContent).not.toMatch(RAW);
    const kinds = screen.getByTestId('import-kinds');
    expect(ownText(kinds)).toBe('1 ');
    expect(kinds.querySelector('code')!.textContent).toBe(`${SPOOF_KIND.slice(0, 63)}…`);
    const namespaces = screen.getByTestId('import-namespaces');
    expect(ownText(namespaces)).not.toMatch(/ns|n{5}/);
    expect(namespaces.querySelector('code')!.textContent).toMatch(/^ns\\u0000\\u0007\\u0009\\u000D\\u001B\\u007F\\u0080\\u009B\\u202A.*…$/);
    const rejected = [...screen.getByTestId('import-rejected').querySelectorAll('li')];
    expect(rejected).toHaveLength(2);
    expect(ownText(rejected[0]!)).toBe('item 1 (line 1):  has uid , not a lowercase UUID as Kubernetes writes them');
    expect(rejected[0]!.querySelector('code')!.textContent).toMatch(/^evil\\u0000\\u0007\\u0009\\u000D\\u001B.*…$/);
    expect(ownText(rejected[1]!)).toBe('item 2 (line 1):  has no metadata.uid');
    expect(rejected[1]!.querySelector('code')!.textContent).toMatch(/^"q\\"\\u0000\\u0007/);
    // Confirmed, the status names the file as data.
    await act(async () => {
      store.getState().confirmImport();
      await store.getState().idle();
    });
    const status = screen.getByTestId('import-status');
    expect(status.querySelector('code')!.textContent).toBe(`x\\u202E${'f'.repeat(56)}…`);
    expect(ownText(status)).not.toMatch(/fff/);
  });

  it('an error line is escaped, its caret under the failing character', async () => {
    await reviewed(`{"kind":"List","items":[{"metadata":{"name":"\u001b[2J\u001b[32m OK"}}]}`);
    const context = screen.getByTestId('import-error-context');
    expect(context.textContent).not.toMatch(RAW);
    const [line, caret] = (context.textContent ?? '').split('\n').slice(-2);
    expect(line).toContain('"name":"\\u001B[2J\\u001B[32m OK"');
    expect(caret!.indexOf('^')).toBe(line!.indexOf('\\u001B[2J'));
    expect(screen.getByTestId('import-error').textContent).not.toMatch(RAW);
  });
});
