/**
 * Validation of what people type into numeric controls. A control keeps its own draft text;
 * only a value that passes here reaches the store, so a bad number never stops the run.
 */
import { LIMITS, type NumericParam } from './params';

/** Why a draft was refused; the UI turns the code into a sentence from its catalogue. */
export type FieldProblem =
  | { readonly code: 'required' }
  | { readonly code: 'not-a-number' }
  | { readonly code: 'not-an-integer' }
  | { readonly code: 'out-of-range'; readonly min: number; readonly max: number }
  /**
   * A separator that does not fit the locale's rules (`1,5` in English, `0.5` in French):
   * `read` is the value with `mark` taken as digit grouping, `decimal` the value with it
   * taken as the decimal mark (null when that reading is impossible, e.g. `1,50,000`).
   */
  | { readonly code: 'ambiguous'; readonly mark: string; readonly read: number; readonly decimal: number | null }
  /** Longer than {@link MAX_DRAFT_LENGTH} characters (a paste): refused before it is read. */
  | { readonly code: 'too-long'; readonly length: number; readonly max: number }
  /** Non-zero digits that a double cannot tell from 0 (`1e-400`): refused, never run as 0. */
  | { readonly code: 'underflow' };

export type FieldResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly problem: FieldProblem };

/**
 * The longest draft read as a number: `1,000,000,000.000001e-10` is 24
 * characters. A longer one is refused before parsing, so no unbounded string reaches `BigInt`
 * or `Intl` (a million pasted digits throw inside ICU and blank the page).
 */
export const MAX_DRAFT_LENGTH = 64;

export interface NumberLimits {
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
}

/** The marks a locale writes numbers with, from `Intl.NumberFormat`. */
interface NumberMarks {
  /** Digit grouping mark of the locale (`,` in English, `.` in German, U+202F in French). */
  readonly group: string;
  /** Decimal mark of the locale. */
  readonly decimal: string;
  /** `,` or `.` when it is neither of the above: a reader could mean either. */
  readonly foreign: string | null;
  /** Formats whole numbers with the locale's grouping (Indian lakh/crore groups differ). */
  readonly format: Intl.NumberFormat;
}

const marksCache = new Map<string, NumberMarks>();

function marksOf(locale: string): NumberMarks {
  const hit = marksCache.get(locale);
  if (hit) return hit;
  const format = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const foreign = [',', '.'].find((m) => m !== group && m !== decimal) ?? null;
  const marks = { group, decimal, foreign, format };
  marksCache.set(locale, marks);
  return marks;
}

// Grouping that cannot be mistaken for a decimal mark in any locale ("100 000", "100_000",
// Swiss "100'000"); the locale's own grouping mark is added per locale.
const NEUTRAL_GROUPS = [' ', '\u00a0', '\u202f', '_', "'", '\u2019'];
const DIGITS = /^\d*$/;
const EXPONENT = /e([+-]?\d+)$/i;
const INFINITY = /^(infinity|inf|∞)$/i;

/**
 * Whether digit groups are where the locale (or the common groups of three) put them:
 * `1,000,000`, `100 000`, Indian `1,00,000`; not `1,5` or `10,00`.
 */
function wellGrouped(groups: readonly string[], marks: NumberMarks): boolean {
  if (groups.length === 1) return true;
  if (groups.some((g) => g === '')) return false;
  const threes = groups[0]!.length <= 3 && groups.slice(1).every((g) => g.length === 3);
  if (threes) return true;
  // Never more digits than a draft holds to BigInt and Intl (they are bounded by the draft's length).
  if (groups.reduce((n, g) => n + g.length, 0) > MAX_DRAFT_LENGTH) return false;
  // The locale's own pattern: format the digits and compare group lengths.
  const formatted = marks.format.format(BigInt(groups.join(''))).split(marks.group);
  return formatted.length === groups.length && formatted.every((g, i) => g.length === groups[i]!.length);
}

/**
 * Reads a number as people write it in `locale` (default English): digits grouped by the
 * locale's mark or by spaces, `_` or `'`, the locale's decimal mark, an exponent, or a `k` /
 * `M` suffix, and `Infinity`. A separator that the locale does not use that way is refused
 * as ambiguous with both readings, never guessed. Then checks the value against `limits`.
 * The value is exact: no rounding turns 1e-10 into 0 or 1e300 into "not a number".
 */
export function parseNumberDraft(text: string, limits: NumberLimits, locale = 'en'): FieldResult {
  if (text.length > MAX_DRAFT_LENGTH) return { ok: false, problem: { code: 'too-long', length: text.length, max: MAX_DRAFT_LENGTH } };
  const marks = marksOf(locale);
  let s = text.trim();
  if (s === '') return { ok: false, problem: { code: 'required' } };
  let negative = false;
  if (s[0] === '+' || s[0] === '-' || s[0] === '\u2212') {
    negative = s[0] !== '+';
    s = s.slice(1);
  }
  const outOfRange: FieldResult = { ok: false, problem: { code: 'out-of-range', min: limits.min, max: limits.max } };
  if (INFINITY.test(s)) return outOfRange;
  // A k or M suffix shifts the exponent, so "1.1k" is exactly 1100.
  let shift = 0;
  const last = s[s.length - 1];
  if (last === 'k' || last === 'K') shift = 3;
  else if (last === 'm' || last === 'M') shift = 6;
  if (shift !== 0) s = s.slice(0, -1);
  const exp = EXPONENT.exec(s);
  if (exp) s = s.slice(0, exp.index);
  const exponent = (exp ? Number(exp[1]) : 0) + shift;

  // Split at the decimal mark; the fraction is plain digits.
  const pieces = s.split(marks.decimal);
  if (pieces.length > 2) return { ok: false, problem: { code: 'not-a-number' } };
  const intText = pieces[0]!;
  const fraction = pieces[1] ?? '';
  if (!DIGITS.test(fraction)) return { ok: false, problem: { code: 'not-a-number' } };
  const groupMarks = [marks.group, ...NEUTRAL_GROUPS];
  if (marks.foreign !== null) groupMarks.push(marks.foreign);
  const groups: string[] = [];
  const used: string[] = [];
  let current = '';
  for (const ch of intText) {
    if (ch >= '0' && ch <= '9') current += ch;
    else if (groupMarks.includes(ch)) {
      groups.push(current);
      used.push(ch);
      current = '';
    } else return { ok: false, problem: { code: 'not-a-number' } };
  }
  groups.push(current);
  const intDigits = groups.join('');
  if (intDigits === '' && fraction === '') return { ok: false, problem: { code: 'not-a-number' } };

  const valueOf = (whole: string, frac: string): number => Number(`${negative ? '-' : ''}${whole || '0'}.${frac || '0'}e${exponent}`);
  const foreignUsed = marks.foreign !== null && used.includes(marks.foreign);
  if (foreignUsed || !wellGrouped(groups, marks)) {
    // Report the first mark that does not fit; offer the decimal reading when it is one
    // mark that some locale writes as a decimal point, with no decimal part already.
    const mark = foreignUsed ? marks.foreign! : used[groups.findIndex((g, i) => i > 0 && g.length !== 3) - 1] ?? used[0]!;
    const decimalReading = used.length === 1 && (mark === ',' || mark === '.') && pieces.length === 1;
    // A reading the field would refuse (too large, even ∞) is no reading to
    // offer: "Type ∞ if you meant that", then ∞ refused.
    const read = valueOf(intDigits, fraction);
    if (!(read >= limits.min && read <= limits.max)) return outOfRange;
    return {
      ok: false,
      problem: {
        code: 'ambiguous',
        mark,
        read,
        decimal: decimalReading ? valueOf(groups[0]!, groups[1]!) : null,
      },
    };
  }

  const value = valueOf(intDigits, fraction);
  if (!Number.isFinite(value)) return outOfRange;
  if (limits.integer) {
    // Whole exactly when no non-zero digit sits right of the point once the exponent is applied.
    const digits = intDigits + fraction;
    const point = intDigits.length + exponent;
    if (/[1-9]/.test(digits.slice(Math.max(0, point)))) return { ok: false, problem: { code: 'not-an-integer' } };
  }
  // `1e-400` is not 0, though a double holds it as 0.
  if (value === 0 && /[1-9]/.test(intDigits + fraction)) return { ok: false, problem: { code: 'underflow' } };
  if (value < limits.min || value > limits.max) return outOfRange;
  return { ok: true, value: value === 0 ? 0 : value };
}

/** {@link parseNumberDraft} with the bounds of a named parameter. */
export function validateParam(param: NumericParam, text: string): FieldResult {
  return parseNumberDraft(text, LIMITS[param]);
}
