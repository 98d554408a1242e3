import { Result } from 'antd';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { canOpenKey, type PageKey } from '../access';
import { PageTitle } from '../components/page-title';
import { t } from '../i18n';
import { lastSessionEnd, useSession } from '../session';
import { useMe } from './me';

/**
 * Signed-in pages only: without a session, the sign-in page, which comes back here afterwards (a
 * bookmarked queue, a session that expired mid-work) unless the member signed out on purpose: then
 * whoever signs in next starts from the dashboard.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session) return children;
  const deliberate = lastSessionEnd()?.kind === 'signed_out';
  const state = deliberate ? undefined : { from: `${location.pathname}${location.search}` };
  return <Navigate to="/login" replace state={state} />;
}

/** A page the member's role may not open (typed address, old bookmark) says so instead. */
export function Gate({ page, children }: { page: PageKey; children: ReactNode }) {
  const me = useMe();
  if (canOpenKey(me.role, page)) return children;
  return (
    <>
      <PageTitle>{t.app.notAllowedTitle}</PageTitle>
      <Result
        status="403"
        subTitle={t.app.notAllowed}
        extra={<Link to="/dashboard">{t.app.backToDashboard}</Link>}
      />
    </>
  );
}

export function NotFound() {
  return (
    <>
      <PageTitle>{t.app.notFoundTitle}</PageTitle>
      <Result
        status="404"
        subTitle={t.app.notFound}
        extra={<Link to="/dashboard">{t.app.backToDashboard}</Link>}
      />
    </>
  );
}
