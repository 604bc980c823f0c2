import { memo, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { parseNumberDraft, type FieldProblem, type NumberLimits } from '../../state';
import { useFormat, useLocale, useT, type Translate } from '../i18n';

/** Props of {@link NumberField}. */
export interface NumberFieldProps {
  /** Stable name, used in `data-testid="field-<name>"`. */
  readonly name: string;
  readonly label: string;
  /** The value the simulation runs with (the last good one). */
  readonly value: number;
  readonly limits: NumberLimits;
  /** Called with a valid value only. */
  readonly onCommit: (value: number) => void;
  /** Show − and + buttons (for small integer counts such as replicas). */
  readonly stepper?: boolean;
  /** Format of the shown value; defaults to grouped digits. */
  readonly format?: (value: number) => string;
  /** Label beside the box instead of above it (for the header). */
  readonly inline?: boolean;
}

/** A valid draft is applied after this much typing pause (Enter or leaving the box: at once). */
export const IDLE_COMMIT_MS = 800;

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * Grouped digits with as many decimals as the value needs (shortest round trip), in the
 * locale's marks: what the field shows for fractional parameters and in its messages, and
 * what {@link parseNumberDraft} reads back.
 */
export function decimalFormat(locale: string): (n: number) => string {
  let f = decimalFormats.get(locale);
  if (!f) decimalFormats.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 })));
  return (n) => f.format(n);
}

/** At most this many characters of a draft are quoted back in a message. */
const QUOTED_MAX = 24;

/** A draft quoted back in a message: trimmed, cut to {@link QUOTED_MAX} characters. */
function quote(text: string): string {
  return text.trim().length > QUOTED_MAX ? `${text.trim().slice(0, QUOTED_MAX)}…` : text.trim();
}

/**
 * The sentence for a validation problem. `fmt` formats numbers (bounds, readings) grouped in
 * the locale's marks; `text` is the draft, quoted back when it was ambiguous.
 */
export function problemText(t: Translate, problem: FieldProblem, fmt: (n: number) => string, text = ''): string {
  switch (problem.code) {
    case 'required':
      return t('field.required');
    case 'not-a-number':
      return t('field.notANumber');
    case 'not-an-integer':
      return t('field.notAnInteger');
    case 'out-of-range':
      return t('field.outOfRange', { min: fmt(problem.min), max: fmt(problem.max) });
    case 'too-long':
      return t('field.tooLong', { length: fmt(problem.length), max: fmt(problem.max) });
    case 'underflow':
      return t('field.underflow', { text: quote(text) });
    case 'ambiguous': {
      const quoted = quote(text);
      const read = fmt(problem.read);
      if (problem.decimal === null) return t('field.ambiguous', { text: quoted, read });
      return t('field.ambiguousDecimal', { text: quoted, mark: problem.mark, read, decimal: fmt(problem.decimal) });
    }
  }
}

/**
 * A number box that never lets a bad value through: it keeps the typed draft, says what is
 * wrong right under it, and commits only valid values (on Enter, on leaving the box, or with
 * the stepper). Meanwhile the simulation keeps the last good value.
 */
export const NumberField = memo(function NumberField({ name, label, value, limits, onCommit, stepper, format, inline }: NumberFieldProps) {
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  const id = useId();
  const grouped = limits.integer ? f.digits : decimalFormat(locale);
  const show = format ?? grouped;
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? show(value);
  const result = draft === null ? null : parseNumberDraft(draft, limits, locale);
  const problem = result && !result.ok ? result.problem : null;

  // A valid draft is also applied after a pause in typing, so nobody has to know about Enter.
  useEffect(() => {
    if (draft === null) return;
    const r = parseNumberDraft(draft, limits, locale);
    if (!r.ok || r.value === value) return;
    const id = setTimeout(() => onCommit(r.value), IDLE_COMMIT_MS);
    return () => clearTimeout(id);
  }, [draft, limits, value, onCommit, locale]);

  const commit = () => {
    if (!result) return;
    if (result.ok) {
      if (result.value !== value) onCommit(result.value);
      setDraft(null);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
    else if (e.key === 'Escape') setDraft(null);
  };
  const nudge = (delta: number) => {
    const next = Math.min(limits.max, Math.max(limits.min, value + delta));
    setDraft(null);
    if (next !== value) onCommit(next);
  };

  return (
    <div className={`field${problem ? ' field--invalid' : ''}${inline ? ' field--inline' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        {stepper ? (
          <button type="button" className="button button--icon" aria-label={`${label} −1`} disabled={value <= limits.min} onClick={() => nudge(-1)}>
            −
          </button>
        ) : null}
        <input
          id={id}
          className="field__input"
          data-testid={`field-${name}`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        {stepper ? (
          <button type="button" className="button button--icon" aria-label={`${label} +1`} disabled={value >= limits.max} onClick={() => nudge(1)}>
            +
          </button>
        ) : null}
      </div>
      {problem ? (
        <p id={`${id}-error`} className="field__error" data-testid={`field-error-${name}`} role="alert">
          {problemText(t, problem, decimalFormat(locale), draft ?? '')} {t('controls.keptRunning')}
        </p>
      ) : null}
    </div>
  );
});
