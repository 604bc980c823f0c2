/**
 * Escaped query values remembered per text. Request URLs are shown and sent with every
 * snapshot and every render, and a selector may be 100,000 characters: each distinct text is
 * escaped once. (A JavaScript string caches its hash, so looking up the same text again is
 * cheap.) Dependency-free like `url.ts`, so the page can use it without loading the model.
 */
import { goQueryEscape } from './url';

const memo = new Map<string, string>();
/** Distinct texts remembered: 64 replicas' selectors and a few edits in flight. */
const MEMO_LIMIT = 256;

/** {@link goQueryEscape}, computed once per distinct text. */
export function goQueryEscapeMemo(value: string): string {
  let out = memo.get(value);
  if (out === undefined) {
    out = goQueryEscape(value);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(value, out);
  }
  return out;
}
