import { useId } from 'react';
import type { LevelField } from './order-form';

interface LevelInputProps {
  /** `tp` or `sl`: names the test ids (`tp-enable`, `tp-input`). */
  kind: 'tp' | 'sl';
  label: string;
  field: LevelField;
  onToggle(enabled: boolean): void;
  onChange(value: string): void;
  disabled?: boolean;
}

/** A take-profit or stop-loss level behind its checkbox; the input is only editable while ticked. */
export function LevelInput({ kind, label, field, onToggle, onChange, disabled }: LevelInputProps) {
  const id = useId();
  return (
    <div className={`level-input level-input--${kind}`}>
      <label className="level-input__check" htmlFor={`${id}-check`}>
        <input
          id={`${id}-check`}
          name={`${kind}_enabled`}
          type="checkbox"
          data-testid={`${kind}-enable`}
          checked={field.enabled}
          disabled={disabled}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      <input
        className="trading-input num"
        name={kind === 'tp' ? 'target_profit_price' : 'stop_loss_price'}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        data-testid={`${kind}-input`}
        aria-label={label}
        value={field.enabled ? field.value : ''}
        disabled={disabled || !field.enabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
