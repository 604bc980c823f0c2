/**
 * The shape of a fact about Kubernetes that ShardScope states, and of its source: the file in
 * the kubernetes tree, the release it was read at and the function that does it.
 */
import type { Term } from './terms';

/** Where a fact was read. */
export type Repository = 'kubernetes' | 'apiserver' | 'client-go' | 'apimachinery' | 'kube-state-metrics' | 'website' | 'perf-tests';

export interface Source {
  /**
   * `apiserver`, `client-go` and `apimachinery` are staged from the kubernetes tree
   * (`staging/src/k8s.io/<repo>/…`, published as `k8s.io/<repo>` v0.x.y for kubernetes v1.x.y);
   * `kube-state-metrics`, `website` (kubernetes/website, the blog) and `perf-tests`
   * (kubernetes/perf-tests, the scalability tests, whose configs are YAML) are their own repositories.
   */
  readonly repo: Repository;
  /** The file, relative to that repository. */
  readonly path: string;
  /** The release read: a kubernetes tag (`v1.36.3`, `v1.37.0-beta.0`), a kube-state-metrics tag, or a commit when no tag was read (perf-tests has none). */
  readonly release: string;
  /** The function, method or declaration that does it. */
  readonly symbol: string;
}

export interface Fact {
  readonly statement: string;
  readonly sources: readonly Source[];
  /** What the statement is about: a text that mentions one of these may cite it (see `./terms`). */
  readonly about: readonly Term[];
  /** Worked out from the code, not run. */
  readonly inference?: true;
}
