import type { DrawMethod } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, Tabs } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showMessage } from '../../app/toast';
import { i18n } from '../../i18n';
import { formatBalance } from '../../lib/format';
import { TextField } from '../auth/form-kit';
import { amountMicros, cleanAmountInput, withdrawEstimate } from './amount';
import { Card, Chip, currencyLabel, KeyValue, TabTitle } from './parts';
import { accountQuery, drawCurrenciesQuery, drawMethodsQuery, requestWithdrawal } from './queries';

/** The wallet-not-bound dialog (spec section 5): offers to bind a method of the chosen type. */
function offerToBind(type: number, go: (path: string) => void): void {
  Dialog.confirm({
    content: <div className="dialog-text">{i18n.t('messages.wallet_not_bound')}</div>,
    confirmText: <span className="dialog-confirm">{i18n.t('messages.bind_now')}</span>,
    cancelText: <span className="dialog-cancel">{i18n.t('common.cancel')}</span>,
    onConfirm: () => go(`/mine/withdraw-way?type=${type}`),
  }).catch(() => undefined);
}

export function methodLabel(m: DrawMethod): string {
  return m.type === 1 ? m.dc_address : `${m.bank_name} ${m.payee_account}`;
}

/** /mine/withdraw: the amount leaves the free balance at once and stays frozen until paid or refused. */
export function WithdrawScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<1 | 2>(1);
  const currencies = useQuery(drawCurrenciesQuery(type));
  const methods = useQuery(drawMethodsQuery(type));
  const account = useQuery(accountQuery());
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [methodId, setMethodId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);

  const currency = currencies.data?.find((c) => c.id === currencyId) ?? currencies.data?.[0];
  const choices = (methods.data ?? []).filter((m) => m.draw_id === currency?.id);
  const method = choices.find((m) => m.id === methodId);
  const estimate = withdrawEstimate(currency, amount);
  const go = (path: string) => void navigate(path);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !currency) return;
    if (!method) {
      if ((methods.data ?? []).length === 0) offerToBind(type, go);
      else showMessage('error', t('messages.choose_withdraw_address'));
      return;
    }
    if (amountMicros(amount) === null) {
      showMessage('error', t('messages.enter_coin_amount'));
      return;
    }
    setBusy(true);
    requestWithdrawal({ currencyId: currency.id, methodId: method.id, number: amount.trim() })
      .then(() => {
        showMessage('success', t('withdraw.submitted'));
        setAmount('');
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  // Built outside the title props: the raw-text scanner reads every literal inside those.
  const withdrawTabCoin = <TabTitle testId="withdraw-tab-coin" text={t('financial.coin')} />;
  const withdrawTabBank = <TabTitle testId="withdraw-tab-bank" text={t('financial.wire')} />;
  return (
    <form className="funding-page" data-testid="page-withdraw" onSubmit={submit} noValidate>
      <Tabs
        activeKey={String(type)}
        onChange={(key) => {
          setType(key === '2' ? 2 : 1);
          setCurrencyId(null);
          setMethodId(null);
        }}
      >
        <Tabs.Tab key="1" title={withdrawTabCoin} />
        <Tabs.Tab key="2" title={withdrawTabBank} />
      </Tabs>

      <Card testId="withdraw-balances">
        <KeyValue
          label={t('withdraw.available')}
          value={`${formatBalance(account.data?.balance)} ${t('common.usd')}`}
          testId="withdraw-available"
        />
        <KeyValue
          label={t('user.frozen_balance')}
          value={`${formatBalance(account.data?.lock_balance)} ${t('common.usd')}`}
          testId="withdraw-frozen"
        />
      </Card>

      <Card title={t('withdraw.currency')}>
        <div className="funding-chips">
          {(currencies.data ?? []).map((c) => (
            <Chip
              key={c.id}
              selected={c.id === currency?.id}
              testId={`withdraw-currency-${c.code}-${c.protocol || 'bank'}`}
              onSelect={() => {
                setCurrencyId(c.id);
                setMethodId(null);
              }}
            >
              {currencyLabel(c)}
            </Chip>
          ))}
        </div>
      </Card>

      <Card title={t('withdraw.address')} testId="withdraw-methods">
        {choices.map((m) => (
          <button
            key={m.id}
            type="button"
            className="funding-bank"
            aria-pressed={m.id === method?.id}
            data-testid={`withdraw-method-${m.id}`}
            onClick={() => setMethodId(m.id)}
          >
            <span className="funding-address">{methodLabel(m)}</span>
          </button>
        ))}
        {choices.length === 0 ? (
          <div className="funding-empty">{t('messages.choose_withdraw_address')}</div>
        ) : null}
        <button
          type="button"
          className="funding-copy"
          data-testid="withdraw-bind"
          onClick={() => go(`/mine/withdraw-way?type=${type}`)}
        >
          {type === 1 ? t('withdraw.bind_coin') : t('withdraw.bind_bank')}
        </button>
      </Card>

      <Card>
        <TextField
          label={`${t('withdraw.amount')} (${t('common.usd')})`}
          testId="withdraw-amount"
          inputMode="decimal"
          value={amount}
          onChange={(v) => setAmount(cleanAmountInput(v))}
          placeholder={t('messages.enter_coin_amount')}
          ltr
          end={
            <button
              type="button"
              className="funding-copy"
              data-testid="withdraw-all"
              onClick={() => setAmount(cleanAmountInput(account.data?.balance ?? ''))}
            >
              {t('withdraw.all')}
            </button>
          }
        />
        <div className="funding-estimate">
          <KeyValue
            label={t('withdraw.fee')}
            value={`${estimate?.fee ?? '--'} ${t('common.usd')}`}
            testId="withdraw-fee"
          />
          <KeyValue
            label={t('withdraw.receive')}
            value={`${estimate?.receive ?? '--'} ${currency?.code ?? ''}`}
            testId="withdraw-receive"
          />
        </div>
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={busy}
          data-testid="withdraw-submit"
        >
          {t('common.submit')}
        </Button>
      </Card>
      <button
        type="button"
        className="funding-link"
        data-testid="to-withdraw-records"
        onClick={() => go('/mine/withdraw-record')}
      >
        {t('withdraw.records')}
      </button>
    </form>
  );
}
