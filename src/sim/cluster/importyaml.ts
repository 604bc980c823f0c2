/**
 * YAML for the import reader, within a budget and in linear time, whatever the file holds.
 *
 * - The text is lexed, parsed and composed a token at a time (the `yaml` package's Lexer,
 *   Parser and Composer), and {@link yamlDocuments} pauses every few thousand tokens, so a
 *   caller that awaits between pauses lets Cancel in while a large file is read.
 * - A line comes from one index of the file's line starts, built once ({@link LineIndex}),
 *   never from a count from the start of the file for each item.
 * - Values are built by {@link YamlValues}, not by the package's `toJS`, which looks for an
 *   alias's anchor over the whole document for each item and restarts its alias count with each
 *   item: one alias budget covers the whole file, an anchor is found by a binary search, and a
 *   value an alias names is built once and shared. Every alias adds the size of what it names
 *   (its values, counted as if copied) to the file's total; past {@link YAML_ALIAS_BUDGET} the
 *   file is refused, naming the budget and the alias's line.
 * Pure: no DOM, runs under Node.
 */
import { Composer, Lexer, Parser, isAlias, isMap, isPair, isScalar, isSeq, visit, type Document, type Node as YamlNode } from 'yaml';
import type { JsonValue } from './importjson';

/** What aliases may add to a file's values: at most this many aliases, expanding to at most this many values in all. */
export const YAML_ALIAS_BUDGET = { aliases: 100_000, values: 1_000_000 } as const;
/** The deepest nesting of collections a YAML file may have (as for JSON). */
export const YAML_MAX_DEPTH = 512;
/** Lexical tokens between two pauses of {@link yamlDocuments}: a few milliseconds of work. */
const PAUSE_TOKENS = 20_000;

/** The offsets at which each line of a text starts, found once; a line is then a binary search. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** The 1-based line of offset `at`. */
  line(at: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
}

/** A file refused while it was read: why, the offset of the node to blame, and whether the YAML itself is invalid (else: a limit). */
export class YamlRefusal extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly invalid = true,
  ) {
    super(message);
  }
}

/**
 * The YAML documents of `text` in order, with a `null` between them every few thousand lexical
 * tokens: a pause where a caller may yield to other work. Errors stay in each document's
 * `errors`, as `parseAllDocuments` gives them.
 */
export function* yamlDocuments(text: string): Generator<Document.Parsed | null> {
  const lexer = new Lexer();
  const parser = new Parser();
  const composer = new Composer({ uniqueKeys: false });
  let n = 0;
  for (const lexeme of lexer.lex(text)) {
    for (const token of parser.next(lexeme)) yield* composer.next(token);
    if (++n === PAUSE_TOKENS) {
      n = 0;
      yield null;
    }
  }
  for (const token of parser.end()) yield* composer.next(token);
  yield* composer.end();
}

type Ranged = { range?: [number, number, number] };
/** Where a node starts in the text. */
export const startOf = (node: unknown): number => (node as Ranged).range?.[0] ?? 0;
/** Where a node ends in the text (Infinity when not known). */
export const endOf = (node: unknown): number => (node as Ranged).range?.[1] ?? Infinity;

/** A built value and how many values it holds, aliases counted as copies. */
interface Built {
  readonly value: JsonValue;
  readonly size: number;
}

/**
 * Builds plain values from a file's YAML nodes, as the package's `toJS` does for kubectl's
 * output (maps to objects with string keys, sequences to arrays, scalars to their values), under
 * one alias budget for the whole file. Call {@link document} before building a document's nodes;
 * use one per file.
 */
export class YamlValues {
  private aliases = 0;
  private expanded = 0;
  /** Each anchor's nodes in the current document, in document order (indexed at its first alias). */
  private anchors: Map<string, YamlNode[]> | null = null;
  private doc: Document.Parsed | null = null;
  /** The values of anchored nodes already built (an alias shares them). */
  private readonly built = new WeakMap<object, Built>();
  /** Anchored nodes being built: an alias to one of them is inside the node it names. */
  private readonly building = new WeakSet<object>();

  /** Starts on `doc`: its nodes are built next. */
  document(doc: Document.Parsed): void {
    this.doc = doc;
    this.anchors = null;
  }

  /** The current document's anchors (an alias names the last one of its name before it), indexed once. */
  private anchorIndex(): Map<string, YamlNode[]> {
    if (this.anchors) return this.anchors;
    const anchors = new Map<string, YamlNode[]>();
    this.anchors = anchors;
    if (!this.doc) return anchors;
    visit(this.doc, {
      Node: (_key, node) => {
        const anchor = (node as { anchor?: string }).anchor;
        if (!anchor || isAlias(node)) return;
        const list = anchors.get(anchor);
        if (list) list.push(node as YamlNode);
        else anchors.set(anchor, [node as YamlNode]);
      },
    });
    return anchors;
  }

  /** The plain value of `node`. Throws {@link YamlRefusal} past the budget or the nesting limit. */
  value(node: unknown): JsonValue {
    return this.build(node, 0).value;
  }

  private build(node: unknown, depth: number): Built {
    if (depth > YAML_MAX_DEPTH) throw new YamlRefusal(`collections nested more than ${YAML_MAX_DEPTH} deep`, startOf(node), false);
    if (node === null || node === undefined) return { value: null, size: 1 };
    if (isAlias(node)) return this.alias(node.source, startOf(node), depth);
    const done = this.built.get(node as object);
    if (done) return done;
    const anchored = !!(node as { anchor?: string }).anchor;
    if (anchored) this.building.add(node as object);
    const b = this.fresh(node, depth);
    if (anchored) {
      this.building.delete(node as object);
      this.built.set(node as object, b);
    }
    return b;
  }

  private fresh(node: unknown, depth: number): Built {
    if (isScalar(node)) return { value: node.value as JsonValue, size: 1 };
    if (isSeq(node)) {
      const out: JsonValue[] = [];
      let size = 1;
      for (const item of node.items) {
        const b = this.build(item, depth + 1);
        out.push(b.value);
        size += b.size;
      }
      return { value: out, size };
    }
    if (isMap(node)) {
      const out: { [key: string]: JsonValue } = {};
      let size = 1;
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = this.build(pair.key, depth + 1);
        const value = this.build(pair.value, depth + 1);
        size += key.size + value.size;
        const name = keyText(key.value);
        // As the package does: a `__proto__` key is an own property, never the prototype.
        if (name === '__proto__') Object.defineProperty(out, name, { value: value.value, writable: true, enumerable: true, configurable: true });
        else out[name] = value.value;
      }
      return { value: out, size };
    }
    return { value: null, size: 1 };
  }

  /** The value an alias names, counted against the file's budget. */
  private alias(source: string, at: number, depth: number): Built {
    const target = lastBefore(this.anchorIndex().get(source), at);
    if (!target) throw new YamlRefusal(`the alias *${source.slice(0, 40)}${source.length > 40 ? '…' : ''} names no anchor before it`, at);
    if (this.building.has(target)) throw new YamlRefusal(`the alias *${source.slice(0, 40)}${source.length > 40 ? '…' : ''} is inside the node it names`, at);
    const b = this.build(target, depth);
    this.aliases++;
    this.expanded += b.size;
    if (this.aliases > YAML_ALIAS_BUDGET.aliases || this.expanded > YAML_ALIAS_BUDGET.values) {
      const n = (x: number) => x.toLocaleString('en-US');
      throw new YamlRefusal(`this alias goes past the budget for a whole file: at most ${n(YAML_ALIAS_BUDGET.aliases)} aliases, expanding to at most ${n(YAML_ALIAS_BUDGET.values)} values in all`, at, false);
    }
    return b;
  }
}

/** A map key as the package writes it: its text, '' for null, JSON for a collection. */
function keyText(key: JsonValue): string {
  if (key === null) return '';
  return typeof key === 'object' ? JSON.stringify(key) : String(key);
}

/** The last of `nodes` (in document order) that starts before `at`. */
function lastBefore(nodes: readonly YamlNode[] | undefined, at: number): YamlNode | null {
  if (!nodes) return null;
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (startOf(nodes[mid]) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? nodes[lo - 1]! : null;
}
