/**
 * kubectl's `-o custom-columns=NAMESPACE:…,NAME:…,UID:…` output, with or without headers: how
 * to tell it from YAML, and the object each row stands for. Pure: no DOM, runs under Node.
 */
import type { JsonValue } from './importjson';
import { parseUuidInto } from './uuid';

const UUID_WORDS = new Uint32Array(4);

/**
 * Whether a text is kubectl's custom-columns: a header line of capitals naming UID, or (with
 * --no-headers) a first line of 2 or 3 fields ending in a UUID; then the header and the index
 * of the line before the first row.
 */
export function columnsOf(lines: readonly string[]): { readonly kind: 'columns' | 'columns-no-headers'; readonly headerIndex: number; readonly header: readonly string[] } | null {
  const firstIndex = lines.findIndex((l) => l.trim() !== '');
  const first = (lines[firstIndex] ?? '').trim().replace(/^\uFEFF/, '');
  const header = first.split(/\s+/);
  if (header.length >= 2 && header.includes('UID') && header.every((h) => /^[A-Z][A-Z0-9_-]*$/.test(h))) return { kind: 'columns', headerIndex: firstIndex, header };
  const fields = first.split(/\s+/);
  if (fields.length >= 2 && fields.length <= 3 && parseUuidInto(fields[fields.length - 1]!, UUID_WORDS, 0)) {
    return { kind: 'columns-no-headers', headerIndex: firstIndex - 1, header: fields.length === 3 ? ['NAMESPACE', 'NAME', 'UID'] : ['NAME', 'UID'] };
  }
  return null;
}

/** The object a custom-columns row stands for, or why the row is left out. */
export function columnRow(raw: string, line: number, header: readonly string[]): { readonly item: JsonValue } | { readonly reason: string } {
  const f = raw.trim().split(/\s+/);
  if (f.length !== header.length) return { reason: `line ${line} has ${f.length} columns, the header ${header.length} (${header.join(' ')})` };
  const at = (h: string): number => header.indexOf(h);
  const [ns, name, uidAt] = [at('NAMESPACE'), at('NAME'), at('UID')];
  const namespace = ns >= 0 ? f[ns]! : '';
  return { item: { metadata: { uid: f[uidAt]!, name: name >= 0 ? f[name]! : '', namespace: namespace === '<none>' ? '' : namespace } } };
}
