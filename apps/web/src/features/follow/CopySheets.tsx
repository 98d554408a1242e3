import type { CopyDetail, CopySummary } from '@meridian/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { type FormCheck, SubmitButton, useFormSubmit } from '../../lib/form-kit';
import { Sheet } from '../../lib/sheet';
import { useSession } from '../../lib/stores/session';
import { showMessage } from '../../lib/toast';
import { amountMicros, cleanAmountInput, moneyMicros } from './amount';
import { money } from './display';
import { Field } from './fields';
import { useCopyFunds, useUncopy } from './mutations';
import { Chip, ChipGroup } from './parts';

export type FundsDirection = 'add' | 'withdraw';

/**
 * One sheet for both ways: adding moves money from the free balance into the copy, withdrawing takes
 * at most what the server says is withdrawable (the copy's free balance less its open loss, keeping
 * the strategy's minimum and its equity above the stop-loss); the server gets a signed amount.
 */
export function FundsSheet({
  copy,
  userId,
  direction: initial,
  onClose,
}: {
  copy: CopyDetail;
  userId: number;
  /** The way the sheet opens in; null: closed. */
  direction: FundsDirection | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const balance = useSession((s) => s.balance);
  const [chosen, setChosen] = useState<FundsDirection | null>(null);
  const [amount, setAmount] = useState('');
  const funds = useCopyFunds(userId);
  const direction = chosen ?? initial ?? 'add';

  const close = () => {
    setChosen(null);
    setAmount('');
    onClose();
  };

  const check: FormCheck = () => {
    const micros = amountMicros(amount);
    if (micros === null) return 'follow.amount_invalid';
    const free = moneyMicros(copy.withdrawable);
    if (direction === 'withdraw' && free !== null && micros > free) return 'follow.withdraw_too_large';
    return null;
  };

  const submit = useFormSubmit({
    pending: funds.isPending,
    check,
    send: () => {
      const typed = amount.trim();
      funds.mutate(
        { copy_id: copy.copy_id, amount: direction === 'add' ? typed : `-${typed}` },
        {
          onSuccess: () => {
            showMessage(
              'success',
              direction === 'add'
                ? t('follow.funds_added', { amount: money(typed) })
                : t('follow.funds_withdrawn', { amount: money(typed) }),
            );
            close();
          },
        },
      );
    },
  });

  const heading = direction === 'add' ? t('follow.add_funds') : t('follow.withdraw_funds');
  const hint =
    direction === 'add'
      ? [
          t('follow.funds_add_hint'),
          balance !== null ? t('follow.available', { amount: money(String(balance)) }) : '',
        ]
          .filter(Boolean)
          .join(' ')
      : t('follow.funds_withdraw_hint', { free: money(copy.withdrawable) });

  return (
    <Sheet
      visible={initial !== null}
      onClose={close}
      title={heading}
      testId="funds-sheet"
      bodyClassName="follow-sheet"
    >
      <form className="form-stack follow-sheet__form" onSubmit={submit} noValidate>
        <ChipGroup label={t('follow.funds_direction')}>
          {(['add', 'withdraw'] as const).map((way) => (
            <Chip
              key={way}
              selected={direction === way}
              onSelect={() => setChosen(way)}
              testId={`funds-${way}`}
            >
              {way === 'add' ? t('follow.add_funds') : t('follow.withdraw_funds')}
            </Chip>
          ))}
        </ChipGroup>
        <Field
          label={t('follow.funds_amount')}
          testId="funds-amount"
          value={amount}
          onChange={(v) => setAmount(cleanAmountInput(v))}
          numeric
          unit={t('common.usd')}
          hint={hint}
        />
        <SubmitButton testId="funds-confirm" pending={funds.isPending}>
          {heading}
        </SubmitButton>
      </form>
    </Sheet>
  );
}

/** "Stop copying?" with what it does, before it is done: positions close at market, the fee settles. */
export function StopSheet({
  copy,
  userId,
  visible,
  onClose,
  onStopped,
}: {
  copy: CopyDetail;
  userId: number;
  visible: boolean;
  onClose(): void;
  onStopped(result: CopySummary): void;
}) {
  const { t } = useTranslation();
  const uncopy = useUncopy(userId);
  const stop = () => {
    if (uncopy.isPending) return;
    uncopy.mutate({ copy_id: copy.copy_id }, { onSuccess: onStopped });
  };
  return (
    <Sheet
      visible={visible}
      onClose={onClose}
      title={t('follow.stop_confirm_title', { name: copy.strategy_name })}
      testId="stop-sheet"
      bodyClassName="follow-sheet"
    >
      <div className="follow-sheet__form">
        <p className="follow-sheet__text">{t('follow.stop_confirm_body')}</p>
        {copy.is_demo !== 1 && (
          <p className="follow-fee">{t('follow.stop_fee_note', { rate: copy.fee_rate })}</p>
        )}
        <div className="follow-sheet__buttons">
          <Button block shape="rounded" size="large" data-testid="stop-cancel" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="danger"
            shape="rounded"
            size="large"
            loading={uncopy.isPending}
            data-testid="stop-confirm"
            onClick={stop}
          >
            {t('follow.stop_copying')}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
