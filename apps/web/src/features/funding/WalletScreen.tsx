import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useNavigate } from 'react-router';
import type { TKey } from '../../i18n';
import { useTranslation } from '../../i18n/use-translation';
import { formatBalance } from '../../lib/format';
import { Card, KeyValue } from './parts';
import { accountQuery } from './queries';

const LINKS: ReadonlyArray<{ path: string; label: TKey; testId: string }> = [
  { path: '/mine/coin-address-list', label: 'wallet.coin_addresses', testId: 'wallet-coin' },
  { path: '/mine/bank-card-list', label: 'bank.bank_cards', testId: 'wallet-bank' },
  { path: '/mine/charge-record', label: 'financial.charge_records', testId: 'wallet-charges' },
  { path: '/mine/withdraw-record', label: 'withdraw.records', testId: 'wallet-withdrawals' },
];

/** /mine/wallet: the balance split into free and frozen, and the ways money comes and goes. */
export function WalletScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useQuery(accountQuery());
  return (
    <div className="funding-page" data-testid="page-wallet">
      <Card>
        <KeyValue
          label={t('user.available_balance')}
          value={`${formatBalance(account.data?.balance)} ${t('common.usd')}`}
          testId="wallet-available"
        />
        <KeyValue
          label={t('user.frozen_balance')}
          value={`${formatBalance(account.data?.lock_balance)} ${t('common.usd')}`}
          testId="wallet-frozen"
        />
        <div className="funding-chips">
          <Button color="primary" shape="rounded" size="small" onClick={() => void navigate('/mine/charge')}>
            {t('user.charge')}
          </Button>
          <Button shape="rounded" size="small" onClick={() => void navigate('/mine/withdraw')}>
            {t('user.withdraw')}
          </Button>
        </div>
      </Card>
      <List>
        {LINKS.map((link) => (
          <List.Item key={link.path} data-testid={link.testId} onClick={() => void navigate(link.path)}>
            {t(link.label)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
