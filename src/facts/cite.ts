/**
 * Citing the table: a source written as a path in the kubernetes tree, and the check that a
 * text cites a fact for everything it mentions (and cites nothing it does not mention).
 */
import { FACTS, type FactId } from './table';
import { termsIn, type Term } from './terms';
import type { Source } from './types';

/** The repositories staged from the kubernetes tree (`staging/src/k8s.io/<repo>`). */
const STAGED = new Set(['apiserver', 'client-go', 'apimachinery']);

/**
 * Where the source is: `staging/src/k8s.io/apiserver/pkg/…` in kubernetes for a staged
 * repository, the path in its own repository otherwise (kube-state-metrics, website).
 */
export function sourcePath(s: Source): string {
  if (STAGED.has(s.repo)) return `kubernetes/staging/src/k8s.io/${s.repo}/${s.path}`;
  return `${s.repo === 'kubernetes' ? 'kubernetes' : `kubernetes/${s.repo}`}/${s.path}`;
}

/** One line: the path, the release and the symbol. */
export function sourceLine(s: Source): string {
  return `${sourcePath(s)} (${s.release}): ${s.symbol}`;
}

/** The facts about a term. */
export function factsAbout(term: Term): FactId[] {
  return (Object.keys(FACTS) as FactId[]).filter((id) => (FACTS[id].about as readonly Term[]).includes(term));
}

/**
 * What is wrong with a text's citations: each term it mentions that no cited fact is about,
 * and each cited fact that is about nothing it mentions. Empty when it is sourced.
 */
export function uncitedTerms(text: string, cited: readonly FactId[]): { readonly missing: Term[]; readonly unused: FactId[] } {
  const terms = termsIn(text);
  const covered = new Set(cited.flatMap((id) => FACTS[id].about as readonly Term[]));
  return {
    missing: terms.filter((t) => !covered.has(t)),
    unused: cited.filter((id) => !(FACTS[id].about as readonly Term[]).some((t) => terms.includes(t))),
  };
}
