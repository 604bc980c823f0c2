/**
 * The code to take away: every Kubernetes identifier the Go snippets use
 * is in the checked list (tests/fixtures/snippets/identifiers.json), the Go helper prints the
 * page's own equal split for N = 1..64 when run by `go`, gofmt has nothing to say about any Go
 * snippet, and the other snippets hold what the page and the API server hold.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseShardSelector, splitHashSpace, requirementToString, type ShardKey } from '../../src/core/sharding';
import { FACTS } from '../../src/facts';
import { requestInfo } from '../../src/sim/apiserver';
import { SNIPPET_NAMES, generateSnippets, type Snippet } from '../../src/sim/client';
import { equalSplitSelectors } from '../../src/state/selectors';

interface Fixture {
  identifiers: { import: string; name: string; repo: string; path: string; line: number; text: string }[];
  members: { name: string; of: string; repo: string; path: string; line: number; text: string }[];
  stdlib: string[];
  stdlibMembers: { name: string }[];
  facts: { what: string; repo: string; path: string; line: number; text: string }[];
}
const fixture = JSON.parse(readFileSync(join(__dirname, '../fixtures/snippets/identifiers.json'), 'utf8')) as Fixture;

const UID: ShardKey = 'object.metadata.uid';
const NS: ShardKey = 'object.metadata.namespace';

/** Snippets for a few layouts: equal ranges, several ranges per replica, the namespace key, one replica. */
const layouts = [
  { key: UID, selectors: equalSplitSelectors(4, UID), replica: 1 },
  { key: NS, selectors: equalSplitSelectors(3, NS), replica: 2 },
  { key: UID, selectors: equalSplitSelectors(1, UID), replica: 0 },
  {
    key: UID,
    selectors: [
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x4000000000000000') || shardRange(object.metadata.uid, '0x8000000000000000', '0xc000000000000000')",
      "shardRange(object.metadata.uid, '0x4000000000000000', '0x8000000000000000') || shardRange(object.metadata.uid, '0xc000000000000000', '0x10000000000000000')",
    ],
    replica: 0,
  },
];
const all: Snippet[][] = layouts.map((l) => {
  const r = generateSnippets(l);
  if (!r.ok) throw new Error('layout refused');
  return [...r.snippets];
});
const goSnippets = all.flatMap((s) => s.filter((x) => x.language === 'go'));

/** Go source without comments and string literals (raw, interpreted, runes), to read identifiers. */
function goCode(src: string): string {
  return src
    .replace(/\/\/[^\n]*/g, '')
    .replace(/`[^`]*`/g, '""')
    .replace(/"(?:\\.|[^"\\\n])*"/g, '""')
    .replace(/'(?:\\.|[^'\\\n])*'/g, "''");
}

/** Import alias -> path of a Go file. */
function importsOf(src: string): Map<string, string> {
  const block = /import \(([\s\S]*?)\)/.exec(src)?.[1] ?? '';
  const out = new Map<string, string>();
  for (const m of block.matchAll(/^\s*(?:([A-Za-z_]\w*)\s+)?"([^"]+)"/gm)) {
    const path = m[2]!;
    out.set(m[1] ?? path.split('/').pop()!, path);
  }
  return out;
}

describe('code to take away', () => {
  it('generates every snippet the page lists, for each layout', () => {
    for (const s of all) expect(s.map((x) => x.name)).toEqual([...SNIPPET_NAMES]);
  });

  it('uses no Kubernetes identifier outside the list checked against v0.36.3 (qualified names and members alike)', () => {
    const known = new Set(fixture.identifiers.map((i) => `${i.import}.${i.name}`));
    const members = new Set([...fixture.members.map((m) => m.name), ...fixture.stdlibMembers.map((m) => m.name)]);
    const stdlib = new Set(fixture.stdlib);
    let checked = 0;
    for (const s of goSnippets) {
      const imports = importsOf(s.code);
      const code = goCode(s.code.replace(/import \([\s\S]*?\)/, ''));
      // Names the snippet declares itself.
      const own = new Set([...code.matchAll(/\bfunc (?:\([^)]*\) )?([A-Za-z_]\w*)|\btype ([A-Za-z_]\w*)|\bvar ([A-Za-z_]\w*)/g)].map((m) => m[1] ?? m[2] ?? m[3]!));
      for (const m of code.matchAll(/(?<![\w.])([a-z]\w*)\.([A-Z]\w*)/g)) {
        const path = imports.get(m[1]!);
        if (!path) continue;
        const full = `${path}.${m[2]}`;
        checked++;
        if (path.startsWith('k8s.io/')) expect(known.has(full), `${full} is in identifiers.json`).toBe(true);
        else expect(stdlib.has(full), `${full} is in the standard-library list`).toBe(true);
      }
      // Every other capitalised member or composite-literal field.
      for (const m of code.matchAll(/(?<=[\w)\]])\.([A-Z]\w*)|(?<=[{,]\s*)([A-Z]\w*):/g)) {
        const name = m[1] ?? m[2]!;
        const before = code.slice(Math.max(0, m.index! - 40), m.index!);
        const alias = /([a-z]\w*)$/.exec(before)?.[1];
        if (m[1] && alias && imports.has(alias)) continue; // a qualified name, checked above
        checked++;
        expect(members.has(name) || own.has(name), `member ${name} is in identifiers.json or declared by the snippet`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('the list is what the mirrors say at v0.36.3 (re-read when a mirror is on this machine)', (ctx) => {
    const mirror = (repo: string) => `/work/.mirror/${repo.replace('/', '+')}/repo`;
    if (!existsSync(mirror('kubernetes/apimachinery'))) ctx.skip('no mirror of kubernetes/apimachinery at /work/.mirror: the list was checked when it was written');
    for (const e of [...fixture.identifiers, ...fixture.members, ...fixture.facts]) {
      if (!existsSync(mirror(e.repo))) continue;
      const text = spawnSync('git', ['--git-dir', mirror(e.repo), 'show', `v0.36.3:${e.path}`], { encoding: 'utf8' }).stdout;
      expect(text.split('\n')[e.line - 1]?.trim(), `${e.repo} ${e.path}:${e.line}`).toBe(e.text);
    }
  });

  it('writes each replica’s selectors as the parser accepts them, in canonical form, in the Go snippets', () => {
    const [informer, listwatch] = all[3]!;
    for (const sel of layouts[3]!.selectors) expect(informer!.code).toContain(JSON.stringify(sel));
    expect(listwatch!.code).toContain('{Key: "object.metadata.uid", Start: "0xc000000000000000", End: "0x10000000000000000"},');
    for (const m of informer!.code.matchAll(/"(shardRange[^"]*)"/g)) expect(parseShardSelector(m[1]!).toString()).toBe(m[1]);
  });

  it('kubectl: the LIST, WATCH and streaming-list URLs the cards build, for the chosen replica', () => {
    const kubectl = all[0]!.find((s) => s.name === 'kubectl')!.code;
    const sel = layouts[0]!.selectors[1]!;
    const urls = [...kubectl.matchAll(/^kubectl get --raw '([^']+)'$/gm)].map((m) => m[1]!);
    expect(urls).toEqual([
      requestInfo('LIST', 0, sel, { limit: '500', resourceVersion: '0' }).url,
      requestInfo('WATCH', 0, sel, {}).url,
      requestInfo('WATCH', 0, sel, { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan' }).url,
    ]);
    // Query-escaped as Go's url.QueryEscape: no quote left to break the shell's single quotes.
    expect(urls[0]).toBe("/api/v1/pods?limit=500&resourceVersion=0&shardSelector=shardRange%28object.metadata.uid%2C+%270x4000000000000000%27%2C+%270x8000000000000000%27%29");
    expect(urls[2]).toBe(
      '/api/v1/pods?allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&sendInitialEvents=true&shardSelector=shardRange%28object.metadata.uid%2C+%270x4000000000000000%27%2C+%270x8000000000000000%27%29&watch=true',
    );
    for (const u of urls) expect(decodeURIComponent(new URL(u, 'https://x').searchParams.get('shardSelector')!)).toBe(sel);
  });

  it('kubectl: its comments say what the server does with these requests (facts rv0-one-page and watch-initial-state)', () => {
    const kubectl = all[0]!.find((s) => s.name === 'kubectl')!.code;
    const comments = kubectl
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .join(' ');
    // resourceVersion=0 comes from the watch cache, which ignores limit: one page, not "at most 500".
    expect(comments).toContain('resourceVersion=0 is served from the watch cache, which # ignores limit, so this is one page with every pod of the shard');
    expect(comments).not.toMatch(/at most 500|page of 500/);
    // A WATCH without resourceVersion starts with the current state as ADDED events.
    expect(comments).toContain('WATCH with no resourceVersion: first an ADDED for every pod of the shard as it is now, then the # changes');
    expect(comments).not.toMatch(/from now on/);
    expect(FACTS['rv0-one-page'].about).toContain('listRequest');
    expect(FACTS['watch-initial-state'].statement).toMatch(/synthetic ADDED for every object/);
  });

  it('StatefulSet: valid YAML whose pods read their ordinal from apps.kubernetes.io/pod-index and the count from the layout', () => {
    const yaml = parseYaml(all[1]!.find((s) => s.name === 'statefulset')!.code) as {
      kind: string;
      spec: { replicas: number; template: { spec: { containers: { env: { name: string; value?: string; valueFrom?: { fieldRef: { fieldPath: string } } }[] }[] } } };
    };
    expect(yaml.kind).toBe('StatefulSet');
    expect(yaml.spec.replicas).toBe(3);
    const env = yaml.spec.template.spec.containers[0]!.env;
    expect(env).toContainEqual({ name: 'SHARD_INDEX', valueFrom: { fieldRef: { fieldPath: "metadata.labels['apps.kubernetes.io/pod-index']" } } });
    expect(env).toContainEqual({ name: 'SHARD_TOTAL', value: '3' });
  });

  it('the flag and PromQL name only what v0.36.3 has, with the labels the metrics carry', () => {
    const s = all[0]!;
    expect(s.find((x) => x.name === 'flag')!.code).toContain('kube-apiserver --feature-gates=ShardedListAndWatch=true\n');
    const promql = s.find((x) => x.name === 'promql')!.code;
    const labels = new Set([...promql.matchAll(/(?:by \(([^)]*)\))|\{([^}]*)\}/g)].flatMap((m) => (m[1] ?? m[2]!.replace(/="[^"]*"/g, '')).split(',').map((x) => x.trim())));
    expect([...labels].sort()).toEqual(['group', 'resource']);
    expect([...promql.matchAll(/\b(apiserver_\w+)/g)].map((m) => m[1]).sort()).toEqual(['apiserver_watch_filtered_events_total', 'apiserver_watch_shards_total']);
  });

  it('refuses to generate code for a layout with a rejected or empty selector, naming the replica', () => {
    const bad = generateSnippets({ key: UID, selectors: [equalSplitSelectors(2, UID)[0]!, "shardRange(object.metadata.uid, '0x0', '0x1')"], replica: 0 });
    expect(bad).toEqual({ ok: false, refusal: { replica: 1, message: expect.stringMatching(/^invalid shard selector: hexStart must be a 0x-prefixed 16-digit hex value/) } });
    expect(generateSnippets({ key: UID, selectors: ['', ''], replica: 0 })).toEqual({ ok: false, refusal: { replica: 0, message: null } });
  });
});

// --- the `go` command (golang-go): the helper against the page's split, and gofmt ---------------

const hasGo = spawnSync('go', ['version'], { encoding: 'utf8' }).status === 0;
const ci = process.env.CI === 'true';
const NO_GO = 'go is not installed (apt-get install golang-go): the Go helper and gofmt checks are skipped';
if (!hasGo && !ci) console.warn(`tests/snippets: ${NO_GO}`);

describe('the Go snippets under the go command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shardscope-go-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.runIf(!hasGo && ci)('go is installed under CI=true (.ci/run installs golang-go)', () => {
    expect.fail(`CI=true and ${NO_GO}`);
  });

  it.skipIf(!hasGo)(`the helper prints the page's own equal split for N = 1..64, both keys (skipped when ${NO_GO.split(':')[0]})`, () => {
    const src = generateSnippets({ key: UID, selectors: equalSplitSelectors(4, UID), replica: 0 });
    if (!src.ok) throw new Error('refused');
    writeFileSync(join(dir, 'main.go'), src.snippets.find((s) => s.name === 'split')!.code);
    const bin = join(dir, 'shardselector');
    const build = spawnSync('go', ['build', '-o', bin, join(dir, 'main.go')], { encoding: 'utf8', env: { ...process.env, GOFLAGS: '', GO111MODULE: 'off', GOCACHE: join(dir, 'cache') } });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
    for (const key of [UID, NS]) {
      for (let n = 1; n <= 64; n++) {
        const out = spawnSync(bin, ['-n', String(n), '-key', key], { encoding: 'utf8' });
        expect(out.status).toBe(0);
        expect(out.stdout, `N = ${n}`).toBe(equalSplitSelectors(n, key).join('\n') + '\n');
        // And from first principles, not only against the page's code.
        expect(out.stdout.split('\n')[n - 1]).toBe(requirementToString({ key, ...splitHashSpace(n)[n - 1]! }));
      }
    }
    const one = spawnSync(bin, ['-n', '7', '-i', '3'], { encoding: 'utf8' });
    expect(one.stdout).toBe(equalSplitSelectors(7, UID)[3] + '\n');
    const refused = spawnSync(bin, ['-n', '4', '-i', '4'], { encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('need n >= 1 and -1 <= i < n');
  });

  it.skipIf(!hasGo)('gofmt -l prints nothing for any generated Go snippet', () => {
    const files = goSnippets.map((s, i) => {
      const f = join(dir, `snippet${i}_${s.name}.go`);
      writeFileSync(f, s.code);
      return f;
    });
    expect(files.length).toBe(12);
    const r = spawnSync('gofmt', ['-l', ...files], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('');
  });
});
