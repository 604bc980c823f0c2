/** Props of {@link Toggle}. */
export interface ToggleProps {
  readonly name: string;
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  /** Short state words shown beside the switch ("on" / "off"). */
  readonly onText?: string;
  readonly offText?: string;
}

/** An on/off switch: a native checkbox with `role="switch"`, styled as a switch. */
export function Toggle({ name, label, checked, onChange, onText, offText }: ToggleProps) {
  return (
    <label className="toggle">
      <input
        type="checkbox"
        role="switch"
        data-testid={`toggle-${name}`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="toggle__track" aria-hidden="true">
        <span className="toggle__thumb" />
      </span>
      <span className="toggle__label">{label}</span>
      {onText && offText ? (
        <span className="toggle__state" aria-hidden="true">
          {checked ? onText : offText}
        </span>
      ) : null}
    </label>
  );
}
