import { type AdminKyc, routes } from '@meridian/contract';
import { Button, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { ActionModal, ReasonField } from '../components/action-modal';
import { ClippedText, WrapText } from '../components/cell-text';
import { Details } from '../components/details';
import { EmptyText } from '../components/empty-text';
import { expandColumnTitle } from '../components/expand-title';
import { ExportButton } from '../components/export-button';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { StaffPicture } from '../components/staff-picture';
import { StatusFilter } from '../components/status-filter';
import { StatusTag, type Tone } from '../components/status-tag';
import { TimeBy, TimeText } from '../components/time-text';
import { UserLink } from '../components/user-link';
import { fmt, label, t } from '../i18n';
import type { CsvColumn } from '../lib/csv';
import { pagination, useListParams } from '../lib/list-params';
import { showSuccess } from '../lib/notify';
import { useCallMutation, useCallQuery } from '../lib/queries';
import { isoTime } from '../lib/time';

/** A submission's status (AdminKyc): 1 waiting, 2 approved, 3 rejected. */
const KYC_WAITING = 1;
const TONES: Record<number, Tone> = { 1: 'waiting', 2: 'good', 3: 'bad' };

type Decision = 'approve' | 'reject';

const CSV: readonly CsvColumn<AdminKyc>[] = [
  { title: 'id', value: (k) => k.id },
  { title: 'user_id', value: (k) => k.user_id },
  { title: 'name', value: (k) => k.name },
  { title: 'card_id', value: (k) => k.card_id },
  { title: 'status', value: (k) => label(t.kyc.status, k.status) },
  { title: 'reason', value: (k) => k.reason },
  { title: 'created_at', value: (k) => isoTime(k.created_at) },
  { title: 'decided_at', value: (k) => isoTime(k.decided_at) },
  { title: 'decided_by', value: (k) => k.decided_by },
];

function KycPictures({ row, width }: { row: AdminKyc; width: number }) {
  return (
    <div className="pictures">
      <figure>
        <figcaption>{t.kyc.front}</figcaption>
        <StaffPicture path={row.front_pic} alt={fmt(t.kyc.frontAlt, { id: row.id })} width={width} />
      </figure>
      <figure>
        <figcaption>{t.kyc.reverse}</figcaption>
        <StaffPicture path={row.reverse_pic} alt={fmt(t.kyc.reverseAlt, { id: row.id })} width={width} />
      </figure>
    </div>
  );
}

function KycDetails({ row }: { row: AdminKyc }) {
  return (
    <Details
      items={[
        [t.common.user, <UserLink key="u" id={row.user_id} />],
        [t.kyc.name, row.name],
        [
          t.kyc.cardId,
          <span key="c" className="mono">
            {row.card_id}
          </span>,
        ],
        [t.common.created, <TimeText key="t" ms={row.created_at} />],
        ...(row.reason ? ([[t.kyc.reason, row.reason]] as [string, string][]) : []),
      ]}
    />
  );
}

export function KycPage() {
  const list = useListParams(KYC_WAITING);
  const query = useCallQuery(
    routes.adminKyc,
    { status: list.status, page: list.page },
    { keepPrevious: true },
  );
  const [action, setAction] = useState<{ kind: Decision; row: AdminKyc } | null>(null);

  const invalidates = [routes.adminKyc, routes.staffDashboard];
  const finish = (text: string) => {
    showSuccess(text);
    setAction(null);
  };
  const approve = useCallMutation(routes.adminKycApprove, {
    invalidates,
    onSuccess: (k) => finish(fmt(t.kyc.approved, { id: k.id })),
  });
  const reject = useCallMutation(routes.adminKycReject, {
    invalidates,
    onSuccess: (k) => finish(fmt(t.kyc.rejected, { id: k.id })),
  });

  const columns: TableColumnsType<AdminKyc> = [
    { title: t.common.id, dataIndex: 'id', render: (id: number) => `#${id}` },
    { title: t.common.user, dataIndex: 'user_id', render: (id: number) => <UserLink id={id} /> },
    { title: t.kyc.name, dataIndex: 'name', render: (v: string) => <WrapText width={180}>{v}</WrapText> },
    {
      title: t.kyc.cardId,
      dataIndex: 'card_id',
      render: (v: string) => (
        <WrapText width={150} mono>
          {v}
        </WrapText>
      ),
    },
    {
      title: t.common.status,
      dataIndex: 'status',
      render: (v: number) => <StatusTag value={v} names={t.kyc.status} tones={TONES} />,
    },
    {
      title: t.kyc.reason,
      dataIndex: 'reason',
      render: (v: string) => <ClippedText text={v} width={200} lines={2} />,
    },
    {
      title: t.common.created,
      dataIndex: 'created_at',
      render: (ms: number) => <TimeText ms={ms} stacked />,
    },
    {
      title: t.common.decided,
      key: 'decided',
      render: (_, k) => <TimeBy ms={k.decided_at} who={k.decided_by} />,
    },
    {
      title: t.common.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, k) =>
        k.status === KYC_WAITING ? (
          <Space orientation="vertical" size={4} align="start">
            <Button size="small" type="primary" onClick={() => setAction({ kind: 'approve', row: k })}>
              {t.kyc.approve}
            </Button>
            <Button size="small" danger onClick={() => setAction({ kind: 'reject', row: k })}>
              {t.kyc.reject}
            </Button>
          </Space>
        ) : null,
    },
  ];

  const rows = query.data?.list ?? [];

  return (
    <>
      <PageTitle>{t.kyc.title}</PageTitle>
      <div className="toolbar">
        <StatusFilter value={list.status} options={t.kyc.status} onChange={list.setStatus} />
        <div className="toolbar-end">
          <ExportButton name={t.kyc.file} columns={CSV} rows={rows} />
        </div>
      </div>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminKyc>
        rowKey="id"
        caption={t.kyc.caption}
        columns={columns}
        dataSource={rows}
        loading={query.isPending || query.isPlaceholderData}
        pagination={pagination(list.page, query.data?.total, list.setPage)}
        expandable={{
          columnTitle: expandColumnTitle,
          expandedRowRender: (row) => (
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <KycDetails row={row} />
              <KycPictures row={row} width={220} />
            </Space>
          ),
        }}
        locale={{
          emptyText: (
            <EmptyText>{list.status === KYC_WAITING ? t.common.emptyWaiting : t.common.empty}</EmptyText>
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      <ActionModal<{ reason?: string }>
        open={action !== null}
        title={
          action
            ? fmt(action.kind === 'approve' ? t.kyc.approveTitle : t.kyc.rejectTitle, { id: action.row.id })
            : ''
        }
        okText={action?.kind === 'reject' ? t.kyc.reject : t.kyc.approve}
        danger={action?.kind === 'reject'}
        pending={approve.isPending || reject.isPending}
        width={760}
        onCancel={() => setAction(null)}
        onSubmit={(values) => {
          if (!action) return;
          if (action.kind === 'approve') approve.submit({ id: action.row.id });
          else reject.submit({ id: action.row.id, reason: values.reason?.trim() ?? '' });
        }}
      >
        {action ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <KycDetails row={action.row} />
            <KycPictures row={action.row} width={320} />
            {action.kind === 'reject' ? (
              <>
                <Typography.Paragraph>{t.kyc.rejectNote}</Typography.Paragraph>
                <ReasonField required help={t.common.reasonForTrader} />
              </>
            ) : null}
          </Space>
        ) : null}
      </ActionModal>
    </>
  );
}
