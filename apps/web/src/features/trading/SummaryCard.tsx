import type { AccountFigures } from '@meridian/contract';
import { DEFAULT_MARGIN_CALL_PCT, isMarginCall, toMicros } from '@meridian/trading';
import ExclamationCircleFill from 'antd-mobile-icons/es/ExclamationCircleFill';
import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatBalance, formatFixed } from '../../lib/format';
import { Sheet } from '../../lib/sheet';
import { freeMargin, signed, tone } from './display';
import type { OrdersTab } from './queries';
import { type RiskLevels, useRiskLevels } from './risk-levels';

interface SummaryCardProps {
  tab: OrdersTab;
  figures: AccountFigures | undefined;
  /** History only: the realised P&L of the whole history (my_deal's all_fact_profits). */
  realised: string | undefined;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Profit (realised on History), then equity, free margin, balance, margin in use and the risk rate,
 * all money at 2 decimals; the risk rate carries its explanation.
 */
export function SummaryCard({ tab, figures, realised }: SummaryCardProps) {
  const { t } = useTranslation();
  const [explain, setExplain] = useState(false);
  const levels = useRiskLevels();
  const history = tab === 'history';
  const profit = history ? realised : figures?.profit;
  const rate = figures?.risk_rate;
  const rateText = rate ? t('trading.percent', { value: formatFixed(rate, 2) }) : '--';
  return (
    <section className="summary-card" data-testid="summary-card" aria-label={t('trading.summary')}>
      <div className="summary-card__main">
        <span className="summary-card__label">
          {history ? t('orders.realised_profit') : t('orders.total_profit_loss')}
        </span>
        <span className={`summary-card__profit num ${tone(profit)}`} data-testid="summary-profit">
          {signed(profit, 2)}
        </span>
      </div>
      <dl className="summary-card__grid">
        <Figure label={t('orders.equity')} value={formatBalance(figures?.equity)} testId="summary-equity" />
        <Figure label={t('trading.free_margin')} value={freeMargin(figures)} testId="summary-free-margin" />
        <Figure
          label={t('orders.balance')}
          value={formatBalance(figures?.balance)}
          testId="summary-balance"
        />
        <Figure
          label={t('orders.total_margin')}
          value={formatBalance(figures?.margin)}
          testId="summary-margin"
        />
        <div className="summary-card__rate">
          <dt>
            {t('orders.risk_rate')}
            <button
              type="button"
              className="summary-card__info"
              data-testid="risk-rate-info"
              aria-label={t('trading.risk_rate_help')}
              aria-haspopup="dialog"
              onClick={() => setExplain(true)}
            >
              <InformationCircleOutline aria-hidden="true" />
            </button>
          </dt>
          <dd className="num" data-testid="risk-rate">
            {rateText}
          </dd>
        </div>
      </dl>
      <RiskRateSheet visible={explain} onClose={() => setExplain(false)} rate={rateText} levels={levels} />
    </section>
  );
}

/** What the risk rate is, and what happens at the margin-call and stop-out levels of this deployment. */
function RiskRateSheet({
  visible,
  onClose,
  rate,
  levels,
}: {
  visible: boolean;
  onClose(): void;
  rate: string;
  levels: RiskLevels;
}) {
  const { t } = useTranslation();
  return (
    <Sheet visible={visible} onClose={onClose} title={t('orders.risk_rate')} testId="risk-rate-sheet">
      <div className="risk-help">
        <p className="risk-help__now">
          {t('trading.risk_rate_now')} <b className="num">{rate}</b>
        </p>
        <p>{t('trading.risk_rate_formula')}</p>
        <ul className="risk-help__levels">
          <li data-testid="risk-margin-call">
            {t('trading.risk_rate_margin_call', { level: levels.marginCall })}
          </li>
          <li data-testid="risk-stop-out">{t('trading.risk_rate_stop_out', { level: levels.stopOut })}</li>
        </ul>
        <p>{t('trading.risk_rate_none')}</p>
      </div>
    </Sheet>
  );
}

/** True when the risk rate is at or below the margin-call level (compared exactly, in micros). */
export function marginCallDue(
  figures: AccountFigures | undefined,
  level: number = DEFAULT_MARGIN_CALL_PCT,
): boolean {
  if (!figures || figures.risk_rate === null) return false;
  return isMarginCall(
    { equityMicros: toMicros(figures.equity), usedMarginMicros: toMicros(figures.margin) },
    level,
  );
}

export function MarginCallWarning({ figures }: { figures: AccountFigures | undefined }) {
  const { t } = useTranslation();
  const { marginCall } = useRiskLevels();
  if (!figures || !marginCallDue(figures, marginCall)) return null;
  return (
    <div className="margin-call" role="alert" data-testid="margin-call">
      <ExclamationCircleFill className="margin-call__icon" aria-hidden="true" />
      <span>{t('orders.margin_call', { rate: formatFixed(figures.risk_rate, 2) })}</span>
    </div>
  );
}
