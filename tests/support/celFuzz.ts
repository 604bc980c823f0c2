/**
 * Seeded inputs for a differential test of the shard-selector parser against cel-go: what a
 * user could type into the selector box. Mostly near-valid `shardRange(...)` selectors with a
 * few tokens or characters changed, and beside them arbitrary CEL, every literal form (valid
 * and malformed), deep nesting around cel-go's two depth limits, texts around its 100,000 code
 * point limit, Unicode that is space for Go but not for CEL (or neither), and shapes that take
 * each of ANTLR's error-recovery paths.
 *
 * Every input is well-formed Unicode (no lone surrogate: a request cannot carry one). The same
 * seed gives the same inputs; `family` says which generator made each, for grouping.
 */
import { mulberry32 } from './mulberry32';

export const FAMILIES = [
  'selector-mutated',
  'selector-chars',
  'selector-truncated',
  'cel',
  'cel-mutated',
  'literal',
  'recovery',
  'adjacent',
  'message',
  'unicode',
  'nesting',
  'size',
  'long',
  'pasted',
] as const;
export type Family = (typeof FAMILIES)[number];

export interface FuzzCase {
  readonly input: string;
  readonly family: Family;
}

/** How often each family is drawn (relative weights). */
const WEIGHTS: Record<Family, number> = {
  'selector-mutated': 26,
  'selector-chars': 12,
  'selector-truncated': 5,
  cel: 6,
  'cel-mutated': 10,
  literal: 11,
  recovery: 9,
  adjacent: 6,
  message: 3,
  unicode: 8,
  nesting: 8,
  size: 1.5,
  long: 1,
  pasted: 2,
};

type Rand = () => number;

class Gen {
  constructor(readonly rand: Rand) {}
  int(n: number): number {
    return Math.floor(this.rand() * n);
  }
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.rand() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  weighted<T>(xs: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of xs) total += w;
    let r = this.rand() * total;
    for (const [x, w] of xs) {
      r -= w;
      if (r < 0) return x;
    }
    return xs[xs.length - 1]![0];
  }
  hex(n: number, upper = false): string {
    const digits = upper ? '0123456789ABCDEF' : '0123456789abcdef';
    let s = '';
    for (let i = 0; i < n; i++) s += digits[this.int(16)];
    return s;
  }
}

// ---------------------------------------------------------------------------------------
// Vocabulary

export const RESERVED = ['as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while'];
const KEYWORDS = ['true', 'false', 'null', 'in'];
const IDENTS = ['a', 'b', 'x', '_', '_x', 'x1', 'object', 'metadata', 'uid', 'namespace', 'name', 'shardRange', 'shardrange', 'size', 'has', 'int', 'type', 'dyn', 'in_', 'inx', 'nullx', 'truex', 'A', 'Z9', 'self'];
const PUNCT = ['(', ')', '[', ']', '{', '}', ',', ':', '?', '.', '!', '-', '+', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '&&', '||', 'in', '?.', '[?'];
/** Characters or short runs no CEL token starts with, or that start a token and break it. */
const LEX_BREAKERS = ['#', '$', '@', ';', '~', '^', '&', '|', '=', '\\', '`', "'", '"', '\v', '\x00', '\x01', '\x1c', '\x7f', 'é', '\u00a0', '\u0085', '\ufeff', '😀', '/*', '*/', '=>', '===', '!==', '&|', '<>', '::', '..', '...', '`a`', '`a-b`', '`a b`', '``', '`é`'];

const NUMBERS_OK = [
  '0', '1', '42', '007', '9223372036854775807', '-9223372036854775808', '0x0', '0x1F', '0xff', '0XFF', '0x7fffffffffffffff',
  '1u', '1U', '0u', '0x1Fu', '0xffU', '18446744073709551615u', '0xffffffffffffffffu',
  '1.5', '.5', '0.0', '1e10', '1E10', '1e+10', '1e-10', '1.5e3', '.5e-3', '2.5E+3', '1e308', '-1.5', '-.5', '-1e3',
];
const NUMBERS_BAD = [
  '9223372036854775808', '-9223372036854775809', '99999999999999999999', '0x8000000000000000', '0xffffffffffffffff', '0x10000000000000000',
  '18446744073709551616u', '0x10000000000000000u', '99999999999999999999u',
  '1e999', '-1e999', '1e-999', '1.7976931348623159e308', '1e', '1e+', '1E-', '1.e5', '1.', '.e5', '1.5u', '1e5u', '0x', '0xg', '0xu', '0b101', '0o17',
  '1_000', '1,000', '0x1.8p3', '1ee5', '1e5.5', '--1', '-0x8000000000000000', '-0x8000000000000001', '00x1', '0x-1', '1f', '1.5f', '1d', '.', '-.', '1..2', '1.2.3', '0X', '0xU',
];

const SIMPLE_ESCAPES = ['\\a', '\\b', '\\f', '\\n', '\\r', '\\t', '\\v', '\\\\', "\\'", '\\"', '\\?', '\\`'];
const BAD_ESCAPES = ['\\c', '\\8', '\\9', '\\0', '\\1', '\\12', '\\400', '\\477', '\\x', '\\x4', '\\xg0', '\\X4', '\\u', '\\u12', '\\u123', '\\u123g', '\\U0000004', '\\U0000004g', '\\U00110000', '\\UFFFFFFFF', '\\uD800', '\\uDBFF', '\\uDC00', '\\uDFFF', '\\U0000D800', '\\U0000DFFF', '\\uD83D\\uDE00', '\\e', '\\ ', '\\\n', '\\é', '\\'];

function goodEscape(g: Gen): string {
  switch (g.int(6)) {
    case 0:
      return g.pick(SIMPLE_ESCAPES);
    case 1:
      return `\\${g.pick(['x', 'X'])}${g.hex(2, g.chance(0.3))}`;
    case 2: {
      let cp = g.weighted<number>([
        [g.int(0x80), 3],
        [0x80 + g.int(0x780), 2],
        [0x800 + g.int(0xd000), 2],
        [0xe000 + g.int(0x2000), 1],
        [0x10000 + g.int(0x100000), 2],
      ]);
      if (cp >= 0xd800 && cp <= 0xdfff) cp = 0x41;
      return cp <= 0xffff && g.chance(0.7) ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;
    }
    case 3:
      return `\\${g.int(4)}${g.int(8)}${g.int(8)}`;
    case 4:
      return '\\u00' + g.pick(['30', '41', '61', '66', '78', '7A', '7a']);
    default:
      return '\\x' + g.pick(['30', '31', '61', '66', '78', '46']);
  }
}

/** A CEL string literal of `body` (raw bodies are left as they are). */
function quoteAs(g: Gen, body: string, opts: { raw?: boolean; bytes?: boolean; form?: string } = {}): string {
  const form = opts.form ?? g.pick(["'", '"', "'''", '"""']);
  let prefix = '';
  if (opts.bytes) prefix += g.pick(['b', 'B']);
  if (opts.raw) prefix += g.pick(['r', 'R']);
  if (opts.bytes && opts.raw && g.chance(0.5)) prefix = prefix.split('').reverse().join('');
  return prefix + form + body + form;
}

/** A string literal, valid or broken in one of the ways a user could break it. */
function stringLiteral(g: Gen): string {
  const bytes = g.chance(0.2);
  const raw = g.chance(0.2);
  const form = g.pick(["'", '"', "'''", '"""']);
  const parts: string[] = [];
  const n = g.int(5);
  for (let i = 0; i < n; i++) {
    parts.push(
      g.weighted<() => string>([
        [() => g.pick(['a', 'x', '0x', 'hello', ' ', '0xff', 'é', '日本', '😀', '\t']), 5],
        [() => goodEscape(g), 4],
        [() => g.pick(BAD_ESCAPES), 2],
        [() => g.pick(["'", '"', '`', '\n', '\r', '\r\n', '//', '#', '\\']), 1],
      ])(),
    );
  }
  let s = quoteAs(g, parts.join(''), { raw, bytes, form });
  if (g.chance(0.08)) s = s.slice(0, -g.between(1, Math.min(3, form.length))); // unterminated
  if (g.chance(0.04)) s = g.pick(['u', 'x', 'f', 'rr', 'bb', 'rbr', 'c']) + s.replace(/^[rRbB]*/, ''); // unknown prefix
  return s;
}

function numberLiteral(g: Gen): string {
  if (g.chance(0.5)) return g.pick(NUMBERS_OK);
  if (g.chance(0.6)) return g.pick(NUMBERS_BAD);
  // Built ones: a random digit string with optional parts, valid or not.
  const digits = g.chance(0.5) ? String(g.int(1000)) : g.hex(g.between(1, 20), false).replace(/[a-f]/g, () => String(g.int(10)));
  return g.pick([digits, `0x${g.hex(g.between(0, 18), g.chance(0.3))}`, `${digits}.${g.int(100)}`, `${digits}e${g.pick(['', '+', '-'])}${g.int(400)}`]) + (g.chance(0.2) ? g.pick(['u', 'U', 'l', 'f']) : '');
}

function literal(g: Gen): string {
  return g.weighted<() => string>([
    [() => numberLiteral(g), 4],
    [() => stringLiteral(g), 5],
    [() => g.pick(['true', 'false', 'null']), 1],
  ])();
}

// ---------------------------------------------------------------------------------------
// Selectors

/** Space and comments a user puts between tokens (CEL's whitespace is only space, tab, CR, LF, FF). */
function gap(g: Gen): string {
  return g.weighted<() => string>([
    [() => '', 8],
    [() => ' ', 8],
    [() => g.pick(['  ', '\t', '\n', '\r\n', '\r', '\f', ' \n ', '\n\n']), 3],
    [() => ' ' + g.pick(['// c', '// shardRange(x)', "// '", '// "', '//', '// /* x */', '// \\', '// é😀']) + g.pick(['\n', '\r\n']), 1],
  ])();
}

/** Go's TrimSpace removes these from both ends; only some are CEL whitespace. */
const GO_SPACES = [' ', '\t', '\n', '\r', '\v', '\f', '\u0085', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000'];

function pad(g: Gen): string {
  if (g.chance(0.75)) return '';
  let s = '';
  const n = g.between(1, 3);
  for (let i = 0; i < n; i++) s += g.chance(0.7) ? g.pick([' ', '\n', '\t', '\r\n']) : g.pick(GO_SPACES);
  if (g.chance(0.05)) s += '\ufeff';
  return s;
}

function hexValue(g: Gen): string {
  return g.weighted<() => string>([
    [() => '0x' + g.hex(16), 10],
    [() => '0x0000000000000000', 2],
    [() => '0x10000000000000000', 2],
    [() => '0x8000000000000000', 1],
    [() => '0x' + g.hex(g.between(1, 15)), 1],
    [() => '0x' + g.hex(16, true), 1],
  ])();
}

/** A hex bound as a CEL string: plain or with some characters written as escapes. */
function hexString(g: Gen): string {
  const v = hexValue(g);
  const raw = g.chance(0.15);
  let body = v;
  if (!raw && g.chance(0.3)) {
    body = v
      .split('')
      .map((c) => {
        if (!g.chance(0.25)) return c;
        const code = c.charCodeAt(0);
        return g.pick([
          `\\x${code.toString(16)}`,
          `\\X${code.toString(16).toUpperCase()}`,
          `\\u00${code.toString(16)}`,
          `\\U000000${code.toString(16)}`,
          `\\${code.toString(8).padStart(3, '0')}`,
        ]);
      })
      .join('');
  }
  return quoteAs(g, body, { raw, form: g.weighted([["'", 6], ['"', 3], ["'''", 1], ['"""', 1]] as const) });
}

function keyTokens(g: Gen): string[] {
  const field = g.weighted([['uid', 8], ['namespace', 5], ['name', 1], ['labels', 0.5]] as const);
  const base = ['object', '.', 'metadata', '.', field];
  if (g.chance(0.05)) base.unshift('.');
  return base;
}

/** One `shardRange(...)` call as tokens. */
function rangeTokens(g: Gen): string[] {
  const t = ['shardRange', '(', ...keyTokens(g), ',', hexString(g), ',', hexString(g)];
  if (g.chance(0.03)) t.push(',');
  t.push(')');
  if (g.chance(0.03)) return ['x', '.', ...t];
  return t;
}

/** A whole selector, valid or nearly, as tokens. */
function selectorTokens(g: Gen): string[] {
  const n = g.weighted([[1, 6], [2, 3], [3, 1], [4, 0.5]] as const);
  let out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = g.chance(0.1) ? ['(', ...rangeTokens(g), ')'] : rangeTokens(g);
    out = i === 0 ? r : [...out, '||', ...r];
  }
  return g.chance(0.08) ? ['(', ...out, ')'] : out;
}

function join(g: Gen, tokens: readonly string[]): string {
  let s = '';
  tokens.forEach((t, i) => {
    if (i > 0) {
      const sep = gap(g);
      // Two word-like tokens need something between them to stay two tokens.
      s += sep === '' && /[\w'"`]$/.test(s) && /^[\w'"`]/.test(t) ? ' ' : sep;
    }
    s += t;
  });
  return s;
}

function tokenFromPool(g: Gen): string {
  return g.weighted<() => string>([
    [() => g.pick(PUNCT), 6],
    [() => g.pick(IDENTS), 2],
    [() => g.pick([...RESERVED, ...KEYWORDS]), 1.5],
    [() => literal(g), 3],
    [() => g.pick(LEX_BREAKERS), 2],
  ])();
}

function mutateTokens(g: Gen, tokens: string[]): string[] {
  const t = [...tokens];
  const n = g.weighted([[1, 6], [2, 3], [3, 1]] as const);
  for (let k = 0; k < n && t.length > 0; k++) {
    const at = g.int(t.length);
    switch (g.int(8)) {
      case 0:
        t.splice(at, 1);
        break;
      case 1:
        t.splice(at, 0, t[at]!);
        break;
      case 2:
      case 3:
        t.splice(at + g.int(2), 0, tokenFromPool(g));
        break;
      case 4:
        t[at] = tokenFromPool(g);
        break;
      case 5:
        if (at + 1 < t.length) [t[at], t[at + 1]] = [t[at + 1]!, t[at]!];
        break;
      case 6: {
        // Cut a token in two: half a string literal, half an identifier or operator.
        const tok = Array.from(t[at]!);
        if (tok.length > 1) t[at] = tok.slice(0, g.between(1, tok.length - 1)).join('');
        else t.splice(at, 1);
        break;
      }
      default:
        // Replace with a token of the same kind, to keep near-valid structure.
        t[at] = /^\w/.test(t[at]!) ? g.pick([...IDENTS, ...RESERVED, ...KEYWORDS]) : /^['"rRbB]/.test(t[at]!) ? literal(g) : g.pick(PUNCT);
    }
  }
  return t;
}

const CHAR_POOL = [
  ...'()[]{},.:?!-+*/%<>=&|\'"`\\#$@;~^ \t\n\r\f',
  ...'aAzZ_019xuUeE',
  '\v', '\x00', '\x1b', '\x7f', 'é', 'ß', 'İ', '\u0301', '\u00a0', '\u0085', '\u2028', '\u202e', '\u200b', '\ufeff', '\ufffd', '😀', '𝔸', '（', '．',
];

function mutateChars(g: Gen, s: string): string {
  const cps = Array.from(s);
  const n = g.weighted([[1, 6], [2, 3], [3, 1]] as const);
  for (let k = 0; k < n; k++) {
    const at = g.int(cps.length + 1);
    switch (g.int(4)) {
      case 0:
        if (cps.length > 1) cps.splice(Math.min(at, cps.length - 1), 1);
        break;
      case 1:
        cps[Math.min(at, cps.length - 1)] = g.pick(CHAR_POOL);
        break;
      default:
        cps.splice(at, 0, g.pick(CHAR_POOL));
    }
  }
  return cps.join('');
}

function selector(g: Gen): string {
  return pad(g) + join(g, selectorTokens(g)) + pad(g);
}

// ---------------------------------------------------------------------------------------
// Arbitrary CEL

function ident(g: Gen): string {
  return g.weighted<() => string>([
    [() => g.pick(IDENTS), 10],
    [() => g.pick(RESERVED), 1],
    [() => g.pick(['`a`', '`a.b`', '`a-b`', '`a/b c`']), 0.5],
  ])();
}

/** Tokens of a CEL expression of every rule of the grammar, at most `depth` levels deep. */
function celTokens(g: Gen, depth: number): string[] {
  if (depth <= 0) return g.chance(0.5) ? [literal(g)] : g.chance(0.15) ? ['.', ident(g)] : [ident(g)];
  const sub = () => celTokens(g, depth - 1);
  const list = (item: () => string[]): string[] => {
    const out: string[] = [];
    const n = g.int(4);
    for (let i = 0; i < n; i++) out.push(...(i > 0 ? [','] : []), ...item());
    if (n > 0 && g.chance(0.15)) out.push(',');
    return out;
  };
  const opt = (): string[] => (g.chance(0.15) ? ['?'] : []);
  switch (g.int(17)) {
    case 0:
      return [...sub(), '?', ...sub(), ':', ...sub()];
    case 1:
    case 2:
      return [...sub(), g.pick(['||', '&&', '<', '<=', '>=', '>', '==', '!=', 'in', '+', '-', '*', '/', '%']), ...sub()];
    case 3:
      // Runs of one operator are one unary node; a '-' after '!' starts a negative literal instead.
      return [...Array.from({ length: g.between(1, 3) }, () => g.pick(['!', '-'])), ...sub()];
    case 4:
      return [...sub(), '.', ...opt(), ident(g)];
    case 5:
      return [...sub(), '.', g.pick(IDENTS), '(', ...list(sub), ')'];
    case 6:
      return [...sub(), '[', ...opt(), ...sub(), ']'];
    case 7:
      return [...(g.chance(0.2) ? ['.'] : []), g.pick(IDENTS), '(', ...list(sub), ')'];
    case 8:
      return ['(', ...sub(), ')'];
    case 9:
      return ['[', ...list(() => [...opt(), ...sub()]), ']'];
    case 10:
      return ['{', ...list(() => [...opt(), ...sub(), ':', ...sub()]), '}'];
    case 11: {
      const name = [...(g.chance(0.2) ? ['.'] : []), g.pick(IDENTS), ...(g.chance(0.4) ? ['.', g.pick(IDENTS)] : [])];
      return [...name, '{', ...list(() => [...opt(), ident(g), ':', ...sub()]), '}'];
    }
    case 12:
      return rangeTokens(g);
    default:
      return [literal(g)];
  }
}

// ---------------------------------------------------------------------------------------
// Nesting around cel-go's limits (250 for each grammar rule's nesting, 250 for the visitor)

function depthNear(g: Gen): number {
  return g.weighted<() => number>([
    [() => g.between(245, 255), 6],
    [() => g.between(120, 130), 1],
    [() => g.between(80, 90), 1],
    [() => g.between(1, 300), 2],
    [() => g.between(255, 520), 1],
  ])();
}

function nest(g: Gen): string {
  const d = depthNear(g);
  const leaf = g.pick(['a', '1', "'0x0000000000000000'", 'object.metadata.uid', 'x.y', '[]', '{}']);
  const rep = (s: string, n = d) => s.repeat(Math.max(0, n));
  const sep = g.pick(['', ' ', '\n']);
  let core: string;
  switch (g.int(16)) {
    case 0:
      core = rep('(') + leaf + rep(')');
      break;
    case 1:
      core = rep('[') + leaf + rep(']');
      break;
    case 2:
      core = rep('{a:') + leaf + rep('}');
      break;
    case 3:
      core = rep('f(') + leaf + rep(')');
      break;
    case 4:
      core = 'a' + rep('.b');
      break;
    case 5:
      core = 'a' + rep('[0]');
      break;
    case 6:
      core = '1' + rep(`${sep}+${sep}1`);
      break;
    case 7:
      core = 'a' + rep(`${sep}${g.pick(['<', '==', 'in', '!='])}${sep}b`);
      break;
    case 8:
      core = rep(`a${sep}?${sep}b${sep}:${sep}`) + 'c';
      break;
    case 9:
      core = 'a' + rep(`${sep}${g.pick(['||', '&&'])}${sep}b`);
      break;
    case 10:
      core = rep(g.pick(['!', '-'])) + leaf;
      break;
    case 11:
      core = rep('-(') + leaf + rep(')');
      break;
    case 12:
      core = 'a' + rep('.f()');
      break;
    case 13:
      core = rep('x.f(') + leaf + rep(')');
      break;
    case 14:
      core = rep('(a ? ') + 'b' + rep(' : c)');
      break;
    default:
      core = rep('(', d >> 1) + 'a' + rep('.b', d - (d >> 1)) + rep(')', d >> 1);
  }
  // Now and then break the nest itself: an error inside, before or after it.
  if (g.chance(0.3)) {
    const cps = Array.from(core);
    const at = g.chance(0.5) ? g.int(cps.length + 1) : g.chance(0.5) ? cps.length : 0;
    cps.splice(at, g.chance(0.3) ? 1 : 0, g.pick([')', '(', ']', '#', ',', '+', '.', "'", '1 1', '&', '`']));
    core = cps.join('');
  }
  return g.weighted<() => string>([
    [() => core, 4],
    [() => `shardRange(object.metadata.uid, '0x0000000000000000', ${core})`, 2],
    [() => `shardRange(${core}, '0x0000000000000000', '0x8000000000000000')`, 1],
    [() => `${selector(g)} || ${core}`, 1],
    [() => `${core} || ${selector(g)}`, 1],
  ])();
}

// ---------------------------------------------------------------------------------------
// Size around 100,000 code points (counted in the trimmed text)

const SIZE_LIMIT = 100_000;

function codePointCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function sized(g: Gen): string {
  const target = g.weighted<() => number>([
    [() => SIZE_LIMIT + g.pick([-1, 0, 1]), 6],
    [() => SIZE_LIMIT + g.between(-5, 5), 2],
    [() => SIZE_LIMIT + g.pick([-1000, 1000, 50_000]), 1],
  ])();
  const filler = g.pick(['x', ' ', '😀', 'é', '\n', 'ab', '\t']);
  const head = join(g, selectorTokens(g));
  const where = g.int(6);
  // Room for the filler so that the trimmed text has `target` code points.
  const build = (room: number): string => {
    const fill = (n: number) => Array.from(filler.repeat(Math.ceil(Math.max(0, n) / Math.max(1, codePointCount(filler))) + 1)).slice(0, Math.max(0, n)).join('');
    switch (where) {
      case 0: // a comment at the end
        return head + ' //' + fill(room - 3);
      case 1: // blank space inside the expression
        return head.replace('(', '(' + fill(room).replace(/[^\s]/g, ' '));
      case 2: // a long string literal in place of a bound
        return `shardRange(object.metadata.uid, '0x${fill(room - 56).replace(/['\\\n\r]/g, 'x')}', '0x0000000000000000')`;
      case 3: // a long identifier chain
        return 'shardRange(object.metadata.' + 'a'.repeat(Math.max(1, room - 70)) + ", '0x0000000000000000', '0x8000000000000000')";
      case 4: // a long run of `|| shardRange(...)`, cut to size below
        return head + ` || ${head}`.repeat(Math.ceil(Math.max(0, room) / (codePointCount(head) + 4)) + 1);
      default: // a comment at the start, on its own line
        return '//' + fill(room - 3 - codePointCount(head)) + '\n' + head;
    }
  };
  let text = build(target - codePointCount(head));
  // Fit exactly: trim or extend with a comment on a new line (spaces at the end would be trimmed).
  const have = codePointCount(text);
  if (have > target) text = Array.from(text).slice(0, target).join('');
  else if (have < target) text = text + '\n//' + 'y'.repeat(Math.max(0, target - have - 3));
  if (g.chance(0.3)) text = mutateChars(g, text);
  // Go-trimmed padding does not count; U+FEFF is no Go space, so it counts (and is a CEL error).
  return g.pick(['', '', ' ', '\n\n', '\u0085', '\u00a0', ' '.repeat(g.between(1, 2000))]) + text + g.pick(['', '', ' \n', '\u3000', '\ufeff']);
}

// ---------------------------------------------------------------------------------------
// Unicode in and around a selector

const UNICODE = [
  '\x00', '\x01', '\x08', '\x1b', '\x1c', '\x1f', '\x7f', '\x80', '\x9f', '\u0085', '\u00a0', '\u00ad', '\u0301', '\u034f', '\u061c',
  '\u1680', '\u180e', '\u2000', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2028', '\u2029', '\u202a', '\u202e', '\u2060',
  '\u2066', '\u2069', '\u3000', '\ufeff', '\ufffc', '\ufffd', '\uffff', '\ue000', '😀', '👍🏽', '🇺🇳', '𝔸', '\u{10ffff}', '\u{e0041}',
  'é', 'e\u0301', 'ß', 'İ', 'ı', 'Ω', 'К', 'о', '日', '（', '）', '．', '，', '＇', '＂', '‘', '’', '“', '”', '‐', '−', '—', '¦', '∣',
];

function unicodeCase(g: Gen): string {
  const base = g.chance(0.8) ? selector(g) : join(g, celTokens(g, g.between(1, 3)));
  const cps = Array.from(base);
  const n = g.between(1, 3);
  for (let i = 0; i < n; i++) {
    const u = g.pick(UNICODE);
    const at = g.weighted([[0, 2], [cps.length, 2], [g.int(cps.length + 1), 6]] as const);
    if (g.chance(0.2) && cps.length > 0) cps[Math.min(at, cps.length - 1)] = u;
    else cps.splice(at, 0, u);
  }
  return cps.join('');
}

// ---------------------------------------------------------------------------------------
// Error recovery: shapes for each of ANTLR's paths

function recovery(g: Gen): string {
  const k = () => join(g, keyTokens(g));
  const h = () => hexString(g);
  const shapes: (() => string)[] = [
    // missing token (single-token insertion): ANTLR says "missing X at Y"
    () => `shardRange(${k()} ${h()}, ${h()})`,
    () => `shardRange(${k()}, ${h()} ${h()})`,
    () => `shardRange(${k()}, ${h()}, ${h()}`,
    () => `shardRange ${k()}, ${h()}, ${h()})`,
    () => `a ? b ${g.pick(['c', '1', "'s'", '(c)'])}`,
    () => `{a ${g.pick(['1', 'b', "'s'"])}}`,
    () => `[1 ${g.pick(['2', 'a', '(b)'])}]`,
    () => `f(a ${g.pick(['b', '1'])})`,
    () => `a.${g.pick(['', '?'])}${g.pick(['1', "'s'", '(', '[', '{', ')', 'true', 'null', 'in', '-'])}`,
    () => `a.b(${g.pick(['', 'c', 'c,'])}`,
    () => `a[${g.pick(['', '1', '?', '?1'])}`,
    () => `M{${g.pick(['a', 'a:', 'a:1,', '?a:1', '1:2', '`a-b`:1', 'a 1'])}`,
    // extraneous token (single-token deletion)
    () => `shardRange((${k()}, ${h()}, ${h()})`,
    () => `shardRange(,${k()}, ${h()}, ${h()})`,
    () => `shardRange(${k()},, ${h()}, ${h()})`,
    () => `${g.pick([')', ']', '}', ',', ':', '?', '||', '&&', '*', '/', '.', 'in'])} ${selector(g)}`,
    () => `${selector(g)} ${g.pick([')', ']', '}', ',', ':', '?', '||', '&&', '*', '/', '.', '!', '-', 'a', '1', "'s'"])}`,
    () => `${selector(g)} ${g.pick([')', ']', '}', ',', ':'])} ${g.pick([')', ']', 'x', '1', '||', ''])}`,
    // mismatched input / no viable alternative
    () => `shardRange(${k()}, ${h()}, ${g.pick([']', '}', ':', '?', ',', '||', ')', '*'])})`,
    () => `shardRange[${k()}, ${h()}, ${h()}]`,
    () => `shardRange{${k()}, ${h()}, ${h()}}`,
    () => `shardRange(${k()}; ${h()}; ${h()})`,
    () => `shardRange(${k()}, ${h()}, ${h()}) ${g.pick(['or', 'OR', '|', '&', 'and', '//', '/ /', '||', '&&'])} shardRange(${k()}, ${h()}, ${h()})`,
    () => g.pick(['.', '..', '.a.', '?', '!', '-', '()', '[,]', '{,}', '{:}', 'a..b', 'a.?.b', '.1', '.(a)', '..a', 'a ? : b', 'a ? b :', '? a : b', '[?]', '{?}', 'a?.b', 'a[?b', 'a{?b:1}', '.a{', '.a.b{c:1}', 'a.b{', 'a{b}', 'a{b:}', 'a{:1}', '-!a', '!-a', '--a', '!!a', '- 1', '-(1)', '-a.b', 'a.-b', 'a-.5', 'a.5', '1.a', '1.5.a', "'s'.f()", '1.f()', 'null.a', 'true[0]', 'in', 'a in', 'in a', 'a in in b']),
    // errors at EOF
    () => Array.from(selector(g)).slice(0, g.int(80)).join(''),
    () => selector(g) + g.pick(['||', '|| ', '||shardRange', '|| shardRange(', '&&', '(', ',', '.', '?', '? a :', '!', '-', '[', '{', '//', "'", '"""', "r'", 'b"']),
    // errors after a lexer error (the lexer's error is reported first only if it comes first)
    () => {
      const s = selector(g);
      const cps = Array.from(s);
      const at = g.int(cps.length + 1);
      cps.splice(at, 0, g.pick(LEX_BREAKERS));
      const later = at + g.int(cps.length - at + 1);
      cps.splice(later, 0, g.pick([')', '(', ',', '||', 'a', '1', ']', '#', "'"]));
      return cps.join('');
    },
    () => `${g.pick(LEX_BREAKERS)}${g.pick(['', ' ', ')', '(', ',', '1 2'])}${g.pick(LEX_BREAKERS)}`,
    // too many errors: ANTLR's recovery gives up after 30 attempts / 256 lookahead tokens
    () => Array.from({ length: g.between(20, 60) }, () => g.pick([')', ',', ']', '}', ':', '?', 'a b', '1 1', '(', '.'])).join(g.pick(['', ' '])),
    () => '(' + Array.from({ length: g.between(200, 320) }, () => g.pick(['a', '1', 'b'])).join(' ') + ')',
  ];
  return g.pick(shapes)();
}

// ---------------------------------------------------------------------------------------
// One parser state, then one token: what ANTLR expects in each state, and how it recovers

/** Texts that leave the parser in one state each (inside a call, after a dot, in a map, ...). */
const CONTEXTS = [
  '', 'a.', '.', 'a.?', 'a.b.', '1.', "'s'.", 'M{', 'M{?', 'M{a', 'M{a:', 'M{a:1,', 'M{a:1', '.M{', 'x.y.z{', 'a.b(', 'a.b(1,', 'a.b(1',
  '[', '[?', '[1,', '[1', '{', '{?', '{a', '{a:', '{a:1,', '(', '(a', 'a[', 'a[?', 'a[1', 'a ?', 'a ? b', 'a ? b :', '!', '-', '!!', '--',
  '!-', '!!-', '-!', '!- ', 'a +', 'a *', 'a <', 'a ==', 'a in', 'a ||', 'a &&', 'f(', 'f(a', 'f(a,', '.f(', 'shardRange', 'shardRange(', 'shardRange(object', 'shardRange(object.',
  'shardRange(object.metadata.', 'shardRange(object.metadata.uid', 'shardRange(object.metadata.uid,', "shardRange(object.metadata.uid, '0x0000000000000000'",
  "shardRange(object.metadata.uid, '0x0000000000000000',", "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000'",
  "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000') ||", "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')",
  'a)', 'a]', 'a}', 'a,', 'a:', '(a)', '[a]', '{a:b}', 'M{a:b}', 'a.b()', 'a[b]', 'a ? b : c',
];
const FOLLOWERS = [
  '', ')', '(', ']', '[', '}', '{', ',', ':', '?', '.', '!', '-', '+', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '&&', '||', 'in',
  'true', 'false', 'null', 'a', 'b', '_', 'shardRange', '1', '1u', '1.5', '.5', '0x1', '1e3', "'s'", '"s"', "'''s\nt'''", '"""\n"""', "r'\\'", "b's'", "B'\\xff'",
  '`a`', '`a-b`', '`a.b c`', '?.', '[?', '.?', '.a', '.1', '//c\n', '\n', '\r\n', '\t', '\f',
];

function adjacent(g: Gen): string {
  const parts = [g.pick(CONTEXTS)];
  const n = g.weighted([[1, 5], [2, 3], [3, 1]] as const);
  for (let i = 0; i < n; i++) parts.push(g.chance(0.85) ? g.pick(FOLLOWERS) : g.chance(0.5) ? g.pick([...RESERVED, ...KEYWORDS]) : g.pick(LEX_BREAKERS));
  let tail = '';
  if (g.chance(0.3)) tail = join(g, celTokens(g, g.between(0, 2)));
  if (g.chance(0.2)) tail += g.pick([')', '))', ']', '}', ' || shardRange(object.metadata.uid, "0x0", "0x1")']);
  return parts.join(g.pick(['', ' ', ' ', '\n'])) + (tail === '' ? '' : g.pick(['', ' ']) + tail);
}

// ---------------------------------------------------------------------------------------
// Message construction, the grammar's rarest rule: names, optional and quoted fields

function message(g: Gen): string {
  const name = g.pick(['M', 'a.M', '.M', '.a.b.M', 'google.protobuf.Value', 'x.y', 'namespace', 'in', 'a.namespace', 'shardRange']);
  const fields: string[] = [];
  const n = g.int(5);
  for (let i = 0; i < n; i++) {
    const field = g.weighted<() => string>([
      [() => g.pick(IDENTS), 6],
      [() => g.pick(RESERVED), 1],
      [() => g.pick(KEYWORDS), 1],
      [() => g.pick(['`a`', '`a.b`', '`a-b`', '`a/b c`', '`é`', '``']), 2],
      [() => literal(g), 1],
    ])();
    fields.push(`${g.chance(0.15) ? '?' : ''}${field}${g.pick([':', ': ', ' : '])}${join(g, celTokens(g, g.between(0, 2)))}`);
  }
  let s = `${name}{${fields.join(g.pick([',', ', ', ',\n']))}${n > 0 && g.chance(0.15) ? ',' : ''}}`;
  if (g.chance(0.3)) s = mutateChars(g, s);
  return g.weighted<() => string>([
    [() => s, 3],
    [() => `${s}.${g.pick(IDENTS)}`, 1],
    [() => `shardRange(object.metadata.uid, '0x0000000000000000', ${s})`, 1],
    [() => `${selector(g)} || ${s}`, 1],
  ])();
}

// ---------------------------------------------------------------------------------------
// Long selectors: many ranges, one of them broken somewhere (far from the start)

function long(g: Gen): string {
  const n = g.weighted<() => number>([
    [() => g.between(10, 60), 5],
    [() => g.between(200, 800), 2],
    [() => g.between(900, 1150), 1],
  ])();
  const ranges: string[] = [];
  const broken = g.chance(0.85) ? g.int(n) : -1;
  for (let i = 0; i < n; i++) {
    const t = rangeTokens(g);
    ranges.push(i === broken ? (g.chance(0.6) ? join(g, mutateTokens(g, t)) : mutateChars(g, join(g, t))) : t.join(''));
  }
  return ranges.join(g.pick([' || ', '||', '\n|| ', ' ||\n']));
}

// ---------------------------------------------------------------------------------------
// Pasted from elsewhere: a query string, YAML, a flag, a shell line

function pasted(g: Gen): string {
  const s = selector(g).trim();
  return g.pick([
    () => encodeURIComponent(s),
    () => `shardSelector=${encodeURIComponent(s)}`,
    () => `shardSelector: ${s}`,
    () => `"${s}"`,
    () => `'${s}'`,
    () => `--shard-selector="${s}"`,
    () => s.replace(/'/g, '’'),
    () => s.replace(/'/g, '"'),
    () => s.replace(/\|\|/g, 'OR'),
    () => s.replace(/\|\|/g, '|'),
    () => s.toUpperCase(),
    () => s.replace(/shardRange/g, 'shard_range'),
    () => `{"shardSelector": ${JSON.stringify(s)}}`,
    () => s + ';',
    () => `\`${s}\``,
  ])();
}

// ---------------------------------------------------------------------------------------

function one(g: Gen, family: Family): string {
  switch (family) {
    case 'selector-mutated':
      return pad(g) + join(g, mutateTokens(g, selectorTokens(g))) + pad(g);
    case 'selector-chars':
      return mutateChars(g, selector(g));
    case 'selector-truncated': {
      const cps = Array.from(selector(g));
      return cps.slice(0, g.int(cps.length)).join('');
    }
    case 'cel':
      return pad(g) + join(g, celTokens(g, g.between(1, 5))) + pad(g);
    case 'cel-mutated':
      return join(g, mutateTokens(g, celTokens(g, g.between(1, 5))));
    case 'literal': {
      const lit = g.chance(0.5) ? stringLiteral(g) : numberLiteral(g);
      return g.weighted<() => string>([
        [() => lit, 3],
        [() => `shardRange(object.metadata.uid, ${lit}, '0x8000000000000000')`, 3],
        [() => `shardRange(object.metadata.uid, '0x0000000000000000', ${lit})`, 2],
        [() => `shardRange(${lit}, '0x0000000000000000', '0x8000000000000000')`, 1],
        [() => `[${lit}, ${literal(g)}]`, 1],
        [() => `${lit} ${g.pick(['+', '==', '||', ',', ''])} ${literal(g)}`, 1],
      ])();
    }
    case 'recovery':
      return recovery(g);
    case 'adjacent':
      return adjacent(g);
    case 'message':
      return message(g);
    case 'unicode':
      return unicodeCase(g);
    case 'nesting':
      return nest(g);
    case 'size':
      return sized(g);
    case 'long':
      return long(g);
    case 'pasted':
      return pasted(g);
  }
}

/** `count` inputs from `seed`, each tagged with its family. */
export function fuzzCases(seed: number, count: number, only?: readonly Family[]): FuzzCase[] {
  const g = new Gen(mulberry32(seed));
  const table = FAMILIES.filter((f) => only === undefined || only.includes(f)).map((f) => [f, WEIGHTS[f]] as const);
  const out: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const family = g.weighted(table);
    out.push({ input: one(g, family), family });
  }
  return out;
}
