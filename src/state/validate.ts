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
  | { readonly code: 'out-of-range'; readonly min: number; readonly max: number };

export type FieldResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly problem: FieldProblem };

export interface NumberLimits {
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
}

// Speakers type "100k" or "1,000,000" on stage; both should just work.
const SEPARATORS = /[\s_,\u00a0\u202f']/g;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a number as people write it: digits with optional `_`, `,` or space grouping, a
 * decimal point, an exponent, or a `k` / `M` suffix. Then checks it against `limits`.
 */
export function parseNumberDraft(text: string, limits: NumberLimits): FieldResult {
  let s = text.replace(SEPARATORS, '');
  if (s === '') return { ok: false, problem: { code: 'required' } };
  let scale = 1;
  const last = s[s.length - 1];
  if (last === 'k' || last === 'K') scale = 1e3;
  else if (last === 'm' || last === 'M') scale = 1e6;
  if (scale !== 1) s = s.slice(0, -1);
  if (!NUMBER.test(s)) return { ok: false, problem: { code: 'not-a-number' } };
  // Multiply after parsing the digits so "1.5k" is exactly 1500, not 1499.9999.
  const value = Math.round(Number(s) * scale * 1e9) / 1e9;
  if (!Number.isFinite(value)) return { ok: false, problem: { code: 'not-a-number' } };
  if (limits.integer && !Number.isInteger(value)) return { ok: false, problem: { code: 'not-an-integer' } };
  if (value < limits.min || value > limits.max) {
    return { ok: false, problem: { code: 'out-of-range', min: limits.min, max: limits.max } };
  }
  return { ok: true, value };
}

/** {@link parseNumberDraft} with the bounds of a named parameter. */
export function validateParam(param: NumericParam, text: string): FieldResult {
  return parseNumberDraft(text, LIMITS[param]);
}
