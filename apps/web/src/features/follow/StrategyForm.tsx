import { STRATEGY_DESC_MAX, STRATEGY_NAME_MAX } from '@meridian/contract';
import type { TKey } from '../../i18n';
import { useTranslation } from '../../i18n/use-translation';
import { SubmitButton, useFormSubmit } from '../../lib/form-kit';
import {
  amountMicros,
  cleanAmountInput,
  cleanFeeInput,
  feeRateValid,
  strategyDescValid,
  strategyNameValid,
} from './amount';
import { Field, TextArea } from './fields';

export interface StrategyFormValues {
  name: string;
  desc: string;
  fee_rate: string;
  min_invest: string;
}

/** The local check of a strategy's fields, in the order they are on screen. */
export function checkStrategyForm(v: StrategyFormValues): TKey | null {
  if (!strategyNameValid(v.name)) return 'follow.name_invalid';
  if (!strategyDescValid(v.desc)) return 'follow.desc_too_long';
  if (!feeRateValid(v.fee_rate)) return 'follow.fee_invalid';
  if (amountMicros(v.min_invest) === null) return 'follow.min_invest_invalid';
  return null;
}

/** Name, description, fee and minimum: publishing a strategy and editing it share this form. */
export function StrategyForm({
  values,
  onChange,
  pending,
  submitLabel,
  onSubmit,
  extraCheck,
  testId,
  feeless = false,
}: {
  values: StrategyFormValues;
  onChange(values: StrategyFormValues): void;
  pending: boolean;
  submitLabel: string;
  onSubmit(): void;
  /** A further check after the fields' own (editing: something must have changed). */
  extraCheck?: () => TKey | null;
  testId: string;
  /** A demo strategy is always free: no fee field (what it holds is never sent as a change). */
  feeless?: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<StrategyFormValues>) => onChange({ ...values, ...patch });
  const submit = useFormSubmit({
    pending,
    check: () => checkStrategyForm(values) ?? extraCheck?.() ?? null,
    send: onSubmit,
  });
  return (
    <form className="form-stack" onSubmit={submit} noValidate data-testid={testId}>
      <Field
        label={t('follow.name_label')}
        testId={`${testId}-name`}
        value={values.name}
        maxLength={STRATEGY_NAME_MAX}
        onChange={(name) => set({ name })}
        hint={t('follow.name_hint')}
      />
      <TextArea
        label={t('follow.desc_label')}
        testId={`${testId}-desc`}
        value={values.desc}
        maxLength={STRATEGY_DESC_MAX}
        onChange={(desc) => set({ desc })}
        hint={t('follow.desc_hint', { left: STRATEGY_DESC_MAX - [...values.desc].length })}
      />
      {!feeless && (
        <Field
          label={t('follow.fee_label')}
          testId={`${testId}-fee`}
          value={values.fee_rate}
          numeric
          unit={t('follow.percent_unit')}
          onChange={(fee) => set({ fee_rate: cleanFeeInput(fee) })}
          hint={t('follow.fee_hint')}
        />
      )}
      <Field
        label={t('follow.min_invest_label')}
        testId={`${testId}-min`}
        value={values.min_invest}
        numeric
        unit={t('common.usd')}
        onChange={(min) => set({ min_invest: cleanAmountInput(min) })}
      />
      <SubmitButton testId={`${testId}-submit`} pending={pending}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
