import type { AccountFigures } from '@meridian/contract';
import { DEFAULT_MARGIN_CALL_PCT, isMarginCall, toMicros } from '@meridian/trading';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatBalance, formatFee, formatFixed } from '../../lib/format';
import { signed, tone } from './display';
import type { OrdersTab } from './queries';

interface SummaryCardProps {
  tab: OrdersTab;
  figures: AccountFigures | undefined;
  /** History only: the realised P&L of the whole history (my_deal's all_fact_profits). */
  realised: string | undefined;
}

/** Profit, balance, total margin and risk rate; on History the realised profit instead of the profit. */
export function SummaryCard({ tab, figures, realised }: SummaryCardProps) {
  const { t } = useTranslation();
  const history = tab === 'history';
  const profit = history ? realised : figures?.profit;
  const rate = figures?.risk_rate;
  return (
    <section className="summary-card" data-testid="summary-card">
      <div className="summary-card__main">
        <span className="summary-card__label">
          {history ? t('orders.realised_profit') : t('orders.total_profit_loss')}
        </span>
        <span className={`summary-card__profit num ${tone(profit)}`} data-testid="summary-profit">
          {signed(profit, 2)}
        </span>
      </div>
      <dl className="summary-card__grid">
        <div>
          <dt>{t('orders.balance')}</dt>
          <dd className="num" data-testid="summary-balance">
            {formatBalance(figures?.balance)}
          </dd>
        </div>
        <div>
          <dt>{t('orders.total_margin')}</dt>
          <dd className="num" data-testid="summary-margin">
            {formatFee(figures?.margin)}
          </dd>
        </div>
        <div>
          <dt>{t('orders.risk_rate')}</dt>
          <dd className="num" data-testid="risk-rate">
            {rate ? t('trading.percent', { value: formatFixed(rate, 2) }) : '--'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** True when the risk rate is at or below the margin-call level (compared exactly, in micros). */
export function marginCallDue(figures: AccountFigures | undefined): boolean {
  if (!figures || figures.risk_rate === null) return false;
  return isMarginCall(
    { equityMicros: toMicros(figures.equity), usedMarginMicros: toMicros(figures.margin) },
    DEFAULT_MARGIN_CALL_PCT,
  );
}

export function MarginCallWarning({ figures }: { figures: AccountFigures | undefined }) {
  const { t } = useTranslation();
  if (!figures || !marginCallDue(figures)) return null;
  return (
    <div className="margin-call" role="alert" data-testid="margin-call">
      <ExclamationCircleFill className="margin-call__icon" />
      <span>{t('orders.margin_call', { rate: formatFixed(figures.risk_rate, 2) })}</span>
    </div>
  );
}
