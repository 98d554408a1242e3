import { routes, type StaffDashboard } from '@meridian/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { canOpenKey, type PageKey } from '../access';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { fmt, t } from '../i18n';
import { useCallQuery } from '../lib/queries';
import { formatClock } from '../lib/time';
import { useMe } from '../shell/me';

const CARDS: readonly { field: keyof StaffDashboard; title: string; page: PageKey; path: string }[] = [
  { field: 'deposits_waiting', title: t.dashboard.deposits, page: 'deposits', path: '/deposits' },
  { field: 'withdrawals_waiting', title: t.dashboard.withdrawals, page: 'withdrawals', path: '/withdrawals' },
  { field: 'kyc_waiting', title: t.dashboard.kyc, page: 'kyc', path: '/kyc' },
  { field: 'approvals_waiting', title: t.dashboard.approvals, page: 'approvals', path: '/approvals' },
  { field: 'users_total', title: t.dashboard.usersTotal, page: 'users', path: '/users' },
  { field: 'users_today', title: t.dashboard.usersToday, page: 'users', path: '/users' },
];

export function DashboardPage() {
  const me = useMe();
  const query = useCallQuery(routes.staffDashboard, {}, { refetchInterval: 10_000 });
  const data = query.data;

  return (
    <>
      <PageTitle
        extra={
          query.dataUpdatedAt ? (
            <Typography.Text type="secondary" aria-live="polite">
              {fmt(t.app.updatedAt, { time: formatClock(query.dataUpdatedAt) })} · {t.dashboard.refreshNote}
            </Typography.Text>
          ) : null
        }
      >
        {t.dashboard.title}
      </PageTitle>
      {query.error && !data ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Row gutter={[16, 16]}>
        {CARDS.map((card) => {
          const content = (
            <Card hoverable={canOpenKey(me.role, card.page)}>
              <Statistic title={card.title} value={data ? data[card.field] : '–'} loading={query.isPending} />
            </Card>
          );
          return (
            <Col key={card.field} xs={24} sm={12} lg={8} xxl={4}>
              {canOpenKey(me.role, card.page) ? (
                <Link to={card.path} className="stat-link">
                  {content}
                </Link>
              ) : (
                content
              )}
            </Col>
          );
        })}
      </Row>
    </>
  );
}
