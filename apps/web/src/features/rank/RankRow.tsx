import type { RankingEntry } from '@meridian/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { PATHS } from '../../lib/paths';
import { formatProfit, formatRate, formatShare, toneOf } from './display';

function Stat({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: string;
  testId: string;
}) {
  return (
    <div className="rank-stat">
      <span className="rank-stat__label">{label}</span>
      <bdi className={`rank-stat__value ${tone ?? ''}`} data-testid={testId}>
        {value}
      </bdi>
    </div>
  );
}

/**
 * A leader with a published strategy is a link to it; one without is plain text (no control that
 * does nothing).
 */
function RowFrame({ entry, id, children }: { entry: RankingEntry; id: string; children: ReactNode }) {
  if (entry.strategy_id === undefined) {
    return (
      <div className="rank-row__button rank-row__button--static" data-testid={id}>
        {children}
      </div>
    );
  }
  return (
    <Link
      to={`${PATHS.followStrategy}?id=${entry.strategy_id}`}
      className="rank-row__button"
      data-testid={id}
    >
      {children}
    </Link>
  );
}

/** One leader: place, public name, instrument and leverage, the three-week return, and the rest. */
export function RankRow({ entry }: { entry: RankingEntry }) {
  const { t } = useTranslation();
  const id = `rank-row-${entry.rank}`;
  return (
    <li className="rank-row">
      <RowFrame entry={entry} id={id}>
        <div className="rank-row__head">
          <span className={`rank-row__place rank-row__place--${Math.min(entry.rank, 4)}`}>{entry.rank}</span>
          <bdi className="rank-row__user" data-testid={`${id}-user`}>
            {entry.user}
          </bdi>
          <span className="rank-row__tags">
            <span className="rank-row__code" data-testid={`${id}-code`}>
              {entry.code}
            </span>
            <bdi className="rank-row__multiple" data-testid={`${id}-multiple`}>
              {t('rank.multiple_value', { value: entry.multiple })}
            </bdi>
          </span>
        </div>
        <div className="rank-row__main">
          <span className="rank-row__main-label">{t('rank.three_week_rate')}</span>
          <bdi className={`rank-row__rate ${toneOf(entry.three_week_rate)}`} data-testid={`${id}-rate`}>
            {formatRate(entry.three_week_rate)}
          </bdi>
        </div>
        <div className="rank-row__stats">
          <Stat
            label={t('documentary.win_rate')}
            value={formatShare(entry.three_week_win)}
            testId={`${id}-win`}
          />
          <Stat
            label={`${t('documentary.three_week_profit')} (${t('common.usd')})`}
            value={formatProfit(entry.three_week_profit)}
            tone={toneOf(entry.three_week_profit)}
            testId={`${id}-profit`}
          />
          <Stat
            label={t('documentary.total_rate')}
            value={formatRate(entry.total_rate)}
            tone={toneOf(entry.total_rate)}
            testId={`${id}-total-rate`}
          />
          <Stat
            label={t('documentary.total_orders')}
            value={String(entry.total_trade_num)}
            testId={`${id}-orders`}
          />
        </div>
      </RowFrame>
    </li>
  );
}
