import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import SwipeAction from 'antd-mobile/es/components/swipe-action';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { showMessage } from '../../lib/toast';
import { confirmDialog } from '../user/confirm';
import { deleteMethod, drawMethodsQuery } from './queries';
import { methodLabel } from './WithdrawScreen';
import './funding.css';

function MethodList({ type }: { type: 1 | 2 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useQuery(drawMethodsQuery(type));
  const remove = (id: number) => {
    confirmDialog(t('wallet.delete_confirm'))
      .then(async (ok) => {
        if (!ok) return;
        await deleteMethod(id);
        showMessage('success', t('wallet.deleted'));
      })
      .catch(() => undefined);
  };
  return (
    <div className="funding-page" data-testid={type === 1 ? 'page-coin-addresses' : 'page-bank-cards'}>
      <List>
        {(methods.data ?? []).map((m) => (
          <SwipeAction
            key={m.id}
            rightActions={[
              { key: 'delete', text: t('common.delete'), color: 'danger', onClick: () => remove(m.id) },
            ]}
          >
            <List.Item
              data-testid={`method-${m.id}`}
              description={
                m.type === 1 ? m.draw_currency.protocol : `${m.bank_swift} ${m.draw_currency.code}`
              }
              extra={
                <button
                  type="button"
                  className="funding-copy"
                  data-testid={`delete-${m.id}`}
                  onClick={() => remove(m.id)}
                >
                  {t('common.delete')}
                </button>
              }
            >
              <span className="funding-record__amount">
                {m.type === 1 ? m.draw_currency.code : m.payee_name}
              </span>
              <div className="funding-address">{methodLabel(m)}</div>
            </List.Item>
          </SwipeAction>
        ))}
      </List>
      {methods.data?.length === 0 ? <div className="funding-empty">{t('common.no_data')}</div> : null}
      <Button
        block
        color="primary"
        shape="rounded"
        data-testid="method-add"
        onClick={() => void navigate(`/mine/withdraw-way?type=${type}`)}
      >
        {type === 1 ? t('wallet.add_coin_address') : t('bank.add_bank_card')}
      </Button>
    </div>
  );
}

/** /mine/coin-address-list */
export function CoinAddressListScreen() {
  return <MethodList type={1} />;
}

/** /mine/bank-card-list */
export function BankCardListScreen() {
  return <MethodList type={2} />;
}
