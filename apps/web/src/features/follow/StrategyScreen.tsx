import { EQUITY_PERIODS, type EquityPeriod, type StrategyDetail } from '@meridian/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api';
import { loginRedirect } from '../../lib/guards';
import { PATHS } from '../../lib/paths';
import { Spinner } from '../../lib/spinner';
import { isDemoUser, useSession } from '../../lib/stores/session';
import { useSettings } from '../../lib/stores/settings';
import { showMessage } from '../../lib/toast';
import { formatDateTime, ltr, money, percent, signedPercent, toneOf } from './display';
import { copyPath, idParam } from './links';
import {
  Avatar,
  Chip,
  ChipGroup,
  LoadFailed,
  Loading,
  Note,
  RiskBadge,
  Section,
  Stat,
  StatGrid,
  StrategyTags,
  Tag,
  useUserId,
} from './parts';
import { equityQuery, followKeys, strategyQuery } from './queries';

const EquityChart = lazy(async () => ({ default: (await import('./EquityChart')).EquityChart }));
/**
 * The copy sheet and its form (the sheet, the form kit and the antd-mobile parts under them) load
 * after the page has drawn, and only for a signed-in trader: a visitor is sent to log in instead.
 */
const CopySheet = lazy(async () => ({ default: (await import('./CopySheet')).CopySheet }));

/**
 * `asOf`: when the strategy's figures above were read. Each time they are read again (a visit after
 * they went stale, a copy made here), the curve is read again too, so its end and the return beside
 * it tell one story; the curve alone stays fresh for a minute.
 */
function EquitySection({ id, asOf }: { id: number; asOf: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<EquityPeriod>('1m');
  const query = useQuery(equityQuery(id, period));
  const readAt = useRef(asOf);
  useEffect(() => {
    if (readAt.current === asOf) return;
    readAt.current = asOf;
    void queryClient.invalidateQueries({ queryKey: followKeys.equityOf(id) });
  }, [asOf, id, queryClient]);
  const points = query.data?.points ?? [];
  const last = points[points.length - 1];
  return (
    <Section title={t('follow.equity_curve')} testId="strategy-equity">
      <ChipGroup label={t('follow.period_label')}>
        {EQUITY_PERIODS.map((p) => (
          <Chip key={p} selected={p === period} onSelect={() => setPeriod(p)} testId={`equity-period-${p}`}>
            {t(`follow.period.${p}`)}
          </Chip>
        ))}
      </ChipGroup>
      <p className="follow-note" data-testid="equity-summary">
        {last ? t('follow.growth_over_period', { value: ltr(signedPercent(last.growth)) }) : null}
      </p>
      <div className="equity-chart">
        {query.isError ? (
          <div className="equity-chart__overlay">
            <p>{t('follow.chart_failed')}</p>
            <button type="button" className="plain-button" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : query.isPending ? (
          <div className="equity-chart__overlay">
            <Spinner />
          </div>
        ) : points.length === 0 ? (
          <div className="equity-chart__overlay">
            <p>{t('follow.chart_empty')}</p>
          </div>
        ) : (
          <Suspense
            fallback={
              <div className="equity-chart__overlay">
                <Spinner />
              </div>
            }
          >
            <EquityChart points={points} />
          </Suspense>
        )}
      </div>
      <p className="follow-field__hint">{t('follow.chart_caption')}</p>
    </Section>
  );
}

function Positions({ strategy }: { strategy: StrategyDetail }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  return (
    <Section title={t('follow.positions')} testId="strategy-positions">
      {strategy.positions.length === 0 ? (
        <Note>{t('follow.no_positions')}</Note>
      ) : (
        <ul className="follow-rows">
          {strategy.positions.map((p) => (
            <li key={`${p.code}-${p.side}-${p.opened_at}-${p.open_price}-${p.lots}`} className="follow-row">
              <span className="follow-row__head">
                <span className="follow-row__code">{p.code}</span>
                <span className={`follow-side follow-side--${p.side}`}>
                  {p.side === 'buy' ? t('trade.buy') : t('trade.sell')}
                </span>
                <span className="follow-row__weak">{t('trading.leverage_value', { value: p.leverage })}</span>
              </span>
              <span className="follow-row__facts">
                <span>
                  {t('orders.lots')} <b className="num">{p.lots}</b>
                </span>
                <span>
                  {t('orders.open_price')} <b className="num">{p.open_price}</b>
                </span>
                <span>
                  {t('follow.opened_at')} <b>{formatDateTime(p.opened_at, lang)}</b>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Copy, or why not: own strategy, already copying, not open, or a demo strategy for a real account. */
function CopyAction({ strategy, onCopy }: { strategy: StrategyDetail; onCopy(): void }) {
  const { t } = useTranslation();
  const user = useSession((s) => (s.isLogin ? s.user : null));
  if (strategy.own === 1) {
    return (
      <div className="follow-action" data-testid="strategy-own">
        <Note>{t('follow.own_strategy')}</Note>
        <Link to={PATHS.followMine} className="follow-action__link">
          {t('follow.manage_strategy')}
        </Link>
      </div>
    );
  }
  if (strategy.copy_id !== null) {
    return (
      <div className="follow-action">
        <Link
          to={copyPath(strategy.copy_id)}
          className="follow-action__link"
          data-testid="strategy-view-copy"
        >
          {t('follow.view_copy')}
        </Link>
      </div>
    );
  }
  if (strategy.status !== 'active') {
    return (
      <div className="follow-action">
        <Note testId="strategy-not-active">{t('follow.not_active')}</Note>
      </div>
    );
  }
  if (strategy.is_demo === 1 && user && !isDemoUser(user)) {
    return (
      <div className="follow-action">
        <Note testId="strategy-demo-only">{t('follow.demo_only')}</Note>
      </div>
    );
  }
  return (
    <div className="follow-action">
      <Button block color="primary" shape="rounded" size="large" data-testid="strategy-copy" onClick={onCopy}>
        {t('follow.copy_action')}
      </Button>
    </div>
  );
}

function StrategyView({
  strategy: s,
  userId,
  asOf,
}: {
  strategy: StrategyDetail;
  userId: number;
  asOf: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = useSession((st) => st.isLogin);
  const [copying, setCopying] = useState(false);

  const openCopy = () => {
    // A visitor logs in first and comes back to this page.
    if (!isLogin) void navigate(loginRedirect(location.pathname, location.search));
    else setCopying(true);
  };

  return (
    <div className="follow-page follow-page--sub" data-testid="page-strategy">
      <section className="follow-hero" aria-labelledby="strategy-name">
        <div className="follow-hero__head">
          <Avatar id={s.id} name={s.name} src={s.avatar} size="lg" />
          <div className="follow-hero__who">
            <h2 className="follow-hero__name" id="strategy-name">
              <bdi data-testid="strategy-name">{s.name}</bdi>
            </h2>
            <span className="follow-hero__provider">{t('follow.by_provider', { name: s.provider })}</span>
            <span className="follow-tags">
              <StrategyTags isDemo={s.is_demo === 1} isSample={s.is_sample === 1} />
              {s.status !== 'active' && (
                <Tag kind="stopped">
                  <span data-testid="strategy-status">{t(`follow.status.${s.status}`)}</span>
                </Tag>
              )}
            </span>
          </div>
        </div>
        <div className="follow-hero__main">
          <span className="follow-hero__label">{t('follow.roi')}</span>
          <bdi className={`follow-hero__roi num ${toneOf(s.roi)}`} data-testid="strategy-roi">
            {signedPercent(s.roi)}
          </bdi>
          <RiskBadge score={s.risk_score} testId="strategy-risk" />
        </div>
        <StatGrid testId="strategy-stats">
          <Stat
            label={t('documentary.three_week_rate')}
            value={signedPercent(s.three_week_rate)}
            tone={toneOf(s.three_week_rate)}
          />
          <Stat label={t('documentary.win_rate')} value={percent(s.win_rate)} />
          <Stat label={t('follow.max_drawdown')} value={percent(s.max_drawdown)} />
          <Stat label={t('follow.followers')} value={String(s.followers)} testId="strategy-followers" />
          <Stat label={`${t('follow.copiers_funds')} (${t('common.usd')})`} value={money(s.copiers_funds)} />
          <Stat label={t('documentary.total_orders')} value={String(s.total_orders)} />
          <Stat label={t('documentary.multiple')} value={t('rank.multiple_value', { value: s.multiple })} />
          <Stat label={t('follow.variety')} value={String(s.variety)} />
          <Stat
            label={t('follow.fee_rate')}
            value={s.is_demo === 1 ? t('follow.no_fee') : percent(s.fee_rate)}
            text={s.is_demo === 1}
            testId="strategy-fee"
          />
          <Stat
            label={`${t('follow.min_invest')} (${t('common.usd')})`}
            value={money(s.min_invest)}
            testId="strategy-min"
          />
        </StatGrid>
        {s.instruments.length > 0 && (
          <p className="follow-instruments">
            <span className="follow-instruments__label">{t('follow.instruments')}</span>{' '}
            <bdi className="num">{s.instruments.join(' · ')}</bdi>
          </p>
        )}
        <CopyAction strategy={s} onCopy={openCopy} />
      </section>
      <EquitySection id={s.id} asOf={asOf} />
      <Positions strategy={s} />
      <Section title={t('follow.description')} testId="strategy-description">
        <p className="follow-desc" dir="auto">
          {s.desc.trim() ? s.desc : t('follow.no_description')}
        </p>
      </Section>
      {isLogin && (
        <Suspense fallback={null}>
          <CopySheet
            strategy={s}
            userId={userId}
            visible={copying}
            onClose={() => setCopying(false)}
            onCopied={(copy) => {
              setCopying(false);
              showMessage('success', t('follow.copy_started', { name: s.name }));
              void navigate(copyPath(copy.copy_id));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** /follow/strategy?id=N: a strategy's figures, growth, open positions and description; Copy. */
export function StrategyScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const id = idParam(location.search, 'id');
  const userId = useUserId();
  const query = useQuery({ ...strategyQuery(id ?? 0, userId), enabled: id !== null });

  if (id === null) return <Note testId="strategy-missing">{t('follow.strategy_failed')}</Note>;
  if (!query.data) {
    if (query.isError) {
      const error = query.error;
      // The server's own translated reason (strategy_not_found) when it gave one.
      const title =
        error instanceof ApiError && error.kind === 'envelope' && error.message
          ? error.message
          : t('follow.strategy_failed');
      return <LoadFailed title={title} onRetry={() => void query.refetch()} testId="strategy-error" />;
    }
    return <Loading testId="strategy-loading" />;
  }
  return <StrategyView strategy={query.data} userId={userId} asOf={query.dataUpdatedAt} />;
}
