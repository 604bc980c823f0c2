import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashField, hexToParts, splitHashSpace } from '../../core/sharding';
import { DEFAULT_PARAMS } from '../params';
import { Cluster } from './cluster';
import { importPodsJson, importedClusterParams, type ImportedObject } from './import';
import { parseJsonLocated } from './importjson';
import { createPrng } from './prng';

const FIXTURES = join(__dirname, '../../../tests/fixtures');
const fixture = (name: string): string => readFileSync(join(FIXTURES, 'import', name), 'utf8');
const goVectors = (JSON.parse(readFileSync(join(FIXTURES, 'fnv1a64-go.json'), 'utf8')) as { fnv1a64: { value: string; hash: string }[] }).fnv1a64;

function objectsOf(text: string): readonly ImportedObject[] {
  const r = importPodsJson(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.objects;
}

function clusterOf(objects: readonly ImportedObject[]): Cluster {
  return new Cluster(importedClusterParams(objects, DEFAULT_PARAMS.cluster), DEFAULT_PARAMS.sizes, createPrng('import'), objects);
}

/** A kubectl-style List of minimal pods. */
function listOf(pods: { uid: string; namespace: string; name?: string }[]): string {
  const items = pods.map((p, i) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: p.name ?? `pod-${i}`, namespace: p.namespace, uid: p.uid } }));
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } }, null, 4);
}

describe('importing `kubectl get pods -A -o json`', () => {
  it('reads every pod of a real-shaped List with its uid, namespace, name, labels, owners and compact size', () => {
    const text = fixture('pods-kind.json');
    const r = importPodsJson(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.objects).toHaveLength(32);
    expect(r.rejected).toEqual([]);
    const doc = JSON.parse(text) as { items: { metadata: { uid: string; namespace: string; name: string; labels: Record<string, string>; ownerReferences: { kind: string; name: string; uid: string }[] } }[] };
    doc.items.forEach((item, i) => {
      const o = r.objects[i]!;
      expect(o.uid).toBe(item.metadata.uid);
      expect(o.namespace).toBe(item.metadata.namespace);
      expect(o.name).toBe(item.metadata.name);
      expect({ ...o.labels }).toEqual(item.metadata.labels);
      expect(o.owners).toEqual(item.metadata.ownerReferences.map((x) => ({ kind: x.kind, name: x.name, uid: x.uid })));
      expect(o.jsonBytes).toBe(Buffer.byteLength(JSON.stringify(item)));
    });
    expect(new Set(r.objects.map((o) => o.namespace))).toEqual(new Set(['kube-system', 'local-path-storage', 'shop', 'payments', 'monitoring']));
  });

  it('accepts a PodList from --raw, whose items carry no kind', () => {
    const r = importPodsJson(JSON.stringify({ kind: 'PodList', apiVersion: 'v1', items: [{ metadata: { name: 'a', namespace: 'x', uid: goVectors[0]!.value } }] }));
    expect(r.ok && r.objects.map((o) => o.uid)).toEqual([goVectors[0]!.value]);
  });

  it('locates a truncated file at its end, saying what it expected', () => {
    const text = fixture('pods-truncated.json');
    const r = importPodsJson(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const lines = text.split('\n');
    expect(r.error.line).toBe(lines.length);
    expect(r.error.column).toBe(lines[lines.length - 1]!.length + 1);
    expect(r.error.message).toBe(`Not valid JSON at line ${lines.length}, column ${lines[lines.length - 1]!.length + 1}: expected a closing quote ("), found the end of the file`);
  });

  it('locates a stray character by line and column', () => {
    const text = '{\n  "kind": "List",\n  "items": [\n    {"metadata": {"uid": "x"}} x\n  ]\n}\n';
    const r = importPodsJson(text);
    expect(r.ok ? null : r.error).toEqual({ message: "Not valid JSON at line 4, column 32: expected ',' or ']'", line: 4, column: 32 });
  });

  it('lists items without a uid, with a duplicate uid or a uid that is not a UUID, with their reasons', () => {
    const r = importPodsJson(fixture('pods-duplicate-uid.json'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.objects).toHaveLength(30);
    expect(r.rejected.map((x) => x.index)).toEqual([7, 9]);
    expect(r.rejected[0]!.reason).toMatch(/repeats the uid [0-9a-f-]{36} of item 3$/);
    expect(r.rejected[1]!.reason).toMatch(/has no metadata\.uid$/);
    const upper = importPodsJson(listOf([{ uid: goVectors[0]!.value.toUpperCase(), namespace: 'a' }, { uid: goVectors[1]!.value, namespace: 'a' }]));
    expect(upper.ok && upper.rejected.map((x) => x.reason)).toEqual([`"pod-0" has uid "${goVectors[0]!.value.toUpperCase()}", not a lowercase UUID as Kubernetes writes them`]);
  });

  it('refuses another kind, a bare array, an empty list and too many objects', () => {
    const msg = (text: string, max?: number): string => {
      const r = importPodsJson(text, max);
      return r.ok ? 'ok' : r.error.message;
    };
    expect(msg(fixture('deployments.json'))).toBe('Expected kind "List" or "PodList", found kind "DeploymentList": run `kubectl get pods -A -o json`');
    expect(msg('[]')).toMatch(/^Expected a JSON object/);
    expect(msg('{"kind":"List","items":[]}')).toBe('The List holds no pods to import');
    expect(msg(fixture('pods-kind.json'), 10)).toBe('32 items: the simulator holds at most 10 objects');
    expect(msg('{"kind":"List","items":[{"kind":"Deployment","metadata":{"uid":"x"}}]}')).toBe('The List holds no pods to import: all 1 items were left out (item 0: kind "Deployment", not Pod)');
  });

  it('never throws, whatever the text', () => {
    const base = fixture('pods-kind.json').slice(0, 3000);
    fc.assert(
      fc.property(fc.string(), fc.nat(3000), (junk, at) => {
        const r = importPodsJson(base.slice(0, at) + junk + base.slice(at));
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    expect(importPodsJson('').ok).toBe(false);
    expect(importPodsJson('['.repeat(100_000)).ok).toBe(false);
  });

  it('reads JSON as JSON.parse does, without touching prototypes', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
        expect(parseJsonLocated(JSON.stringify(v, null, 2))).toEqual(JSON.parse(JSON.stringify(v)));
      }), { numRuns: 300 });
    const o = parseJsonLocated('{"__proto__": {"polluted": 1}}') as Record<string, unknown>;
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.keys(o)).toEqual(['__proto__']);
  });
});

describe('a cluster built from imported pods', () => {
  it("hashes each real uid with FNV-1a 64, bit-exact with Go's hash/fnv", () => {
    const pods = goVectors.filter((v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v.value));
    expect(pods.length).toBeGreaterThan(3);
    const c = clusterOf(objectsOf(listOf(pods.map((v, i) => ({ uid: v.value, namespace: `ns-${i % 3}` })))));
    expect(c.liveCount).toBe(pods.length);
    for (const v of pods) expect(c.uidHashHex(c.findUid(v.value))).toBe(`0x${v.hash}`);
  });

  it('keeps the imported uids, namespaces and sizes, and counts per replica are those of the hashes', () => {
    const objects = objectsOf(fixture('pods-kind.json'));
    const c = clusterOf(objects);
    expect(c.liveCount).toBe(objects.length);
    expect(c.namespaceNames).toEqual(['kube-system', 'local-path-storage', 'monitoring', 'payments', 'shop', '']);
    for (const o of objects) {
      const s = c.findUid(o.uid);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(c.uidHashHex(s)).toBe(`0x${hashField(o.uid)}`);
      expect(c.namespace(s)).toBe(o.namespace);
      expect(c.jsonBytes[s]).toBe(o.jsonBytes);
    }
    expect(c.liveJsonBytes).toBe(objects.reduce((s, o) => s + o.jsonBytes, 0));
    for (const n of [1, 2, 3, 4, 7]) {
      const ranges = splitHashSpace(n);
      const counted = ranges.map((r) => {
        const a = hexToParts(r.start);
        const b = hexToParts(r.end);
        return c.index.countRange(a.hi, a.lo, b.hi, b.lo);
      });
      // The closed form: how many uid hashes fall in each range, from the hashes alone.
      const hashes = objects.map((o) => BigInt('0x' + hashField(o.uid)));
      const expected = ranges.map((r) => hashes.filter((h) => h >= BigInt(r.start) && h < BigInt(r.end)).length);
      expect(counted, `${n} replicas`).toEqual(expected);
      expect(counted.reduce((s, x) => s + x, 0)).toBe(objects.length);
    }
  });

  it('is deterministic and round-trips: export to a List, import again, same uids and hashes', () => {
    const generated = new Cluster({ ...DEFAULT_PARAMS.cluster, pods: 500, namespaces: 7 }, DEFAULT_PARAMS.sizes, createPrng('gen'));
    const exported = Array.from(generated.liveSlots.subarray(0, generated.liveCount), (s) => ({ uid: generated.uid(s), namespace: generated.namespace(s) }));
    const objects = objectsOf(listOf(exported));
    const a = clusterOf(objects);
    const b = clusterOf(objectsOf(listOf(exported)));
    expect(Array.from(a.uidWords)).toEqual(Array.from(b.uidWords));
    expect(Array.from(a.jsonBytes)).toEqual(Array.from(b.jsonBytes));
    const hashes = (c: Cluster): string[] => Array.from(c.liveSlots.subarray(0, c.liveCount), (s) => `${c.uid(s)} ${c.uidHashHex(s)} ${c.namespace(s)}`).sort();
    expect(hashes(a)).toEqual(hashes(generated));
  });
});
