import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { apiBaseUrl, apiHostRuleFrom } from '../../lib/endpoints';
import { loginRedirect } from '../../lib/guards';
import { useSession } from '../../lib/stores/session';
import { avatarColour, initials, riskBand, type Tone } from './display';
import './follow.css';
import { type ChipProps, ToggleChip } from '../../lib/chip';

/** The logged-in user's id, or 0 for a visitor (query keys carry it). */
export function useUserId(): number {
  return useSession((s) => (s.isLogin ? Number(s.user?.id ?? 0) : 0));
}

/**
 * The caller's own copy-trading pages need a session: a visitor goes to login and comes back here
 * afterwards, whether the page was reached by a link, a typed URL or a reload.
 */
export function LoginRequired({ children }: { children: ReactNode }) {
  const isLogin = useSession((s) => s.isLogin);
  const location = useLocation();
  if (!isLogin) return <Navigate to={loginRedirect(location.pathname, location.search)} replace />;
  return children;
}

const apiBase = apiBaseUrl(window.location, apiHostRuleFrom(import.meta.env.VITE_API_HOST_RULE));
/** Avatar sides in CSS pixels, by size (follow.css); the picture itself is 256 pixels square. */
const AVATAR_PX = { md: 40, lg: 52 } as const;

/**
 * A strategy's picture (its provider's, made square by the server), or, without one or when it
 * cannot be loaded, its initials on a colour derived from its id, the same everywhere. Decorative
 * either way: the strategy's name is always written beside it.
 */
export function Avatar({
  id,
  name,
  src,
  size = 'md',
}: {
  id: number;
  name: string;
  /** The summary's `avatar` address, or null. */
  src?: string | null;
  size?: 'md' | 'lg';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && src !== failed) {
    return (
      <img
        className={`follow-avatar follow-avatar--img follow-avatar--${size}`}
        src={src.startsWith('/') ? `${apiBase}${src}` : src}
        alt=""
        width={AVATAR_PX[size]}
        height={AVATAR_PX[size]}
        loading="lazy"
        decoding="async"
        data-testid="strategy-avatar-img"
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      className={`follow-avatar follow-avatar--${avatarColour(id)} follow-avatar--${size}`}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}

export function Tag({
  kind,
  children,
}: {
  kind: 'demo' | 'sample' | 'status' | 'stopped';
  children: ReactNode;
}) {
  return <span className={`follow-tag follow-tag--${kind}`}>{children}</span>;
}

/** The strategy's tags: demo (virtual money, no fee) and sample (a built-in rule-based strategy). */
export function StrategyTags({ isDemo, isSample }: { isDemo: boolean; isSample: boolean }) {
  const { t } = useTranslation();
  if (!isDemo && !isSample) return null;
  return (
    <span className="follow-tags">
      {isDemo && <Tag kind="demo">{t('follow.tag_demo')}</Tag>}
      {isSample && <Tag kind="sample">{t('follow.tag_sample')}</Tag>}
    </span>
  );
}

/** 1 (calm) to 10 (wild), its band coloured; the text says the number, so colour is not the only cue. */
export function RiskBadge({ score, testId }: { score: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`follow-risk follow-risk--${riskBand(score)}`} data-testid={testId}>
      {t('follow.risk_value', { value: score })}
    </span>
  );
}

/** One labelled figure of a grid: a description list's term and value. */
export function Stat({
  label,
  value,
  tone,
  testId,
  text = false,
}: {
  label: string;
  value: ReactNode;
  tone?: Tone;
  testId?: string;
  /** Words or a localised date, not a figure: it follows the page's direction instead of left to right. */
  text?: boolean;
}) {
  return (
    <div className="follow-stat">
      <dt className="follow-stat__label">{label}</dt>
      {/* The figure reads left to right, while the cell keeps the page's side (right in Arabic). */}
      <dd className={`follow-stat__value${tone && tone !== 'flat' ? ` ${tone}` : ''}`}>
        <bdi className={text ? undefined : 'num'} data-testid={testId}>
          {value}
        </bdi>
      </dd>
    </div>
  );
}

export function StatGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="follow-stats" data-testid={testId}>
      {children}
    </dl>
  );
}

/** A titled block of a page; the heading level follows the page (the top bar holds the h1). */
export function Section({
  title,
  children,
  testId,
  extra,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  extra?: ReactNode;
}) {
  return (
    <section className="follow-section" data-testid={testId}>
      <div className="follow-section__head">
        <h2 className="follow-section__title">{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

/**
 * A placeholder while a screen's data loads. `screenful`: for a list longer than a screen, the
 * placeholder fills the screen too, so what follows the list (the footer) never shows for a moment
 * and then jumps away (a layout shift a phone's reader feels).
 */
export function Loading({ testId, screenful = false }: { testId: string; screenful?: boolean }) {
  return (
    <div
      className={screenful ? 'follow-loading follow-loading--screenful' : 'follow-loading'}
      data-testid={testId}
    >
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={5} animated />
    </div>
  );
}

export function LoadFailed({ title, onRetry, testId }: { title: string; onRetry(): void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <ErrorBlock status="disconnected" title={title} description="">
        <button type="button" className="plain-button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </ErrorBlock>
    </div>
  );
}

/** A short status line (empty lists, notes): a paragraph, announced when it appears. */
export function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="follow-note" data-testid={testId}>
      {children}
    </p>
  );
}

/** A labelled set of toggle chips: a fieldset, so the legend names the group for assistive technology. */
export function ChipGroup({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <fieldset className="follow-chips" data-testid={testId}>
      <legend className="follow-chips__label">{label}</legend>
      <div className="follow-chips__list">{children}</div>
    </fieldset>
  );
}

/** One chip: a toggle button whose pressed state is the choice (lib/chip.tsx). */
export function Chip(props: ChipProps) {
  return <ToggleChip className="follow-chip" {...props} />;
}
