/**
 * Generated CEL inputs for the tests that hold the fast parser, our lexer and cel-go's
 * generated parser to one another (`src/core/sharding/cel`): expressions over every rule of
 * the grammar from a fixed seed, and each with one token deleted, doubled, inserted or
 * swapped.
 */
import { mulberry32 as prng } from './mulberry32';

export const LITERALS = ['0', '42', '0x1F', '7u', '0x2Au', '1.5', '2e10', '.5', '1.0e-3', '-3', '-2.5', '"s"', "'t'", '"""x"""', "r'raw'", "b'\\x00'", 'true', 'false', 'null'];
export const IDENTS = ['a', 'b', 'object', 'metadata', 'uid', 'x_1', 'in_', 'has', 'size'];
export const BINARY = ['||', '&&', '<', '<=', '>=', '>', '==', '!=', 'in', '+', '-', '*', '/', '%'];

/** Token lists for one expression of CEL's grammar, `depth` levels deep at most. */
export function expr(rand: () => number, depth: number): string[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const list = (item: () => string[], trailingComma: boolean): string[] => {
    const n = Math.floor(rand() * 3);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(...(i > 0 ? [','] : []), ...item());
    if (trailingComma && n > 0 && rand() < 0.25) out.push(',');
    return out;
  };
  const sub = () => expr(rand, depth - 1);
  // A conditional inside a condition or a middle branch needs parentheses (the grammar's
  // `conditionalOr ? conditionalOr : expr`); a unary operator takes a member, not another unary.
  const tight = () => {
    const e = sub();
    return e.includes(':') || e[0] === '-' || e[0] === '!' ? ['(', ...e, ')'] : e;
  };
  const opt = () => (rand() < 0.15 ? ['?'] : []);
  const ident = () => (rand() < 0.1 ? ['`a-b.c`'] : [pick(IDENTS)]);
  if (depth <= 0) return rand() < 0.5 ? [pick(LITERALS)] : [pick(IDENTS)];
  switch (Math.floor(rand() * 16)) {
    case 0:
      return [...tight(), '?', ...tight(), ':', ...sub()];
    case 1:
    case 2:
      return [...tight(), pick(BINARY), ...tight()];
    case 3: {
      const op = rand() < 0.5 ? '!' : '-';
      return [...(rand() < 0.3 ? [op, op] : [op]), ...tight()];
    }
    case 4:
      return [...tight(), '.', ...opt(), ...ident()];
    case 5:
      return [...tight(), '.', pick(IDENTS), '(', ...list(sub, false), ')'];
    case 6:
      return [...tight(), '[', ...opt(), ...sub(), ']'];
    case 7:
      return [...(rand() < 0.3 ? ['.'] : []), pick(IDENTS), '(', ...list(sub, false), ')'];
    case 8:
      return ['(', ...sub(), ')'];
    case 9:
      return ['[', ...list(() => [...opt(), ...sub()], true), ']'];
    case 10:
      return ['{', ...list(() => [...opt(), ...sub(), ':', ...sub()], true), '}'];
    case 11: {
      const name = [...(rand() < 0.3 ? ['.'] : []), pick(IDENTS), ...(rand() < 0.5 ? ['.', pick(IDENTS)] : [])];
      return [...name, '{', ...list(() => [...opt(), ...ident(), ':', ...sub()], true), '}'];
    }
    case 12:
      return [...(rand() < 0.3 ? ['.'] : []), pick(IDENTS)];
    default:
      return [pick(LITERALS)];
  }
}

const POOL = ['(', ')', '[', ']', '{', '}', ',', ':', '?', '.', '!', '-', ...BINARY, ...LITERALS.slice(0, 6), ...IDENTS.slice(0, 3)];

const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

/** `n` expressions from `seed`, and four broken variants of each. */
export function corpus(seed = 5866, n = 700): { valid: string[]; broken: string[] } {
  const rand = prng(seed);
  const valid: string[] = [];
  const broken: string[] = [];
  for (let k = 0; k < n; k++) {
    const tokens = expr(rand, 1 + Math.floor(rand() * 5));
    valid.push(tokens.join(pick(rand, [' ', '\n', ' \t '])));
    const at = Math.floor(rand() * tokens.length);
    const variants = [
      [...tokens.slice(0, at), ...tokens.slice(at + 1)],
      [...tokens.slice(0, at), tokens[at]!, ...tokens.slice(at)],
      [...tokens.slice(0, at), POOL[Math.floor(rand() * POOL.length)]!, ...tokens.slice(at)],
      at + 1 < tokens.length ? [...tokens.slice(0, at), tokens[at + 1]!, tokens[at]!, ...tokens.slice(at + 2)] : [...tokens, ')'],
    ];
    for (const v of variants) broken.push(v.join(' '));
  }
  return { valid, broken };
}
