import { useId } from 'react';

interface ToggleProps {
  /** The visible label, which is also the switch's name. */
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  testId?: string;
}

/**
 * An on/off switch built on a native checkbox: named by its visible label, reachable and toggled with
 * the keyboard (antd-mobile's Switch is a div named "Switch" that the keyboard cannot reach).
 */
export function Toggle({ label, description, checked, disabled, onChange, testId }: ToggleProps) {
  const id = useId();
  return (
    <div className="toggle">
      <span className="toggle__text">
        <label className="toggle__label" htmlFor={id}>
          {label}
        </label>
        {description && (
          <span className="toggle__description" id={`${id}-description`}>
            {description}
          </span>
        )}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="toggle__input"
        data-testid={testId}
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}
