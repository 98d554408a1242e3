import { PERIODS, type Period } from '@meridian/contract';
import { memo } from 'react';
import { useTranslation } from '../../i18n/use-translation';

interface PeriodBarProps {
  value: Period;
  onChange(period: Period): void;
}

/** 1M 5M 15M 30M 1H 1D (spec: trade). Memo: the trade screen re-renders on every quote tick. */
export const PeriodBar = memo(function PeriodBar({ value, onChange }: PeriodBarProps) {
  const { t } = useTranslation();
  return (
    <div className="period-bar" role="tablist">
      {PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          role="tab"
          aria-selected={period === value}
          className={`period-bar__item${period === value ? ' period-bar__item--active' : ''}`}
          data-testid={`period-${period}`}
          onClick={() => onChange(period)}
        >
          {t(`trade.period_${period}`)}
        </button>
      ))}
    </div>
  );
});
