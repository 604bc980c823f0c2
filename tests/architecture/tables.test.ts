import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SHARD_KEYS, SHARD_KEY_TABLE } from '../../src/core/sharding';
import { CLIENT_KINDS, CLIENT_PROFILES } from '../../src/sim/params';
import { FACTS } from '../../src/facts';
import { ROOT, isTest, rel, sourceFiles } from './graph';
import { branchesOnNames } from './tables';

/** The tables themselves: the only files that may branch on a key's path or a client's name. */
const TABLES = new Set(['src/core/sharding/keys.ts', 'src/sim/params/clients.ts']);
/** Every key's field path and every client kind, as the tables list them. */
const NAMES: ReadonlySet<string> = new Set<string>([...SHARD_KEYS, ...CLIENT_KINDS]);

describe('one table per concept: shard keys and client profiles', () => {
  it('no code outside the tables compares with, switches on or lists a key path or a client kind (tests and comments aside)', () => {
    const files = sourceFiles(join(ROOT, 'src')).filter((f) => !isTest(f) && !TABLES.has(rel(f)));
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((f) => branchesOnNames(readFileSync(f, 'utf8'), NAMES, f).map((b) => `${rel(f)}:${b.line}: ${b.how} on '${b.literal}'`));
    expect(found).toEqual([]);
  });

  it('flags a planted comparison, case, membership test and list, and leaves comments, messages and data alone', () => {
    const text = [
      "if (key === 'object.metadata.namespace') hash = ns;",
      "const jump = client === 'ksm' || other;",
      "switch (c) { case 'ksm-2.18': break; }",
      "const LIST_ONLY = new Set(['shardinfo', 'ksm-2.18']);",
      "if (KINDS.includes('checked')) go();",
      "// if (key !== 'object.metadata.uid') the old way",
      "throw new Error(`unsupported field path; supported: object.metadata.uid, object.metadata.namespace`);",
      "const defaults = { key: 'object.metadata.uid', client: 'client-go' };",
      "if (repo === 'client-go-extra') go();",
    ].join('\n');
    expect(branchesOnNames(text, NAMES)).toEqual([
      { line: 1, literal: 'object.metadata.namespace', how: 'comparison' },
      { line: 2, literal: 'ksm', how: 'comparison' },
      { line: 3, literal: 'ksm-2.18', how: 'case' },
      { line: 4, literal: 'shardinfo, ksm-2.18', how: 'list' },
      { line: 5, literal: 'checked', how: 'membership' },
    ]);
  });

  it('reads TSX: a comparison inside JSX is flagged too', () => {
    const text = "export const A = () => <p>{key === 'object.metadata.uid' ? 'a' : 'b'}</p>;";
    expect(branchesOnNames(text, NAMES, 'a.tsx')).toEqual([{ line: 1, literal: 'object.metadata.uid', how: 'comparison' }]);
  });

  it('keeps each table consistent: key indices are positions, and every profile cites real facts and says why it lists only', () => {
    SHARD_KEY_TABLE.forEach((k, i) => expect(k.index, k.id).toBe(i));
    expect(new Set(SHARD_KEY_TABLE.map((k) => k.id)).size).toBe(SHARD_KEY_TABLE.length);
    for (const kind of CLIENT_KINDS) {
      const p = CLIENT_PROFILES[kind];
      expect(p.facts.length, kind).toBeGreaterThan(0);
      for (const id of p.facts) expect(Object.keys(FACTS), `${kind} cites ${id}`).toContain(id);
      // Only a client that reads shardInfo can decide on it.
      expect(p.readsShardInfo, kind).toBe(p.checksLocally === 'without-shard-info');
      if (p.listOnly !== null) expect(p.listOnly.length, kind).toBeGreaterThan(10);
    }
  });
});

describe('adding a key or a client is a compile error where the code must handle it', () => {
  // A small program (the probe and what it imports), type-checked in memory: each line
  // marked EXPECT must fail to compile, every other line must compile.
  const probe = [
    "import type { ClientKind, ClientProfile } from '../../src/sim/params';",
    "import type { ShardKeyId } from '../../src/core/sharding';",
    "import { KEY_COLUMNS, type KeyColumns } from '../../src/sim/cluster/keycolumns';",
    "import { assertNever } from '../../src/core/never';",
    // A profile that lacks a field (here `facts`).
    "export const noFacts = { checksLocally: 'never', readsShardInfo: false, hash: 'ranges', listOnly: null, dropsOtherShardsBookmarks: false, cli: { help: '', helpZh: '', labelZh: '' }, label: 'controls.clientGo', help: 'controls.clientGoHelp' } as const satisfies ClientProfile; // EXPECT",
    // A Record by client kind that misses one client.
    "export const words = { 'client-go': 1, checked: 2, shardinfo: 3, ksm: 4 } satisfies Record<ClientKind, number>; // EXPECT",
    // A Record by key that misses one key.
    'export const byKey = { uid: 1 } satisfies Record<ShardKeyId, number>; // EXPECT',
    // The model's per-key columns once the key table grows a key.
    "export const grown: { readonly [I in ShardKeyId | 'name']: KeyColumns } = KEY_COLUMNS; // EXPECT",
    // A switch over the keys that misses one.
    "export function partial(k: ShardKeyId): number { switch (k) { case 'uid': return 1; default: return assertNever(k); } } // EXPECT",
    // The complete forms compile.
    "export const full = { uid: 1, namespace: 2 } satisfies Record<ShardKeyId, number>;",
    "export function total(k: ShardKeyId): number { switch (k) { case 'uid': return 1; case 'namespace': return 2; default: return assertNever(k); } }",
    "export const today: { readonly [I in ShardKeyId]: KeyColumns } = KEY_COLUMNS;",
  ].join('\n');
  const probePath = join(ROOT, 'tests', 'architecture', '__tables_probe__.ts');

  it('a profile without a field, a Record without an entry and a switch without a case do not compile; the complete ones do', () => {
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts'],
      types: [],
      skipLibCheck: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      resolveJsonModule: true,
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang, onError, create) => (name === probePath ? ts.createSourceFile(name, probe, lang) : getSourceFile(name, lang, onError, create));
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => name === probePath || fileExists(name);
    const program = ts.createProgram([probePath], options, host);
    const source = program.getSourceFile(probePath)!;
    const failing = new Set(
      ts.getPreEmitDiagnostics(program, source).map((d) => (d.file === source && d.start !== undefined ? source.getLineAndCharacterOfPosition(d.start).line + 1 : -1)),
    );
    const expected = probe.split('\n').flatMap((line, i) => (line.endsWith('// EXPECT') ? [i + 1] : []));
    expect(expected).toHaveLength(5);
    expect([...failing].sort((a, b) => a - b)).toEqual(expected);
  });
});
