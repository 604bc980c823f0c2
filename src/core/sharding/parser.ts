import { ExprKind, goTypeName, lineColumn, locatorAfter, parseCel, syntaxErrorsLoaded, type Expr, type NodeSpan } from './cel';
import { ShardSelectorError, type ShardSelectorErrorCode } from './errors';
import { hexLess } from './hex';
import { goQuote } from './quote';
import { ShardSelector } from './selector';
import { SHARD_KEYS, shardKeyByPath } from './keys';
import type { ShardRangeRequirement, SourceSpan } from './types';

/**
 * kube-apiserver v1.36's shard-selector parser (`pkg/sharding/parser.go`, KEP-5866): trim,
 * parse as CEL with no macros, then walk the tree accepting only `shardRange()` calls joined
 * by `||`. Every message is the apiserver's, byte for byte, and the order of the checks is
 * its order, so the first problem reported is the one a real cluster would report.
 */

/** The apiserver's message for a selector that is empty after trimming. */
export const EMPTY_SELECTOR_MESSAGE = 'empty shard selector is not allowed; omit the parameter for unfiltered lists';

/** The keys as the apiserver's message lists them: every field path, in table order. */
const SUPPORTED_KEYS_TEXT = SHARD_KEYS.join(', ');
const SPACE_END = '0x10000000000000000';

/** Go's `unicode.IsSpace`: the Unicode White_Space characters (U+FEFF is not one). */
function isGoSpace(c: number): boolean {
  if (c <= 0xff) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x85 || c === 0xa0;
  return (
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** A run of Go spaces from `lastIndex` (sticky): the regexp engine scans it in native code. */
const GO_SPACE_RUN = /[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/y;

/**
 * Go's `strings.TrimSpace`: strips Unicode White_Space from both ends, which is not what
 * `String.prototype.trim` does (it keeps U+0085 and strips U+FEFF). `offset` is where the
 * kept text starts in `s`, so positions in it can be mapped back.
 *
 * Megabytes of padding must not cost a JavaScript loop per character: the start
 * is found by a sticky regexp, the end by the native `trimEnd`, corrected for the two
 * characters on which JavaScript's white space and Go's differ.
 */
export function goTrimSpace(s: string): { text: string; offset: number } {
  GO_SPACE_RUN.lastIndex = 0;
  GO_SPACE_RUN.test(s);
  const start = GO_SPACE_RUN.lastIndex;
  if (start === s.length) return { text: '', offset: start };
  // Past `start` there is a character that is not a Go space, so both ends stop before it.
  let end = s.trimEnd().length;
  if (end < s.length) {
    // trimEnd also removed U+FEFF, which Go keeps: the last one it removed ends the text.
    const bom = s.lastIndexOf('\uFEFF');
    if (bom >= end) end = bom + 1;
  }
  // trimEnd stops at U+0085, which Go removes (and whatever Go space comes before it).
  while (end > start && isGoSpace(s.charCodeAt(end - 1))) end--;
  return { text: s.slice(start, end), offset: start };
}

/** UTF-8 length, which is what Go's `len` counts in the apiserver's length checks. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Raised inside the walk; carries the code and where in the parsed text the problem is. */
class Rejection {
  constructor(
    readonly message: string,
    readonly code: ShardSelectorErrorCode,
    readonly at: NodeSpan,
    readonly suggestion?: string,
  ) {}
}

/** `extractFieldPath`: the dotted path of an identifier/select chain. */
function fieldPath(e: Expr): string {
  const parts: string[] = [];
  let node: Expr = e;
  // Iterative, though cel-go's depth limit already keeps select chains short.
  while (node.kind === ExprKind.Select) {
    parts.push(node.field);
    node = node.operand;
  }
  if (node.kind !== ExprKind.Ident) {
    throw new Rejection(
      `shardRange() first argument: expected field path (e.g. object.metadata.uid), got expression kind ${node.kind}`,
      'field-path',
      node,
    );
  }
  parts.push(node.name);
  return parts.reverse().join('.');
}

/** `extractHexLiteral`: a `0x`-prefixed 16-digit lowercase hex string literal, or 2^64. */
function hexLiteral(e: Expr, name: 'hexStart' | 'hexEnd'): string {
  if (e.kind !== ExprKind.Literal) {
    throw new Rejection(`${name} must be a string literal (e.g. '0xff'), got expression kind ${e.kind}`, 'not-string-literal', e);
  }
  if (e.value.type !== 'string') {
    throw new Rejection(`${name} must be a string literal, got ${goTypeName(e.value)}`, 'not-string-literal', e);
  }
  const s = e.value.value;
  if (!s.startsWith('0x')) throw new Rejection(`${name} must have '0x' prefix, got ${goQuote(s)}`, 'missing-prefix', e);
  const hex = s.slice(2);
  if (hex === '') throw new Rejection(`${name}: hex value is required after '0x'`, 'missing-digits', e);
  const len = utf8Length(hex);
  if (len > 17) {
    throw new Rejection(`${name}: hex value too long (${len} chars, max 17): ${goQuote(hex)}`, 'too-long', e);
  }
  for (const c of hex) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
      throw new Rejection(`${name}: invalid hex character ${goQuote(c)} in ${goQuote(s)}`, 'invalid-hex-char', e);
    }
  }
  if (len === 17) {
    if (s !== SPACE_END) {
      throw new Rejection(`${name}: 17-digit hex value must be '${SPACE_END}' (2^64), got ${goQuote(s)}`, 'bad-17-digit', e);
    }
  } else if (len !== 16) {
    const padded = '0x' + '0'.repeat(16 - len) + hex;
    throw new Rejection(
      `${name} must be a 0x-prefixed 16-digit hex value, got ${goQuote(s)} (did you mean ${goQuote(padded)}?)`,
      'short-hex',
      e,
      padded,
    );
  }
  return s;
}

interface Located {
  readonly requirement: ShardRangeRequirement;
  /** The first argument, to point at when fields are mixed. */
  readonly keyAt: NodeSpan;
}

/** `parseShardRangeCall`; the receiver of `x.shardRange(...)` is ignored, as the apiserver does. */
function shardRange(call: Extract<Expr, { kind: typeof ExprKind.Call }>): Located {
  const args = call.args;
  if (args.length !== 3) {
    throw new Rejection(`shardRange() requires exactly 3 arguments, got ${args.length}`, 'argument-count', call.fnSpan);
  }
  const [keyArg, startArg, endArg] = args as [Expr, Expr, Expr];
  const path = fieldPath(keyArg);
  const key = shardKeyByPath(path);
  if (key === undefined) {
    throw new Rejection(`unsupported field path ${goQuote(path)}; supported: ${SUPPORTED_KEYS_TEXT}`, 'unsupported-field', keyArg);
  }
  const start = hexLiteral(startArg, 'hexStart');
  const end = hexLiteral(endArg, 'hexEnd');
  if (!hexLess(start, end)) {
    throw new Rejection(`shard range start ${start} must be less than end ${end}`, 'start-not-less', {
      start: startArg.start,
      end: endArg.end,
    });
  }
  return { requirement: { key: key.path, start, end }, keyAt: keyArg };
}

/**
 * `walkExpr`: `||` nodes are walked left then right (cel-go balances long chains, which
 * keeps the written order), each `shardRange` call validated when reached, so the first bad
 * range in the text is the one reported. Iterative, with an explicit stack.
 */
function walk(root: Expr): Located[] {
  const found: Located[] = [];
  const stack: Expr[] = [root];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.kind !== ExprKind.Call) {
      throw new Rejection(
        `unexpected expression kind ${e.kind}; expected shardRange() call or || operator`,
        'unexpected-expression',
        e,
      );
    }
    if (e.fn === '_||_') {
      stack.push(e.args[1]!, e.args[0]!);
      continue;
    }
    if (e.fn === 'shardRange') {
      found.push(shardRange(e));
      continue;
    }
    throw new Rejection(`unsupported function ${goQuote(e.fn)}; only shardRange() and || are allowed`, 'unsupported-function', e.fnSpan);
  }
  return found;
}

/**
 * Parses a `shardSelector` exactly as kube-apiserver v1.36 does and returns its ranges in
 * the order written.
 *
 * @throws {ShardSelectorError} with the apiserver's message (without the
 *   `invalid shard selector: ` prefix the server adds), an error code, the span of the
 *   offending text in `expr` as given (untrimmed; UTF-16 offsets, 1-based line and column),
 *   and for a short hex literal the zero-padded `suggestion`.
 */
export function parseShardSelector(expr: string): ShardSelector {
  // Trim first: an unpaired surrogate is no space either way, and parseCel's well-formed copy
  // (U+FFFD for it) keeps every offset, so positions in the kept text stay valid.
  const { text, offset } = goTrimSpace(expr);
  // Lines before the kept text are counted once, and only if an error needs a position.
  const locate = locatorAfter(expr, offset);
  const span = (at: NodeSpan): SourceSpan => {
    const pos = locate(offset + at.start);
    return { offset: offset + at.start, length: at.end - at.start, line: pos.line, column: pos.column };
  };
  if (text === '') {
    const pos = lineColumn(expr, 0);
    throw new ShardSelectorError(EMPTY_SELECTOR_MESSAGE, 'empty', { offset: 0, length: expr.length, ...pos });
  }
  const parsed = parseCel(text, { locate: (o) => locate(offset + o) });
  if (!parsed.ok) {
    const { error } = parsed;
    // cel-go gives the nesting limits no location: the whole expression is at fault.
    const at = error.located ? error : { start: 0, end: text.length };
    throw new ShardSelectorError(`CEL parse error: ${error.message}`, 'syntax', span(at), undefined, error.hint, error.final);
  }
  let located: Located[];
  try {
    located = walk(parsed.expr);
  } catch (e) {
    if (!(e instanceof Rejection)) throw e;
    throw new ShardSelectorError(e.message, e.code, span(e.at), e.suggestion);
  }
  const first = located[0]!.requirement;
  for (const { requirement, keyAt } of located.slice(1)) {
    if (requirement.key !== first.key) {
      throw new ShardSelectorError(
        `all shard ranges must use the same field, got ${goQuote(first.key)} and ${goQuote(requirement.key)}`,
        'mixed-fields',
        span(keyAt),
      );
    }
  }
  return new ShardSelector(located.map((l) => l.requirement));
}

/**
 * Whether parsing `expr` now would give a syntax error whose text is not final (the
 * syntax-error model is not loaded yet). Whoever records or shows the apiserver's message for
 * such a selector awaits `loadSyntaxErrors()` first.
 */
export function needsSyntaxErrors(expr: string): boolean {
  if (syntaxErrorsLoaded()) return false;
  try {
    parseShardSelector(expr);
    return false;
  } catch (e) {
    return e instanceof ShardSelectorError && !e.final;
  }
}
