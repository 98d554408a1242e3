import { type AdminDeposit, CHARGE_UNCHECKED, routes } from '@meridian/contract';
import { Button, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { ActionModal, ReasonField } from '../components/action-modal';
import { ClippedText } from '../components/cell-text';
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
import { Usd } from '../components/usd';
import { UserLink } from '../components/user-link';
import { fmt, label, t } from '../i18n';
import type { CsvColumn } from '../lib/csv';
import { pagination, useListParams } from '../lib/list-params';
import { showSuccess } from '../lib/notify';
import { useCallMutation, useCallQuery } from '../lib/queries';
import { isoTime } from '../lib/time';

/** Deposit status (ChargeRecord): 0 waiting for review, 1 credited, 2 rejected, 3 invalid. */
const TONES: Record<number, Tone> = { 0: 'waiting', 1: 'good', 2: 'bad', 3: 'neutral' };

type Decision = 'approve' | 'reject' | 'invalid';

const currencyOf = (d: AdminDeposit) =>
  d.protocol_code ? `${d.currency_code} · ${d.protocol_code}` : d.currency_code;

const CSV: readonly CsvColumn<AdminDeposit>[] = [
  { title: 'id', value: (d) => d.id },
  { title: 'user_id', value: (d) => d.user_id },
  { title: 'type', value: (d) => label(t.deposits.type, d.type) },
  { title: 'currency', value: (d) => d.currency_code },
  { title: 'protocol', value: (d) => d.protocol_code },
  { title: 'address', value: (d) => d.address },
  { title: 'amount_usd', value: (d) => d.number },
  { title: 'status', value: (d) => label(t.deposits.status, d.status) },
  { title: 'remark', value: (d) => d.remark },
  { title: 'created_at', value: (d) => isoTime(d.created_at) },
  { title: 'decided_at', value: (d) => isoTime(d.decided_at) },
  { title: 'decided_by', value: (d) => d.decided_by },
];

function DepositDetails({ row }: { row: AdminDeposit }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Details
        items={[
          [t.common.user, <UserLink key="u" id={row.user_id} />],
          [t.common.amountUsd, <Usd key="a" value={row.number} />],
          [t.deposits.currency, currencyOf(row)],
          [
            t.deposits.address,
            <Typography.Text key="ad" copyable={row.address ? { text: row.address } : false}>
              {row.address}
            </Typography.Text>,
          ],
          [t.deposits.remark, row.remark],
          [t.common.created, <TimeText key="c" ms={row.created_at} />],
        ]}
      />
      <div className="pictures">
        <figure>
          <figcaption>{t.deposits.proof}</figcaption>
          <StaffPicture path={row.proof_pic} alt={fmt(t.deposits.proofAlt, { id: row.id })} />
        </figure>
      </div>
    </Space>
  );
}

export function DepositsPage() {
  const list = useListParams(CHARGE_UNCHECKED);
  const query = useCallQuery(
    routes.adminDeposits,
    { status: list.status, page: list.page },
    { keepPrevious: true },
  );
  const [action, setAction] = useState<{ kind: Decision; row: AdminDeposit } | null>(null);

  const invalidates = [routes.adminDeposits, routes.staffDashboard];
  const finish = (text: string) => {
    showSuccess(text);
    setAction(null);
  };
  const approve = useCallMutation(routes.adminDepositApprove, {
    invalidates,
    onSuccess: (d) => finish(fmt(t.deposits.approved, { id: d.id })),
  });
  const reject = useCallMutation(routes.adminDepositReject, {
    invalidates,
    onSuccess: (d) => finish(fmt(t.deposits.rejected, { id: d.id })),
  });
  const invalid = useCallMutation(routes.adminDepositInvalid, {
    invalidates,
    onSuccess: (d) => finish(fmt(t.deposits.invalidated, { id: d.id })),
  });
  const mutations = { approve, reject, invalid };
  const pending = approve.isPending || reject.isPending || invalid.isPending;

  const columns: TableColumnsType<AdminDeposit> = [
    { title: t.common.id, dataIndex: 'id', render: (id: number) => `#${id}` },
    { title: t.common.user, dataIndex: 'user_id', render: (id: number) => <UserLink id={id} /> },
    { title: t.common.type, dataIndex: 'type', render: (v: number) => label(t.deposits.type, v) },
    { title: t.deposits.currency, key: 'currency', render: (_, d) => currencyOf(d) },
    {
      title: t.common.amountUsd,
      dataIndex: 'number',
      align: 'right',
      render: (v: string) => <Usd value={v} />,
    },
    {
      title: t.common.status,
      dataIndex: 'status',
      render: (v: number) => <StatusTag value={v} names={t.deposits.status} tones={TONES} />,
    },
    {
      title: t.deposits.remark,
      dataIndex: 'remark',
      render: (v: string) => <ClippedText text={v} width={220} lines={2} />,
    },
    {
      title: t.common.created,
      dataIndex: 'created_at',
      render: (ms: number) => <TimeText ms={ms} stacked />,
    },
    {
      title: t.common.decided,
      key: 'decided',
      render: (_, d) => <TimeBy ms={d.decided_at} who={d.decided_by} />,
    },
    {
      title: t.common.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, d) =>
        d.status === CHARGE_UNCHECKED ? (
          <Space orientation="vertical" size={4} align="start">
            <Button size="small" type="primary" onClick={() => setAction({ kind: 'approve', row: d })}>
              {t.deposits.approve}
            </Button>
            <Button size="small" danger onClick={() => setAction({ kind: 'reject', row: d })}>
              {t.deposits.reject}
            </Button>
            <Button size="small" onClick={() => setAction({ kind: 'invalid', row: d })}>
              {t.deposits.invalid}
            </Button>
          </Space>
        ) : null,
    },
  ];

  const rows = query.data?.list ?? [];
  const modal = action
    ? {
        approve: { title: t.deposits.approveTitle, ok: t.deposits.approve, danger: false },
        reject: { title: t.deposits.rejectTitle, ok: t.deposits.reject, danger: true },
        invalid: { title: t.deposits.invalidTitle, ok: t.deposits.invalid, danger: true },
      }[action.kind]
    : null;

  return (
    <>
      <PageTitle>{t.deposits.title}</PageTitle>
      <div className="toolbar">
        <StatusFilter value={list.status} options={t.deposits.status} onChange={list.setStatus} />
        <div className="toolbar-end">
          <ExportButton name={t.deposits.file} columns={CSV} rows={rows} />
        </div>
      </div>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminDeposit>
        rowKey="id"
        caption={t.deposits.caption}
        columns={columns}
        dataSource={rows}
        loading={query.isPending || query.isPlaceholderData}
        pagination={pagination(list.page, query.data?.total, list.setPage)}
        expandable={{
          columnTitle: expandColumnTitle,
          expandedRowRender: (row) => <DepositDetails row={row} />,
        }}
        locale={{
          emptyText: (
            <EmptyText>{list.status === CHARGE_UNCHECKED ? t.common.emptyWaiting : t.common.empty}</EmptyText>
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      <ActionModal<{ reason?: string }>
        open={action !== null}
        title={action && modal ? fmt(modal.title, { id: action.row.id }) : ''}
        okText={modal?.ok ?? ''}
        danger={modal?.danger}
        pending={pending}
        width={640}
        onCancel={() => setAction(null)}
        onSubmit={(values) => {
          if (!action) return;
          mutations[action.kind].submit({ id: action.row.id, reason: values.reason?.trim() ?? '' });
        }}
      >
        {action ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {action.kind === 'approve' ? (
              <Typography.Paragraph>{t.deposits.approveNote}</Typography.Paragraph>
            ) : null}
            <DepositDetails row={action.row} />
            {action.kind === 'approve' ? null : <ReasonField required help={t.common.reasonForTrader} />}
          </Space>
        ) : null}
      </ActionModal>
    </>
  );
}
