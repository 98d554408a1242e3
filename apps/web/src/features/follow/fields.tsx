import { useId } from 'react';
import '../../lib/form-kit.css';

interface FieldProps {
  label: string;
  testId: string;
  value: string;
  onChange(value: string): void;
  /** Read with the field by assistive technology (aria-describedby) and shown under it. */
  hint?: string;
  maxLength?: number;
  /** Numbers: a decimal keyboard, laid out left to right in every language. */
  numeric?: boolean;
  unit?: string;
}

/** A labelled native input of the form kit's look, with an optional hint tied to it. */
export function Field({
  label,
  testId,
  value,
  onChange,
  hint,
  maxLength,
  numeric = false,
  unit,
}: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box" dir={numeric ? 'ltr' : undefined}>
        <input
          id={id}
          className="field__input"
          data-testid={testId}
          type="text"
          inputMode={numeric ? 'decimal' : undefined}
          autoComplete="off"
          value={value}
          maxLength={maxLength}
          dir={numeric ? 'ltr' : 'auto'}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {unit ? (
          <span className="follow-field__unit" aria-hidden="true">
            {unit}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p className="follow-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled textarea (a strategy's description), counting what is left. */
export function TextArea({
  label,
  testId,
  value,
  onChange,
  maxLength,
  hint,
}: {
  label: string;
  testId: string;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  hint: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box follow-textarea">
        <textarea
          id={id}
          className="field__input follow-textarea__input"
          data-testid={testId}
          rows={4}
          value={value}
          maxLength={maxLength}
          dir="auto"
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <p className="follow-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}
