/**
 * Label selectors for LIST, so the model can show that the apiserver applies a label selector
 * AND the shard check to every item. A compact reading of the Kubernetes label-selector
 * syntax: `k=v`, `k==v`, `k!=v`, `k`, `!k`, `k in (a,b)`, `k notin (a,b)`, joined by commas.
 * Messages are ours (the apiserver's wording for bad label selectors is not reproduced).
 */

export type LabelOperator = 'equals' | 'notEquals' | 'exists' | 'doesNotExist' | 'in' | 'notIn';

export interface LabelRequirement {
  readonly key: string;
  readonly operator: LabelOperator;
  readonly values: readonly string[];
}

/** A label selector that cannot be read; the model answers such a LIST with HTTP 400. */
export class LabelSelectorError extends Error {
  override readonly name = 'LabelSelectorError';
}

const KEY = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

/** Splits on commas that are not inside `( )`. */
function terms(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((t) => t.trim());
}

function checkKey(key: string, term: string): string {
  if (!KEY.test(key)) throw new LabelSelectorError(`invalid label key ${JSON.stringify(key)} in ${JSON.stringify(term)}`);
  return key;
}

function checkValue(value: string, term: string): string {
  if (!VALUE.test(value)) throw new LabelSelectorError(`invalid label value ${JSON.stringify(value)} in ${JSON.stringify(term)}`);
  return value;
}

/** Parses a label selector; the empty string selects everything (no requirement). */
export function parseLabelSelector(text: string): LabelRequirement[] {
  if (text.trim() === '') return [];
  return terms(text).map((term) => {
    if (term === '') throw new LabelSelectorError('empty requirement in label selector');
    const set = /^(\S+)\s+(in|notin)\s*\((.*)\)$/.exec(term);
    if (set) {
      const values = set[3]!.split(',').map((v) => checkValue(v.trim(), term));
      return { key: checkKey(set[1]!, term), operator: set[2] === 'in' ? 'in' : 'notIn', values };
    }
    const cmp = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(term);
    if (cmp) {
      return { key: checkKey(cmp[1]!, term), operator: cmp[2] === '!=' ? 'notEquals' : 'equals', values: [checkValue(cmp[3]!, term)] };
    }
    if (term.startsWith('!')) return { key: checkKey(term.slice(1).trim(), term), operator: 'doesNotExist', values: [] };
    return { key: checkKey(term, term), operator: 'exists', values: [] };
  });
}

/** Whether labels satisfy every requirement (an AND). */
export function matchesLabels(reqs: readonly LabelRequirement[], labels: Readonly<Record<string, string>>): boolean {
  for (const r of reqs) {
    const has = Object.prototype.hasOwnProperty.call(labels, r.key);
    const v = has ? labels[r.key]! : undefined;
    switch (r.operator) {
      case 'equals':
        if (v !== r.values[0]) return false;
        break;
      case 'notEquals':
        if (v === r.values[0]) return false;
        break;
      case 'exists':
        if (!has) return false;
        break;
      case 'doesNotExist':
        if (has) return false;
        break;
      case 'in':
        if (v === undefined || !r.values.includes(v)) return false;
        break;
      case 'notIn':
        if (v !== undefined && r.values.includes(v)) return false;
        break;
    }
  }
  return true;
}
