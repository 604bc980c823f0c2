import type { SimParamsInput } from './types';

/**
 * Every selector text a parameter input carries, as typed: the replicas' typed selectors and
 * the layouts typed after a reshard. Anything else in the input is ignored here (validation
 * reports it).
 */
export function selectorTexts(input: SimParamsInput | null | undefined): string[] {
  const out: string[] = [];
  const specs: unknown = input?.replicas?.selectors;
  if (Array.isArray(specs)) {
    for (const spec of specs as unknown[]) {
      const s = spec as { kind?: unknown; text?: unknown } | null | undefined;
      if (s?.kind === 'text' && typeof s.text === 'string') out.push(s.text);
    }
  }
  const layouts: unknown = input?.retyped;
  if (Array.isArray(layouts)) {
    for (const layout of layouts as unknown[]) {
      const texts = (layout as { selectors?: unknown } | null | undefined)?.selectors;
      if (Array.isArray(texts)) for (const t of texts as unknown[]) if (typeof t === 'string') out.push(t);
    }
  }
  return out;
}
