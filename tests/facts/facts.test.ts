/**
 * The facts table: well formed, its spotting rules able to tell a sourced
 * text from an unsourced one, and docs/facts.md generated from it and up to date.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACTS, TERMS, factsAbout, sourceLine, sourcePath, termsIn, uncitedTerms, type FactId, type Term } from '../../src/facts';
import { factsMarkdown } from './markdown';

describe('the facts table', () => {
  it('gives every fact a sentence, at least one source with a file, a release and a symbol, and known subjects', () => {
    for (const [id, f] of Object.entries(FACTS)) {
      expect(f.statement, id).toMatch(/^[A-Z`'a-z0-9].*[.)]$/);
      expect(f.sources.length, id).toBeGreaterThan(0);
      for (const s of f.sources) {
        expect(s.path, id).toMatch(s.repo === 'website' ? /^content\/en\/[a-z_/.0-9-]+\.md$/ : s.repo === 'perf-tests' ? /^clusterloader2\/[a-z_/.0-9-]+\.yaml$/ : /^[a-z_/.0-9-]+\.go$|^go\.mod$/);
        expect(s.release, id).toMatch(/^v\d+\.\d+\.\d+(-(alpha|beta|rc)\.\d+)?$|^commit [0-9a-f]{8} /);
        expect(s.symbol.length, id).toBeGreaterThan(2);
      }
      expect(f.about.length, id).toBeGreaterThan(0);
      for (const t of f.about) expect(TERMS, `${id}: ${t}`).toHaveProperty(t);
    }
  });

  it('writes a staged source as its path in the kubernetes tree, and kube-state-metrics in its own repository', () => {
    expect(sourcePath(FACTS.http500.sources[0])).toBe('kubernetes/staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go');
    expect(sourceLine(FACTS['watch-list-default'].sources[0])).toBe('kubernetes/staging/src/k8s.io/client-go/features/known_features.go (v1.36.3): WatchListClient');
    expect(sourcePath(FACTS['ksm-client-side'].sources[0])).toBe('kubernetes/kube-state-metrics/pkg/sharding/listwatch.go');
    expect(sourcePath(FACTS['statefulset-rolling'].sources[0])).toBe('kubernetes/staging/src/k8s.io/client-go/applyconfigurations/apps/v1/statefulsetupdatestrategy.go');
    expect(sourcePath(FACTS['cl2-load'].sources[0])).toBe('kubernetes/perf-tests/clusterloader2/testing/load/config.yaml');
    expect(sourcePath(FACTS['blog-post'].sources[0])).toBe('kubernetes/website/content/en/blog/_posts/2026/server-side-sharded-list-and-watch.md');
  });

  it('leaves no subject without a fact about it', () => {
    for (const t of Object.keys(TERMS) as Term[]) expect(factsAbout(t).length, t).toBeGreaterThan(0);
  });

  it('spots the subjects a sentence mentions', () => {
    expect(termsIn('client-go re-watches from its last resourceVersion after GOAWAY')).toEqual(['clientGo', 'resume', 'balancer']);
    expect(termsIn('The audit counts duplicates.')).toEqual([]);
    expect(termsIn('410 Gone from a freshly restarted server')).toEqual(['gone', 'restart']);
    expect(termsIn('A restart makes every watch drop, and its client relists.')).toEqual(['relist', 'restart']);
    expect(termsIn('API Priority and Fairness charges it as if unfiltered, as a server older than v1.36 would')).toEqual(['apf', 'versionSkew']);
    expect(termsIn('embedded in a blog post on another origin')).toEqual([]);
    expect(termsIn('What the v1.36 blog post shows')).toEqual(['blogPost']);
  });

  it('tells a sourced text from one with a missing or a needless citation', () => {
    const text = 'With the gate off the server sends everything, and client-go caches it.';
    expect(uncitedTerms(text, ['gate-off-ignores', 'client-go-no-check'])).toEqual({ missing: [], unused: [] });
    expect(uncitedTerms(text, ['gate-off-ignores'])).toEqual({ missing: ['clientGo'], unused: [] });
    expect(uncitedTerms(text, ['gate-off-ignores', 'client-go-no-check', 'conflict' as FactId])).toEqual({ missing: [], unused: ['conflict'] });
  });
});

describe('docs/facts.md', () => {
  it('is generated from the table and up to date (npm run facts)', () => {
    const file = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'facts.md'), 'utf8');
    expect(file).toBe(factsMarkdown());
  });

  it('names every fact, its sources and where the page states it', () => {
    const md = factsMarkdown();
    for (const id of Object.keys(FACTS)) expect(md).toContain(`## \`${id}\``);
    expect(md).toContain(
      '- Source: `kubernetes/staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go` (v1.36.3): `defaultLowerBoundCapacity, defaultUpperBoundCapacity, watchCache.resizeCacheLocked, watchCache.getAllEventsSinceLocked`',
    );
    expect(md).toContain('- Source: `kubernetes/staging/src/k8s.io/client-go/applyconfigurations/apps/v1/rollingupdatestatefulsetstrategy.go` (v1.36.3): `RollingUpdateStatefulSetStrategyApplyConfiguration (Partition, MaxUnavailable)`');
    expect(md).toContain('- Source: `kubernetes/perf-tests/clusterloader2/testing/load/config.yaml` (commit 4b341544 (master))');
    expect(md).toMatch(/## `rewatch`[\s\S]*?- Stated in: .*story `rollout` step 2/);
    expect(md).toMatch(/## `apf-list-cost`[\s\S]*?- Stated in: .*explanation `serverCost`/);
    expect(md).toMatch(/## `ksm-continue`[\s\S]*?- Stated in: .*message `controls.clientKsm218Help`/);
  });
});
