import { describe, expect, it, vi } from 'vitest';
import { importText } from './importformats';
import { YAML_ALIAS_BUDGET } from './importyaml';

// Counts the file scans that find a line by counting from the start of the file.
const scans = vi.hoisted(() => ({ count: 0 }));
vi.mock('./importjson', async (original) => {
  const mod = await original<typeof import('./importjson')>();
  return {
    ...mod,
    lineColumn: (text: string, at: number) => {
      scans.count++;
      return mod.lineColumn(text, at);
    },
  };
});

const uid = (i: number) => `6f1c1f9e-3c55-4a57-9d0e-${i.toString(16).padStart(12, '0')}`;
const pod = (i: number, extra = '') => `- kind: Pod\n  metadata:\n    name: p${i}\n    namespace: ns${i % 7}\n    uid: ${uid(i)}\n${extra}`;
const list = (items: string) => `apiVersion: v1\nkind: List\nitems:\n${items}`;

describe('YAML within a budget, in linear time', () => {
  it('finds each item’s line from one index of the file, never by counting from its start', () => {
    scans.count = 0;
    const r = importText(list(Array.from({ length: 2_000 }, (_, i) => pod(i)).join('')));
    expect(r.objects).toHaveLength(2_000);
    expect(r.error).toBeNull();
    // Before: one scan from the start of the file per item (2,000), quadratic in the file.
    expect(scans.count).toBe(0);
    // 100,000 empty documents: one item each, no scan from the start either.
    scans.count = 0;
    const empties = importText('---\n'.repeat(100_000));
    expect(empties.rejected).toHaveLength(100_000);
    expect(scans.count).toBe(0);
  });

  it('reads 5,000 items that alias one small node (each alias built once and shared), with the lines of the file', () => {
    const head = `- &a\n  kind: Pod\n  metadata:\n    name: p0\n    uid: ${uid(0)}\n    labels: {app: web, tier: front}\n`;
    const rest = Array.from({ length: 4_999 }, (_, i) => pod(i + 1, '    labels: *labels\n')).join('');
    const text = list(head.replace('labels: {', 'labels: &labels {') + rest);
    const r = importText(text);
    expect(r.error).toBeNull();
    expect(r.objects).toHaveLength(5_000);
    expect(r.objects[4_999]!.labels).toEqual({ app: 'web', tier: 'front' });
    expect(r.rejected).toEqual([]);
  }, 20_000);

  it('one alias budget covers the whole file: items each under any per-item count, together past it, are refused naming the budget and the line', () => {
    // 60 aliases per item, each of a 4-value node: 2,000 items expand to 480,000 values... and 2,500 items to 600,000;
    // the file's alias count (150,000) goes past the budget of 100,000 aliases.
    const anchor = '- kind: Pod\n  metadata:\n    name: base\n    uid: ' + uid(99_999) + '\n    labels: &l {a: b}\n';
    const aliases = Array.from({ length: 60 }, (_, k) => `    k${k}: *l\n`).join('');
    const items = Array.from({ length: 2_500 }, (_, i) => `- kind: Pod\n  metadata:\n    name: p${i}\n    uid: ${uid(i)}\n  spec:\n${aliases}`).join('');
    const r = importText(list(anchor + items));
    expect(r.error?.message).toMatch(
      new RegExp(`^Refused at line \\d+, column \\d+: this alias goes past the budget for a whole file: at most ${YAML_ALIAS_BUDGET.aliases.toLocaleString('en-US')} aliases, expanding to at most ${YAML_ALIAS_BUDGET.values.toLocaleString('en-US')} values in all$`),
    );
    // The objects before the alias that went past are kept and offered.
    expect(r.objects.length).toBeGreaterThan(1_000);
    expect(r.objects.length).toBeLessThan(2_500);
  });

  it('a billion-laughs file (aliases of aliases, each level ten times the last) is refused at the level that passes the budget', () => {
    let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i <= 9; i++) text += `a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]\n`;
    const r = importText(text);
    expect(r.error?.message).toMatch(/^Refused at line 6, column \d+: this alias goes past the budget for a whole file/);
    expect(r.error?.context?.line).toContain('a5: &a5');
  });

  it('an alias to no anchor, or inside the node it names, is refused with its line', () => {
    expect(importText('a: 1\nb: *nope\n').error?.message).toBe('Not valid YAML at line 2, column 4: the alias *nope names no anchor before it');
    expect(importText('a: &x [1, *x]\n').error?.message).toBe('Not valid YAML at line 1, column 11: the alias *x is inside the node it names');
  });
});
