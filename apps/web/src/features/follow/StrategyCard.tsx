import type { StrategySummary } from '@meridian/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { money, percent, signedPercent, toneOf } from './display';
import { strategyPath } from './links';
import { Avatar, RiskBadge, Stat, StatGrid, StrategyTags } from './parts';

/**
 * One strategy of the list. The name is the card's link (its accessible name stays short) and the
 * link's ::after covers the card, so a tap anywhere opens the strategy; the figures are plain text.
 */
export function StrategyCard({ strategy: s }: { strategy: StrategySummary }) {
  const { t } = useTranslation();
  const id = `strategy-card-${s.id}`;
  return (
    <li className="strategy-card" data-testid={id}>
      <div className="strategy-card__head">
        <Avatar id={s.id} name={s.name} src={s.avatar} />
        <div className="strategy-card__who">
          <h2 className="strategy-card__name">
            <Link to={strategyPath(s.id)} className="strategy-card__link" data-testid={`${id}-link`}>
              <bdi>{s.name}</bdi>
            </Link>
          </h2>
          <span className="strategy-card__provider">{t('follow.by_provider', { name: s.provider })}</span>
        </div>
        <StrategyTags isDemo={s.is_demo === 1} isSample={s.is_sample === 1} />
      </div>
      <div className="strategy-card__main">
        <span className="strategy-card__main-label">{t('follow.roi')}</span>
        <bdi className={`strategy-card__roi num ${toneOf(s.roi)}`} data-testid={`${id}-roi`}>
          {signedPercent(s.roi)}
        </bdi>
        <RiskBadge score={s.risk_score} testId={`${id}-risk`} />
      </div>
      <StatGrid>
        <Stat
          label={t('documentary.three_week_rate')}
          value={signedPercent(s.three_week_rate)}
          tone={toneOf(s.three_week_rate)}
          testId={`${id}-three-week`}
        />
        <Stat label={t('documentary.win_rate')} value={percent(s.win_rate)} testId={`${id}-win`} />
        <Stat label={t('follow.max_drawdown')} value={percent(s.max_drawdown)} testId={`${id}-drawdown`} />
        <Stat label={t('follow.followers')} value={String(s.followers)} testId={`${id}-followers`} />
        <Stat label={t('documentary.total_orders')} value={String(s.total_orders)} testId={`${id}-orders`} />
        <Stat
          label={t('documentary.multiple')}
          value={t('rank.multiple_value', { value: s.multiple })}
          testId={`${id}-multiple`}
        />
        <Stat label={t('follow.variety')} value={String(s.variety)} testId={`${id}-variety`} />
        <Stat
          label={t('follow.fee_rate')}
          value={s.is_demo === 1 ? t('follow.no_fee') : percent(s.fee_rate)}
          text={s.is_demo === 1}
          testId={`${id}-fee`}
        />
        <Stat
          label={`${t('follow.min_invest')} (${t('common.usd')})`}
          value={money(s.min_invest)}
          testId={`${id}-min`}
        />
      </StatGrid>
    </li>
  );
}
