import Button from 'antd-mobile/es/components/button';
import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { formatBalance } from '../../lib/format';
import { isDemoUser, type SessionUser, useSession } from '../../lib/stores/session';
import { displayCreditScore } from './money';

const HIDE_KEY = 'meridian.hide_balance';

/** The hide toggle is remembered: someone who hides the balance in public wants it hidden next time. */
function useHiddenBalance(): [boolean, () => void] {
  const [hidden, setHidden] = useState(() => localStorage.getItem(HIDE_KEY) === '1');
  const toggle = () =>
    setHidden((h) => {
      localStorage.setItem(HIDE_KEY, h ? '0' : '1');
      return !h;
    });
  return [hidden, toggle];
}

/** "+44 7700900123" for phone accounts; the e-mail otherwise. */
export function accountLabel(user: SessionUser): string {
  const email = typeof user.email === 'string' ? user.email : '';
  if (email) return email;
  const mobile = typeof user.mobile === 'string' ? user.mobile : '';
  const code = typeof user.global_code === 'string' ? user.global_code : '';
  return mobile ? `${code ? `+${code} ` : ''}${mobile}` : '';
}

export function AccountCard({ onResetDemo }: { onResetDemo(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const balance = useSession((s) => s.balance);
  const [hidden, toggleHidden] = useHiddenBalance();
  if (!user) return null;
  const demo = isDemoUser(user);

  return (
    <section className="account-card" data-testid="account-card">
      <div className="account-card__who">
        {demo ? (
          <span className="account-card__tag" data-testid="account-label">
            {t('user.mock_account')}
          </span>
        ) : (
          <span className="account-card__name" data-testid="account-label">
            {accountLabel(user)}
          </span>
        )}
        <span className="account-card__uid">
          {t('user.uid')}
          {': '}
          <span data-testid="account-uid">{String(user.uid)}</span>
        </span>
      </div>

      <div className="account-card__balance-label">
        <span>{`${t('user.balance')} (${t('common.usd')})`}</span>
        <button
          type="button"
          className="account-card__eye"
          data-testid="balance-toggle"
          aria-label={hidden ? t('common.show') : t('common.hide')}
          aria-pressed={hidden}
          onClick={toggleHidden}
        >
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <div className="account-card__balance">
        <span data-testid="account-balance">{hidden ? '******' : formatBalance(balance)}</span>
        <span className="account-card__unit">{t('common.usd')}</span>
      </div>
      <div className="account-card__score">
        {t('orders.credit_score')}
        {': '}
        <span data-testid="credit-score">{displayCreditScore(user.credit_score)}</span>
      </div>

      <div className="account-card__actions">
        <Button
          color="primary"
          shape="rounded"
          data-testid="to-charge"
          onClick={() => void navigate('/mine/charge')}
        >
          {t('user.charge')}
        </Button>
        <Button
          shape="rounded"
          className="account-card__ghost"
          data-testid="to-withdraw"
          onClick={() => void navigate('/mine/withdraw')}
        >
          {t('user.withdraw')}
        </Button>
      </div>
      {demo && (
        <Button
          block
          fill="none"
          size="small"
          className="account-card__reset"
          data-testid="reset-demo"
          onClick={onResetDemo}
        >
          {t('user.reset_mock')}
        </Button>
      )}
    </section>
  );
}
