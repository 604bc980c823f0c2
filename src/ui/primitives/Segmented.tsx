import { useId } from 'react';

/** One option of a {@link Segmented} control. */
export interface SegmentedOption<T extends string> {
  readonly value: T;
  readonly label: string;
  /** Greyed out and not selectable (say why in `describedBy`). */
  readonly disabled?: boolean;
  /** Id of an element that explains this option (e.g. why it is disabled). */
  readonly describedBy?: string;
}

/** Props of {@link Segmented}. */
export interface SegmentedProps<T extends string> {
  readonly name: string;
  readonly label: string;
  readonly value: T;
  readonly options: readonly SegmentedOption<T>[];
  readonly onChange: (value: T) => void;
  /** Hide the legend visually (it stays for screen readers). */
  readonly hideLabel?: boolean;
  /** Legend beside the options, smaller options (for panel headers). */
  readonly compact?: boolean;
  /** Options stacked (for long labels in a narrow column). */
  readonly vertical?: boolean;
}

/**
 * A segmented switch built on native radio buttons, so arrow keys, focus and screen readers
 * work without extra code.
 */
export function Segmented<T extends string>({ name, label, value, options, onChange, hideLabel, compact, vertical }: SegmentedProps<T>) {
  const id = useId();
  return (
    <fieldset
      className={`segmented${compact ? ' segmented--compact' : ''}${vertical ? ' segmented--vertical' : ''}`}
      data-testid={`segmented-${name}`}
    >
      <legend className={hideLabel ? 'sr-only' : 'segmented__legend'}>{label}</legend>
      <div className="segmented__options">
        {options.map((o) => (
          <label key={o.value} className={`segmented__option${o.value === value ? ' is-selected' : ''}${o.disabled ? ' is-disabled' : ''}`}>
            <input
              type="radio"
              name={`${name}-${id}`}
              value={o.value}
              checked={o.value === value}
              disabled={o.disabled}
              aria-describedby={o.describedBy}
              data-testid={`${name}-${o.value}`}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
