import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../../lib/form-kit';
import { useGoBack } from '../../lib/go-back';
import { showMessage } from '../../lib/toast';
import { StepUpField, useStepUp } from '../user/step-up';
import { useBindMethod } from './mutations';
import { Card, Chip, currencyLabel } from './parts';
import { drawCurrenciesQuery } from './queries';

const EMPTY_BANK = { bank_name: '', bank_address: '', bank_swift: '', payee_name: '', payee_account: '' };
type BankFields = typeof EMPTY_BANK;

/** /mine/withdraw-way?type=1 (coin address) or 2 (bank account): the server validates the details. */
export function WithdrawWayScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const type = params.get('type') === '2' ? 2 : 1;
  const currencies = useQuery(drawCurrenciesQuery(type));
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [address, setAddress] = useState('');
  const [bank, setBank] = useState<BankFields>(EMPTY_BANK);
  const [proof, setProof] = useState('');
  const stepUp = useStepUp();
  const bind = useBindMethod();
  const currency = currencies.data?.find((c) => c.id === currencyId) ?? currencies.data?.[0];

  const field = (key: keyof BankFields, label: string) => (
    <TextField
      key={key}
      label={label}
      testId={`way-${key}`}
      value={bank[key]}
      onChange={(v) => setBank((b) => ({ ...b, [key]: v }))}
      maxLength={key === 'bank_address' ? 200 : 120}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (bind.isPending || !currency) return;
    const missing =
      type === 1
        ? !address.trim()
        : !bank.bank_name.trim() || !bank.payee_name.trim() || !bank.payee_account.trim();
    if (missing) {
      showMessage('error', t('messages.input_full'));
      return;
    }
    const proofProblem = stepUp.check(proof);
    if (proofProblem) {
      showMessage('error', t(proofProblem));
      return;
    }
    bind.mutate(
      {
        type,
        draw_id: currency.id,
        ...(type === 1 ? { dc_address: address.trim() } : bank),
        ...stepUp.payload(proof),
      },
      {
        onSuccess: () => {
          showMessage('success', t('wallet.bound'));
          goBack();
        },
        // The API client has shown the server's refusal.
        onError: () => undefined,
      },
    );
  };

  return (
    <form className="funding-page" data-testid="page-withdraw-way" onSubmit={submit} noValidate>
      <Card title={t('withdraw.currency')}>
        <div className="funding-chips">
          {(currencies.data ?? []).map((c) => (
            <Chip
              key={c.id}
              selected={c.id === currency?.id}
              testId={`way-currency-${c.code}-${c.protocol || 'bank'}`}
              onSelect={() => setCurrencyId(c.id)}
            >
              {currencyLabel(c)}
            </Chip>
          ))}
        </div>
      </Card>
      <Card>
        {type === 1 ? (
          <TextField
            label={`${t('wallet.address')} (${currency?.protocol ?? ''})`}
            testId="way-address"
            value={address}
            onChange={setAddress}
            maxLength={120}
            ltr
          />
        ) : (
          <>
            {field('payee_name', t('bank.payee'))}
            {field('payee_account', t('bank.beneficiary_account'))}
            {field('bank_name', t('bank.bank_name'))}
            {field('bank_swift', t('bank.swift'))}
            {field('bank_address', t('bank.bank_address'))}
          </>
        )}
        <StepUpField mode={stepUp.mode} testId="way-proof" value={proof} onChange={setProof} />
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={bind.isPending}
          data-testid="way-submit"
        >
          {t('common.save')}
        </Button>
      </Card>
    </form>
  );
}
