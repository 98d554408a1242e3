import { type AdminWithdrawal, DRAW_PROCESSING, routes } from '@meridian/contract';
import { Alert, Button, Form, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ActionModal, ReasonField } from '../components/action-modal';
import { ClippedText, WrapText } from '../components/cell-text';
import { Details } from '../components/details';
import { EmptyText } from '../components/empty-text';
import { expandColumnTitle } from '../components/expand-title';
import { ExportButton } from '../components/export-button';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { StatusFilter } from '../components/status-filter';
import { StatusTag, type Tone } from '../components/status-tag';
import { TimeText } from '../components/time-text';
import { Usd } from '../components/usd';
import { UserLink } from '../components/user-link';
import { fmt, label, t } from '../i18n';
import type { CsvColumn } from '../lib/csv';
import { pagination, useListParams } from '../lib/list-params';
import { showSuccess } from '../lib/notify';
import { useCallMutation, useCallQuery } from '../lib/queries';
import { isoTime } from '../lib/time';
import { useMe } from '../shell/me';

/** Withdrawal status (DrawRecord): 0 processing (amount frozen), 1 paid out, 2 rejected (amount returned). */
const TONES: Record<number, Tone> = { 0: 'waiting', 1: 'good', 2: 'bad' };

type Decision = 'approve' | 'paid' | 'reject';

const currencyOf = (w: AdminWithdrawal) =>
  w.protocol ? `${w.currency_code} · ${w.protocol}` : w.currency_code;
const destinationOf = (w: AdminWithdrawal) => w.address || w.payee_account;

/** Where a processing withdrawal stands on its approvals. */
export function approvalState(
  w: Pick<AdminWithdrawal, 'approved_by' | 'approvals_needed'>,
): 'none' | 'partial' | 'complete' {
  const have = w.approved_by.length;
  if (have >= w.approvals_needed) return 'complete';
  return have === 0 ? 'none' : 'partial';
}

const CSV: readonly CsvColumn<AdminWithdrawal>[] = [
  { title: 'id', value: (w) => w.id },
  { title: 'user_id', value: (w) => w.user_id },
  { title: 'type', value: (w) => label(t.withdrawals.type, w.type) },
  { title: 'currency', value: (w) => w.currency_code },
  { title: 'protocol', value: (w) => w.protocol },
  { title: 'address', value: (w) => w.address },
  { title: 'payee_account', value: (w) => w.payee_account },
  { title: 'amount_usd', value: (w) => w.number },
  { title: 'fee_usd', value: (w) => w.fee },
  { title: 'receives', value: (w) => w.real_number },
  { title: 'memo', value: (w) => w.memo },
  { title: 'status', value: (w) => label(t.withdrawals.status, w.status) },
  { title: 'approved_by', value: (w) => w.approved_by.join(' ') },
  { title: 'approvals_needed', value: (w) => w.approvals_needed },
  { title: 'paid_reference', value: (w) => w.paid_reference },
  { title: 'remark', value: (w) => w.remark },
  { title: 'created_at', value: (w) => isoTime(w.created_at) },
  { title: 'decided_at', value: (w) => isoTime(w.decided_at) },
  { title: 'decided_by', value: (w) => w.decided_by },
];

/** "1 of 2", then each approver on a line of their own, then what the withdrawal waits for. */
function Approvals({ row }: { row: AdminWithdrawal }) {
  const state = approvalState(row);
  return (
    <Space orientation="vertical" size={2}>
      <span className="num">
        {fmt(t.withdrawals.approvalsCount, { have: row.approved_by.length, need: row.approvals_needed })}
      </span>
      {row.approved_by.map((who) => (
        <WrapText key={who} width={170} secondary>
          {who}
        </WrapText>
      ))}
      {row.status === DRAW_PROCESSING && state === 'partial' ? (
        <Tag color="orange" className="tag-wrap">
          {t.withdrawals.needsSecond}
        </Tag>
      ) : null}
      {row.status === DRAW_PROCESSING && state === 'complete' ? (
        <Tag color="green" className="tag-wrap">
          {t.withdrawals.readyToPay}
        </Tag>
      ) : null}
    </Space>
  );
}

function WithdrawalDetails({ row }: { row: AdminWithdrawal }) {
  return (
    <Details
      items={[
        [t.common.user, <UserLink key="u" id={row.user_id} />],
        [t.common.type, label(t.withdrawals.type, row.type)],
        [t.withdrawals.currency, currencyOf(row)],
        [
          t.withdrawals.destination,
          <Typography.Text
            key="d"
            copyable={destinationOf(row) ? { text: destinationOf(row) } : false}
            className="mono"
          >
            {destinationOf(row)}
          </Typography.Text>,
        ],
        [t.common.amountUsd, <Usd key="a" value={row.number} />],
        [t.withdrawals.fee, <Usd key="f" value={row.fee} />],
        [
          t.withdrawals.receives,
          <span key="r" className="num">{`${row.real_number} ${row.currency_code}`}</span>,
        ],
        [t.withdrawals.memo, row.memo],
        [t.withdrawals.approvedBy, row.approved_by.join(', ') || t.common.none],
        [t.withdrawals.reference, row.paid_reference],
        [t.withdrawals.remark, row.remark],
        [t.common.created, <TimeText key="c" ms={row.created_at} />],
      ]}
    />
  );
}

export function WithdrawalsPage() {
  const me = useMe();
  const list = useListParams(DRAW_PROCESSING);
  const query = useCallQuery(
    routes.adminWithdrawals,
    { status: list.status, page: list.page },
    { keepPrevious: true },
  );
  const [action, setAction] = useState<{ kind: Decision; row: AdminWithdrawal } | null>(null);

  const invalidates = [routes.adminWithdrawals, routes.staffDashboard];
  const finish = (text: string) => {
    showSuccess(text);
    setAction(null);
  };
  const approve = useCallMutation(routes.adminWithdrawalApprove, {
    invalidates,
    onSuccess: (w) =>
      finish(
        fmt(approvalState(w) === 'complete' ? t.withdrawals.approved : t.withdrawals.approvedNeedsSecond, {
          id: w.id,
        }),
      ),
  });
  const paid = useCallMutation(routes.adminWithdrawalPaid, {
    invalidates,
    onSuccess: (w) => finish(fmt(t.withdrawals.paid, { id: w.id })),
  });
  const reject = useCallMutation(routes.adminWithdrawalReject, {
    invalidates,
    onSuccess: (w) => finish(fmt(t.withdrawals.rejected, { id: w.id })),
  });
  const pending = approve.isPending || paid.isPending || reject.isPending;

  const columns: TableColumnsType<AdminWithdrawal> = [
    { title: t.common.id, dataIndex: 'id', render: (id: number) => `#${id}` },
    { title: t.common.user, dataIndex: 'user_id', render: (id: number) => <UserLink id={id} /> },
    {
      title: t.withdrawals.method,
      key: 'method',
      render: (_, w) => (
        <span>
          {label(t.withdrawals.type, w.type)}
          <div>{currencyOf(w)}</div>
        </span>
      ),
    },
    {
      // The whole address is on hover, and copyable in the row's details.
      title: t.withdrawals.destination,
      key: 'destination',
      render: (_, w) => <ClippedText text={destinationOf(w)} width={150} mono />,
    },
    {
      title: t.common.amountUsd,
      dataIndex: 'number',
      align: 'right',
      render: (v: string) => <Usd value={v} />,
    },
    {
      title: t.withdrawals.receives,
      key: 'receives',
      align: 'right',
      render: (_, w) => (
        <>
          <div className="num">{w.real_number}</div>
          <div>{w.currency_code}</div>
        </>
      ),
    },
    { title: t.withdrawals.approvals, key: 'approvals', render: (_, w) => <Approvals row={w} /> },
    {
      title: t.common.status,
      dataIndex: 'status',
      render: (v: number) => <StatusTag value={v} names={t.withdrawals.status} tones={TONES} />,
    },
    {
      title: t.common.created,
      dataIndex: 'created_at',
      render: (ms: number) => <TimeText ms={ms} stacked />,
    },
    {
      title: t.common.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, w) => {
        if (w.status !== DRAW_PROCESSING) return null;
        const state = approvalState(w);
        const mine = w.approved_by.includes(me.email);
        return (
          <Space orientation="vertical" size={4} align="start">
            {state !== 'complete' && !mine ? (
              <Button size="small" type="primary" onClick={() => setAction({ kind: 'approve', row: w })}>
                {t.withdrawals.approve}
              </Button>
            ) : null}
            {state !== 'complete' && mine ? (
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12 }}
                title={t.withdrawals.youApprovedHelp}
              >
                {t.withdrawals.youApproved}
              </Typography.Text>
            ) : null}
            {state === 'complete' ? (
              <Button size="small" type="primary" onClick={() => setAction({ kind: 'paid', row: w })}>
                {t.withdrawals.markPaid}
              </Button>
            ) : null}
            <Button size="small" danger onClick={() => setAction({ kind: 'reject', row: w })}>
              {t.withdrawals.reject}
            </Button>
          </Space>
        );
      },
    },
  ];

  const rows = query.data?.list ?? [];
  const modal = action
    ? {
        approve: { title: t.withdrawals.approveTitle, ok: t.withdrawals.approve, danger: false },
        paid: { title: t.withdrawals.paidTitle, ok: t.withdrawals.markPaid, danger: false },
        reject: { title: t.withdrawals.rejectTitle, ok: t.withdrawals.reject, danger: true },
      }[action.kind]
    : null;

  const submit = (values: { reason?: string; reference?: string }) => {
    if (!action) return;
    const id = action.row.id;
    if (action.kind === 'approve') approve.submit({ id });
    else if (action.kind === 'paid') paid.submit({ id, reference: values.reference?.trim() ?? '' });
    else reject.submit({ id, reason: values.reason?.trim() ?? '' });
  };

  return (
    <>
      <PageTitle>{t.withdrawals.title}</PageTitle>
      <div className="toolbar">
        <StatusFilter value={list.status} options={t.withdrawals.status} onChange={list.setStatus} />
        <div className="toolbar-end">
          <ExportButton name={t.withdrawals.file} columns={CSV} rows={rows} />
        </div>
      </div>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminWithdrawal>
        rowKey="id"
        caption={t.withdrawals.caption}
        columns={columns}
        dataSource={rows}
        loading={query.isPending || query.isPlaceholderData}
        pagination={pagination(list.page, query.data?.total, list.setPage)}
        expandable={{
          columnTitle: expandColumnTitle,
          expandedRowRender: (row) => <WithdrawalDetails row={row} />,
        }}
        locale={{
          emptyText: (
            <EmptyText>{list.status === DRAW_PROCESSING ? t.common.emptyWaiting : t.common.empty}</EmptyText>
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      <ActionModal<{ reason?: string; reference?: string }>
        open={action !== null}
        title={action && modal ? fmt(modal.title, { id: action.row.id }) : ''}
        okText={modal?.ok ?? ''}
        danger={modal?.danger}
        pending={pending}
        width={680}
        onCancel={() => setAction(null)}
        onSubmit={submit}
      >
        {action ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {action.kind === 'approve' ? (
              <Alert
                type="info"
                showIcon
                title={
                  action.row.approved_by.length + 1 < action.row.approvals_needed
                    ? t.withdrawals.approveFirstOfTwo
                    : t.withdrawals.approveLast
                }
              />
            ) : null}
            {action.kind === 'paid' ? <Alert type="warning" showIcon title={t.withdrawals.paidNote} /> : null}
            {action.kind === 'reject' ? (
              <Typography.Paragraph>{t.withdrawals.rejectNote}</Typography.Paragraph>
            ) : null}
            <WithdrawalDetails row={action.row} />
            {action.kind === 'paid' ? (
              <Form.Item
                name="reference"
                label={t.withdrawals.reference}
                rules={[
                  { required: true, whitespace: true, message: t.validation.reference },
                  { min: 3, max: 120, message: t.validation.reference },
                ]}
              >
                <Input maxLength={120} autoFocus className="mono" />
              </Form.Item>
            ) : null}
            {action.kind === 'reject' ? <ReasonField required help={t.common.reasonForTrader} /> : null}
          </Space>
        ) : null}
      </ActionModal>
    </>
  );
}
