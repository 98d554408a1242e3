import { routes, type StaffApproval } from '@meridian/contract';
import { Button, Space, Table, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ActionModal, ReasonField } from '../components/action-modal';
import { ClippedText } from '../components/cell-text';
import { Details } from '../components/details';
import { EmptyText } from '../components/empty-text';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { StatusFilter } from '../components/status-filter';
import { StatusTag, type Tone } from '../components/status-tag';
import { TimeBy, TimeText } from '../components/time-text';
import { Usd } from '../components/usd';
import { UserLink } from '../components/user-link';
import { fmt, label, t } from '../i18n';
import { pagination, useListParams } from '../lib/list-params';
import { showSuccess } from '../lib/notify';
import { useCallMutation, useCallQuery } from '../lib/queries';
import { useMe } from '../shell/me';

/** A four-eyes request: 0 waiting, 1 done, 2 refused. */
const APPROVAL_WAITING = 0;
const TONES: Record<number, Tone> = { 0: 'waiting', 1: 'good', 2: 'bad' };

function ApprovalDetails({ row }: { row: StaffApproval }) {
  return (
    <Details
      columns={1}
      items={[
        [t.approvals.kind, label(t.approvals.kinds, row.kind)],
        [t.common.user, <UserLink key="u" id={row.user_id} />],
        ...(row.amount
          ? ([[t.common.amountUsd, <Usd key="a" value={row.amount} colored />]] as [string, ReactNode][])
          : []),
        [t.approvals.reason, row.reason],
        [
          t.approvals.requested,
          <span key="r">
            <TimeText ms={row.requested_at} /> {fmt(t.common.decidedBy, { who: row.requested_by })}
          </span>,
        ],
      ]}
    />
  );
}

export function ApprovalsPage() {
  const me = useMe();
  const list = useListParams(APPROVAL_WAITING);
  const query = useCallQuery(
    routes.staffApprovals,
    { status: list.status, page: list.page },
    { keepPrevious: true },
  );
  const [action, setAction] = useState<{ kind: 'approve' | 'reject'; row: StaffApproval } | null>(null);

  // An approved request books money or changes a trader's sign-in: their reads are stale too.
  const invalidates = [
    routes.staffApprovals,
    routes.staffDashboard,
    routes.staffUser,
    routes.staffUserLedger,
  ];
  const finish = (text: string) => {
    showSuccess(text);
    setAction(null);
  };
  const approve = useCallMutation(routes.staffApprovalApprove, {
    invalidates,
    onSuccess: (a) => finish(fmt(t.approvals.approved, { id: a.id })),
  });
  const reject = useCallMutation(routes.staffApprovalReject, {
    invalidates,
    onSuccess: (a) => finish(fmt(t.approvals.rejected, { id: a.id })),
  });

  const columns: TableColumnsType<StaffApproval> = [
    { title: t.common.id, dataIndex: 'id', render: (id: number) => `#${id}` },
    {
      title: t.approvals.kind,
      dataIndex: 'kind',
      width: 100,
      render: (v: string) => label(t.approvals.kinds, v),
    },
    { title: t.common.user, dataIndex: 'user_id', render: (id: number) => <UserLink id={id} /> },
    {
      title: t.common.amountUsd,
      dataIndex: 'amount',
      align: 'right',
      render: (v: string | null) => (v ? <Usd value={v} colored /> : null),
    },
    {
      title: t.approvals.reason,
      dataIndex: 'reason',
      render: (v: string) => <ClippedText text={v} width={150} lines={2} />,
    },
    {
      title: t.common.status,
      dataIndex: 'status',
      render: (v: number) => <StatusTag value={v} names={t.approvals.status} tones={TONES} />,
    },
    {
      title: t.approvals.requested,
      key: 'requested',
      render: (_, a) => <TimeBy ms={a.requested_at} who={a.requested_by} />,
    },
    {
      title: t.common.decided,
      key: 'decided',
      render: (_, a) => <TimeBy ms={a.decided_at} who={a.decided_by} />,
    },
    {
      title: t.approvals.decision,
      dataIndex: 'decision_reason',
      render: (v: string) => <ClippedText text={v} width={150} lines={2} />,
    },
    {
      title: t.common.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, a) => {
        if (a.status !== APPROVAL_WAITING) return null;
        const own = a.requested_by === me.email;
        return (
          <Space orientation="vertical" size={4} align="start">
            {own ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} title={t.approvals.ownRequestHelp}>
                {t.approvals.ownRequest}
              </Typography.Text>
            ) : (
              <Button size="small" type="primary" onClick={() => setAction({ kind: 'approve', row: a })}>
                {t.approvals.approve}
              </Button>
            )}
            <Button size="small" danger onClick={() => setAction({ kind: 'reject', row: a })}>
              {t.approvals.reject}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageTitle>{t.approvals.title}</PageTitle>
      <div className="toolbar">
        <StatusFilter value={list.status} options={t.approvals.status} onChange={list.setStatus} />
      </div>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<StaffApproval>
        rowKey="id"
        caption={t.approvals.caption}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending || query.isPlaceholderData}
        pagination={pagination(list.page, query.data?.total, list.setPage)}
        locale={{
          emptyText: (
            <EmptyText>{list.status === APPROVAL_WAITING ? t.common.emptyWaiting : t.common.empty}</EmptyText>
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      <ActionModal<{ reason?: string }>
        open={action !== null}
        title={
          action
            ? fmt(action.kind === 'approve' ? t.approvals.approveTitle : t.approvals.rejectTitle, {
                id: action.row.id,
              })
            : ''
        }
        okText={action?.kind === 'reject' ? t.approvals.reject : t.approvals.approve}
        danger={action?.kind === 'reject'}
        pending={approve.isPending || reject.isPending}
        onCancel={() => setAction(null)}
        onSubmit={(values) => {
          if (!action) return;
          const payload = { id: action.row.id, reason: values.reason?.trim() ?? '' };
          if (action.kind === 'approve') approve.submit(payload);
          else reject.submit(payload);
        }}
      >
        {action ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Paragraph>
              {action.kind === 'approve' ? t.approvals.approveNote : t.approvals.rejectNote}
            </Typography.Paragraph>
            <ApprovalDetails row={action.row} />
            <ReasonField required={false} />
          </Space>
        ) : null}
      </ActionModal>
    </>
  );
}
