import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ImportReader, importText, type ImportReport, type ImportOptions } from './importformats';

const DIR = join(__dirname, '../../../tests/fixtures/import');
const fixture = (name: string): string => readFileSync(join(DIR, name), 'utf8');
type Pod = { kind?: string; metadata: { uid: string; name: string; namespace?: string } };
const podsKind = (JSON.parse(fixture('pods-kind.json')) as { items: Pod[] }).items;
const utf8 = (s: string): number => Buffer.byteLength(s);

/** Reads `text` in chunks of `size` characters. */
function chunked(text: string, size: number, options?: ImportOptions): ImportReport {
  const r = new ImportReader(options);
  for (let i = 0; i < text.length; i += size) r.push(text.slice(i, i + size));
  return r.finish();
}

describe('import formats, detected and named', () => {
  it('a JSON List: every pod, its file bytes (the default) and its compact bytes', () => {
    const text = fixture('pods-kind.json');
    const r = importText(text);
    expect(r.format).toBe('json-list');
    expect(r.sizes).toBe('file');
    expect(r.objects.map((o) => o.uid)).toEqual(podsKind.map((p) => p.metadata.uid));
    // kubectl indents items by 8 spaces: an item's text is its first line's '{' to its last '}'.
    podsKind.forEach((p, i) => {
      const o = r.objects[i]!;
      const pretty = JSON.stringify(p, null, 4).split('\n').join('\n        ');
      expect(text).toContain(pretty);
      expect(o.fileBytes).toBe(utf8(pretty));
      expect(o.jsonBytes).toBe(o.fileBytes);
      expect(o.compactBytes).toBe(utf8(JSON.stringify(p)));
      expect(o.kind).toBe('Pod');
    });
    const compact = importText(text, { size: 'compact' });
    expect(compact.sizes).toBe('compact');
    expect(compact.objects.map((o) => o.jsonBytes)).toEqual(podsKind.map((p) => utf8(JSON.stringify(p))));
    expect(r.kinds).toEqual([{ kind: 'Pod', count: 32 }]);
    expect(r.namespaces).toBe(5);
  });

  it('several PodList pages (kubectl get --raw, one after another): all items, kind from the list', () => {
    const text = fixture('pods-pages.json');
    const r = importText(text);
    expect(r.format).toBe('json-pages');
    expect(r.values).toBe(2);
    expect(r.error).toBeNull();
    expect(r.objects.map((o) => o.uid)).toEqual(podsKind.map((p) => p.metadata.uid));
    expect(r.kinds).toEqual([{ kind: 'Pod', count: 32 }]);
    // Compact pages: the file's bytes are the compact bytes (items there carry no kind and apiVersion).
    for (const o of r.objects) expect(o.fileBytes).toBe(o.compactBytes);
  });

  it('YAML, parsed by the yaml package: the same objects as the JSON, sizes of the YAML text', () => {
    const text = fixture('pods.yaml');
    const r = importText(text);
    expect(r.format).toBe('yaml');
    expect(r.objects.map((o) => [o.uid, o.namespace, o.name])).toEqual(podsKind.map((p) => [p.metadata.uid, p.metadata.namespace, p.metadata.name]));
    expect(r.objects.map((o) => o.compactBytes)).toEqual(podsKind.map((p) => utf8(JSON.stringify(p))));
    // The first item's text runs from after "- " to the line before the second "- apiVersion".
    const starts = [...text.matchAll(/^- apiVersion/gm)].map((m) => m.index);
    expect(r.objects[0]!.fileBytes).toBe(utf8(text.slice(starts[0]! + 2, starts[1]!)));
  });

  it('a watch stream with event types: the final state (MODIFIED replaces, DELETED removes) and the events by type', () => {
    const text = fixture('watch-events.json');
    const r = importText(text);
    expect(r.format).toBe('watch-events');
    expect(r.events).toEqual({ ADDED: 13, MODIFIED: 2, DELETED: 1, BOOKMARK: 0, ERROR: 0 });
    const expected = [...podsKind.slice(0, 5), ...podsKind.slice(6, 13)].map((p) => p.metadata.uid);
    expect(r.objects.map((o) => o.uid)).toEqual(expected);
    // The object's own text: the "object" member of the event, as kubectl indents it.
    const events = text.split(/\n(?=\{)/);
    const first = JSON.parse(events[0]!) as { object: Pod };
    expect(r.objects[0]!.fileBytes).toBe(utf8(JSON.stringify(first.object, null, 4).split('\n').join('\n    ')));
    expect(r.rejected).toEqual([]);
  });

  it('a watch stream of bare objects (no --output-watch-events): the last version of each uid', () => {
    const r = importText(fixture('watch-objects.json'));
    expect(r.format).toBe('json-objects');
    expect(r.events).toBeNull();
    expect(r.objects.map((o) => o.uid)).toEqual(podsKind.slice(0, 13).map((p) => p.metadata.uid));
  });

  it('BOOKMARK and ERROR events are counted, not objects', () => {
    const pod = podsKind[0]!;
    const text = [{ type: 'ADDED', object: pod }, { type: 'BOOKMARK', object: { kind: 'Pod', metadata: { resourceVersion: '12' } } }, { type: 'ERROR', object: { kind: 'Status', code: 410 } }].map((e) => JSON.stringify(e, null, 2)).join('\n');
    const r = importText(text);
    expect(r.events).toEqual({ ADDED: 1, MODIFIED: 0, DELETED: 0, BOOKMARK: 1, ERROR: 1 });
    expect(r.objects.map((o) => o.uid)).toEqual([pod.metadata.uid]);
  });

  it('custom-columns with and without headers: uid, namespace and name; sizes from the model', () => {
    for (const [name, format] of [['pods-columns.txt', 'columns'], ['pods-columns-no-headers.txt', 'columns-no-headers']] as const) {
      const r = importText(fixture(name));
      expect(r.format, name).toBe(format);
      expect(r.sizes).toBe('model');
      expect(r.objects.map((o) => [o.uid, o.namespace, o.name])).toEqual(podsKind.map((p) => [p.metadata.uid, p.metadata.namespace, p.metadata.name]));
      for (const o of r.objects) expect(o.jsonBytes).toBe(0);
    }
    const cluster = importText('NAME     UID\nnode-a   a0187b4d-5120-4e8f-b327-26d0356a4152\nnode-b   x\n');
    expect(cluster.objects.map((o) => [o.name, o.namespace])).toEqual([['node-a', '']]);
    expect(cluster.rejected).toEqual([{ index: 1, line: 3, reason: '"node-b" has uid "x", not a lowercase UUID as Kubernetes writes them' }]);
    const none = importText('NAMESPACE NAME UID\n<none> n1 a0187b4d-5120-4e8f-b327-26d0356a4152\nshop cart\n');
    expect(none.objects.map((o) => o.namespace)).toEqual(['']);
    expect(none.rejected).toEqual([{ index: 1, line: 3, reason: 'line 3 has 2 columns, the header 3 (NAMESPACE NAME UID)' }]);
  });

  it('other kinds, cluster-scoped ones with an empty namespace', () => {
    const r = importText(fixture('mixed-kinds.json'));
    expect(r.kinds).toEqual([{ kind: 'Deployment', count: 6 }, { kind: 'ConfigMap', count: 5 }, { kind: 'Namespace', count: 5 }]);
    expect(r.clusterScoped).toBe(5);
    expect(r.objects.filter((o) => o.kind === 'Namespace').every((o) => o.namespace === '')).toBe(true);
    expect(importText(fixture('deployments.json')).error).toEqual({ message: 'The file holds no objects' });
  });

  it('lists items without a uid and with a duplicate uid, with their reasons and lines', () => {
    const text = fixture('pods-duplicate-uid.json');
    const r = importText(text);
    expect(r.objects).toHaveLength(30);
    expect(r.rejected.map((x) => [x.index, x.line])).toEqual([[7, 423], [9, 541]]);
    const lines = text.split('\n');
    expect(lines[422]!.trim()).toBe('{');
    expect(r.rejected[0]!.reason).toMatch(/repeats the uid [0-9a-f-]{36} of item 3$/);
    expect(r.rejected[1]!.reason).toMatch(/has no metadata\.uid$/);
  });
});

describe('a malformed file: located, with what was read before kept', () => {
  it('a truncated List: line, column, what was expected, the text around it, and the items before', () => {
    const text = fixture('pods-truncated.json');
    const r = importText(text);
    const lines = text.split('\n');
    const last = lines[lines.length - 1]!;
    expect(r.error).toMatchObject({ line: lines.length, column: last.length + 1, expected: 'a closing quote ("), found the end of the file' });
    expect(r.error!.context).toEqual({ before: lines.slice(-3, -1), line: last, caret: last.length, column: last.length + 1 });
    // The complete items before the cut are kept.
    const complete = (text.match(/^ {8}\}/gm) ?? []).length;
    expect(r.objects).toHaveLength(complete);
    expect(complete).toBe(12);
  });

  it('a stray character: its line and column, in any chunking', () => {
    const text = '{\n  "kind": "List",\n  "items": [\n    {"metadata": {"uid": "a0187b4d-5120-4e8f-b327-26d0356a4152"}} x\n  ]\n}\n';
    for (const size of [1, 3, 7, 1000]) {
      const r = chunked(text, size);
      const column = text.split('\n')[3]!.indexOf(' x') + 2;
      expect(column).toBe(67);
      expect(r.error, `chunks of ${size}`).toMatchObject({ message: "Not valid JSON at line 4, column 67: expected ',' or ']'", line: 4, column: 67, expected: "',' or ']'" });
      expect(r.objects).toHaveLength(1);
    }
  });

  it('a truncated watch stream keeps the events before the cut', () => {
    const r = importText(fixture('watch-truncated.json'));
    expect(r.format).toBe('watch-events');
    expect(r.objects).toHaveLength(8);
    expect(r.error?.message).toMatch(/^Not valid JSON at line \d+, column \d+: expected a closing quote/);
  });

  it('malformed YAML: located by the yaml package, the objects before kept', () => {
    const text = fixture('pods.yaml');
    const cut = text.indexOf('\n- apiVersion', text.indexOf('\n- apiVersion') + 1);
    const bad = `${text.slice(0, cut)}\n- apiVersion: v1\n  kind: [Pod\n  metadata: {}\n`;
    const r = importText(bad);
    expect(r.format).toBe('yaml');
    expect(r.objects).toHaveLength(1);
    expect(r.error?.line).toBeGreaterThan(text.slice(0, cut).split('\n').length);
    expect(r.error?.message).toMatch(/^Not valid YAML at line \d+, column \d+: /);
  });

  it('the empty file, a bare value, too many objects (the first ones offered)', () => {
    expect(importText('').error?.message).toBe('The file is empty');
    expect(importText('   \n').error?.message).toBe('The file is empty');
    expect(importText('{}').error?.message).toBe('No object could be imported: all 1 items were left out (item 0: no metadata)');
    const many = importText(fixture('pods-kind.json'), { maxObjects: 10 });
    expect(many.objects).toHaveLength(10);
    expect(many.error?.message).toBe('More than 10 objects: the simulator holds at most that many; the first 10 are offered, and the 22 items from item 10, line 600 on are left out');
    // A watch stream past the limit: the events after it are counted, not applied or replayed.
    const stream = fixture('watch-events.json');
    const whole = importText(stream);
    const cut = importText(stream, { maxObjects: 3 });
    expect(cut.objects).toHaveLength(3);
    expect(cut.stream!.length).toBeLessThan(whole.stream!.length);
    expect(cut.error?.message).toMatch(/^More than 3 objects: .* the first 3 are offered, and the \d+ items from item \d+, line \d+ on are left out$/);
    // Namespaces alike.
    const ns = importText(fixture('pods-kind.json'), { maxNamespaces: 2 });
    expect(ns.namespaces).toBe(2);
    expect(ns.error?.message).toMatch(/^More than 2 namespaces: the simulator holds at most that many; the objects read before are offered, and the \d+ items from item \d+, line \d+ on are left out$/);
  });
});

describe('the streaming reader', () => {
  it('gives the same report whatever the chunking (fixtures in every format)', () => {
    const names = ['pods-kind.json', 'pods-pages.json', 'watch-events.json', 'watch-objects.json', 'watch-truncated.json', 'mixed-kinds.json', 'pods-duplicate-uid.json', 'pods-truncated.json', 'pods.yaml', 'pods-columns.txt'];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.integer({ min: 1, max: 5000 }), (name, size) => {
        const text = fixture(name);
        const whole = importText(text);
        const parts = chunked(text, size);
        expect(parts.objects).toEqual(whole.objects);
        expect(parts.rejected).toEqual(whole.rejected);
        expect(parts.format).toBe(whole.format);
        expect(parts.error?.message).toBe(whole.error?.message);
      }),
      { numRuns: 60 },
    );
  });

  it('agrees with JSON.parse on any JSON, and never throws on junk', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 50 }), (v, size) => {
        const text = JSON.stringify({ kind: 'List', items: [{ metadata: { uid: 'a0187b4d-5120-4e8f-b327-26d0356a4152', name: 'x' }, spec: v }] }, null, 2);
        const r = chunked(text, size);
        expect(r.error).toBeNull();
        expect(r.objects[0]!.compactBytes).toBe(utf8(JSON.stringify(JSON.parse(text).items[0])));
      }),
      { numRuns: 200 },
    );
    const base = fixture('pods-kind.json').slice(0, 3000);
    fc.assert(
      fc.property(fc.string(), fc.nat(3000), (junk, at) => {
        const r = importText(base.slice(0, at) + junk + base.slice(at));
        expect(r.error === null || typeof r.error.message === 'string').toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(importText('['.repeat(100_000)).error?.message).toMatch(/nesting at most 512 deep/);
  });

  it('reads the YAML fixture as the yaml package does', () => {
    const doc = parseYaml(fixture('pods.yaml')) as { items: Pod[] };
    expect(importText(fixture('pods.yaml')).objects.map((o) => o.compactBytes)).toEqual(doc.items.map((p) => utf8(JSON.stringify(p))));
  });
});
