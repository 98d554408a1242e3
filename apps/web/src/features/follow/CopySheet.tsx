import type { CopySummary, StrategyDetail } from '@meridian/contract';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { type FormCheck, SubmitButton, useFormSubmit } from '../../lib/form-kit';
import { Sheet } from '../../lib/sheet';
import { useSession } from '../../lib/stores/session';
import { amountMicros, cleanAmountInput, moneyMicros } from './amount';
import { money } from './display';
import { Field } from './fields';
import { useCopy } from './mutations';

/** What the trader pays, said before they confirm: the rate, on what, and when; or that a demo costs nothing. */
export function FeeNotice({
  strategy,
  testId,
}: {
  strategy: Pick<StrategyDetail, 'is_demo' | 'fee_rate'>;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <p className="follow-fee" data-testid={testId}>
      {strategy.is_demo === 1 ? t('follow.fee_demo') : t('follow.fee_notice', { rate: strategy.fee_rate })}
    </p>
  );
}

/** The copy form: the amount (at least the minimum), an optional equity stop-loss, and the fee. */
export function CopySheet({
  strategy,
  userId,
  visible,
  onClose,
  onCopied,
}: {
  strategy: StrategyDetail;
  userId: number;
  visible: boolean;
  onClose(): void;
  onCopied(copy: CopySummary): void;
}) {
  const { t } = useTranslation();
  const balance = useSession((s) => s.balance);
  const [amount, setAmount] = useState('');
  const [stop, setStop] = useState('');
  const copy = useCopy(userId);

  const check: FormCheck = () => {
    const micros = amountMicros(amount);
    if (micros === null) return 'follow.amount_invalid';
    const min = moneyMicros(strategy.min_invest);
    if (min !== null && micros < min) return 'follow.amount_below_min';
    if (stop.trim() !== '') {
      const stopMicros = amountMicros(stop);
      if (stopMicros === null || stopMicros >= micros) return 'follow.stop_invalid';
    }
    return null;
  };

  const submit = useFormSubmit({
    pending: copy.isPending,
    check,
    send: () =>
      copy.mutate(
        {
          strategy_id: strategy.id,
          amount: amount.trim(),
          ...(stop.trim() ? { equity_stop_loss: stop.trim() } : {}),
        },
        { onSuccess: onCopied },
      ),
  });

  return (
    <Sheet
      visible={visible}
      onClose={onClose}
      title={t('follow.copy_sheet_title', { name: strategy.name })}
      testId="copy-sheet"
      bodyClassName="follow-sheet"
    >
      <form className="form-stack follow-sheet__form" onSubmit={submit} noValidate>
        <Field
          label={t('follow.amount_label')}
          testId="copy-amount"
          value={amount}
          onChange={(v) => setAmount(cleanAmountInput(v))}
          numeric
          unit={t('common.usd')}
          hint={[
            t('follow.amount_hint', { min: money(strategy.min_invest) }),
            balance !== null ? t('follow.available', { amount: money(String(balance)) }) : '',
          ]
            .filter(Boolean)
            .join(' ')}
        />
        <Field
          label={t('follow.stop_label')}
          testId="copy-stop"
          value={stop}
          onChange={(v) => setStop(cleanAmountInput(v))}
          numeric
          unit={t('common.usd')}
          hint={t('follow.stop_hint')}
        />
        <FeeNotice strategy={strategy} testId="copy-fee" />
        <SubmitButton testId="copy-confirm" pending={copy.isPending}>
          {t('follow.confirm_copy')}
        </SubmitButton>
      </form>
    </Sheet>
  );
}
