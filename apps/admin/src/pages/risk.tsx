import { routes, type StaffRisk } from '@meridian/contract';
import { Alert, Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { Num, Usd } from '../components/usd';
import { UserLink } from '../components/user-link';
import { fmt, t } from '../i18n';
import { useCallQuery } from '../lib/queries';
import { formatClock } from '../lib/time';

type Exposure = StaffRisk['exposure'][number];
type MarginRow = StaffRisk['margin'][number];
type Floating = StaffRisk['floating'][number];

function MoneyStat({ title, value }: { title: string; value: string | undefined }) {
  return (
    <Card>
      <Statistic title={title} value={value ?? '–'} formatter={() => (value ? <Usd value={value} /> : '–')} />
    </Card>
  );
}

export function RiskPage() {
  const query = useCallQuery(routes.staffRisk, {}, { refetchInterval: 2_000 });
  const risk = query.data;
  const stale = query.isError && risk !== undefined;

  return (
    <>
      <PageTitle
        extra={
          risk ? (
            <Typography.Text type="secondary">
              {fmt(t.app.updatedAt, { time: formatClock(risk.at) })} · {t.risk.refreshNote}
            </Typography.Text>
          ) : null
        }
      >
        {t.risk.title}
      </PageTitle>
      {query.error && !risk ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {stale ? <Alert type="warning" showIcon title={t.app.staleData} style={{ marginBottom: 16 }} /> : null}

      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <MoneyStat title={t.risk.deposits} value={risk?.today.deposits} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <MoneyStat title={t.risk.withdrawals} value={risk?.today.withdrawals} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <MoneyStat title={t.risk.fees} value={risk?.today.fees} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card>
            <Statistic
              title={t.risk.stopOut}
              value={risk?.stop_out_pct ?? '–'}
              formatter={() => (risk ? <span className="num">{`${risk.stop_out_pct} %`}</span> : '–')}
            />
          </Card>
        </Col>
      </Row>

      <Typography.Title level={2} className="section-title">
        {t.risk.exposure}
      </Typography.Title>
      <Table<Exposure>
        rowKey="code"
        caption={t.risk.exposureCaption}
        dataSource={risk?.exposure ?? []}
        loading={query.isPending}
        pagination={false}
        size="small"
        columns={[
          { title: t.risk.instrument, dataIndex: 'code' },
          {
            title: t.risk.longLots,
            dataIndex: 'long_lots',
            align: 'right',
            render: (v: string) => <Num value={v} />,
          },
          {
            title: t.risk.shortLots,
            dataIndex: 'short_lots',
            align: 'right',
            render: (v: string) => <Num value={v} />,
          },
          {
            title: t.risk.netLots,
            dataIndex: 'net_lots',
            align: 'right',
            render: (v: string) => <Num value={v} />,
          },
          {
            title: t.risk.netUsd,
            dataIndex: 'net_usd',
            align: 'right',
            render: (v: string) => <Usd value={v} colored />,
          },
        ]}
      />

      <Typography.Title level={2} className="section-title">
        {t.risk.margin}
      </Typography.Title>
      <Table<MarginRow>
        rowKey="user_id"
        caption={t.risk.marginCaption}
        dataSource={risk?.margin ?? []}
        loading={query.isPending}
        pagination={false}
        size="small"
        rowClassName={(m) => (m.near_stop_out ? 'row-danger' : '')}
        columns={[
          { title: t.common.user, dataIndex: 'user_id', render: (id: number) => <UserLink id={id} /> },
          { title: t.risk.uid, dataIndex: 'uid', render: (v: string) => <span className="mono">{v}</span> },
          {
            title: t.risk.equity,
            dataIndex: 'equity',
            align: 'right',
            render: (v: string) => <Usd value={v} />,
          },
          {
            title: t.risk.marginUsed,
            dataIndex: 'margin',
            align: 'right',
            render: (v: string) => <Usd value={v} />,
          },
          {
            title: t.risk.level,
            dataIndex: 'level_pct',
            align: 'right',
            render: (v: string, m) => (
              <span>
                <span className="num">{`${v} %`}</span>
                {m.near_stop_out ? (
                  <Tag color="red" style={{ marginInlineStart: 8 }}>
                    {t.risk.nearStopOut}
                  </Tag>
                ) : null}
              </span>
            ),
          },
        ]}
      />

      <Typography.Title level={2} className="section-title">
        {t.risk.floating}
      </Typography.Title>
      <Table<Floating>
        rowKey="order_id"
        caption={t.risk.floatingCaption}
        dataSource={risk?.floating ?? []}
        loading={query.isPending}
        pagination={false}
        size="small"
        columns={[
          { title: t.risk.order, dataIndex: 'order_id', render: (id: number) => `#${id}` },
          { title: t.common.user, dataIndex: 'user_id', render: (id: number) => <UserLink id={id} /> },
          { title: t.risk.instrument, dataIndex: 'code' },
          {
            title: t.risk.pnl,
            dataIndex: 'pnl',
            align: 'right',
            render: (v: string) => <Usd value={v} colored />,
          },
        ]}
      />
    </>
  );
}
