import type { RankingEntry } from '@meridian/contract';
import { useTranslation } from 'react-i18next';
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

/** One leader: place, public name, instrument and leverage, the three-week return, and the rest. */
export function RankRow({ entry, onOpen }: { entry: RankingEntry; onOpen(): void }) {
  const { t } = useTranslation();
  const id = `rank-row-${entry.rank}`;
  return (
    <li className="rank-row">
      <button type="button" className="rank-row__button" data-testid={id} onClick={onOpen}>
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
          <span className="rank-row__main-label">{t('documentary.three_week_rate')}</span>
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
      </button>
    </li>
  );
}
