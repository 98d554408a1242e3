import { routes, type StaffLedgerPage, type StaffOrderPage, type StaffUserProfile } from '@meridian/contract';
import { Alert, Button, Form, Input, InputNumber, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { canCall } from '../access';
import { ActionModal, ReasonField } from '../components/action-modal';
import { ClippedText, WrapText } from '../components/cell-text';
import { Details } from '../components/details';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { TimeText } from '../components/time-text';
import { Num, Usd } from '../components/usd';
import { fmt, label, t } from '../i18n';
import { pagination } from '../lib/list-params';
import { showSuccess } from '../lib/notify';
import { useCallMutation, useCallQuery } from '../lib/queries';
import { NotFound } from '../shell/guards';
import { useMe } from '../shell/me';
import { PageLoading } from '../shell/shell';
import { AccountTag, KycTag, RestrictionTags } from './users';

type ActionKind = 'trading' | 'withdrawals' | 'credit' | 'logout' | 'avatar' | 'twoFactor' | 'adjust';

const AMOUNT = /^-?\d{1,10}(\.\d{1,6})?$/;

type LedgerItem = StaffLedgerPage['list'][number];
type OrderItem = StaffOrderPage['list'][number];
type CopyItem = StaffUserProfile['copies'][number];
type LoginItem = StaffUserProfile['logins'][number];

function LedgerTab({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const query = useCallQuery(routes.staffUserLedger, { id, page }, { keepPrevious: true });
  return (
    <>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<LedgerItem>
        rowKey="id"
        caption={t.user.ledgerCaption}
        dataSource={query.data?.list ?? []}
        loading={query.isPending || query.isPlaceholderData}
        pagination={pagination(page, query.data?.total, setPage)}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t.common.id, dataIndex: 'id' },
          { title: t.user.kind, dataIndex: 'kind' },
          {
            title: t.user.change,
            dataIndex: 'number',
            align: 'right',
            render: (v: string) => <Usd value={v} colored />,
          },
          {
            title: t.user.lockChange,
            dataIndex: 'lock_number',
            align: 'right',
            render: (v: string) => <Usd value={v} colored />,
          },
          {
            title: t.user.balanceAfter,
            dataIndex: 'balance',
            align: 'right',
            render: (v: string) => <Usd value={v} />,
          },
          {
            title: t.user.lockAfter,
            dataIndex: 'lock_balance',
            align: 'right',
            render: (v: string) => <Usd value={v} />,
          },
          {
            title: t.user.ref,
            dataIndex: 'ref',
            render: (v: string) => <WrapText width={260}>{v}</WrapText>,
          },
          { title: t.user.time, dataIndex: 'created_at', render: (ms: number) => <TimeText ms={ms} /> },
        ]}
      />
    </>
  );
}

function OrdersTab({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const query = useCallQuery(routes.staffUserOrders, { id, page }, { keepPrevious: true });
  return (
    <>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<OrderItem>
        rowKey="id"
        caption={t.user.ordersCaption}
        dataSource={query.data?.list ?? []}
        loading={query.isPending || query.isPlaceholderData}
        pagination={pagination(page, query.data?.total, setPage)}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t.common.id, dataIndex: 'id' },
          { title: t.user.instrument, dataIndex: 'code' },
          {
            title: t.user.side,
            dataIndex: 'side',
            render: (v: number) => <Tag color={v === 1 ? 'green' : 'red'}>{label(t.user.sides, v)}</Tag>,
          },
          { title: t.user.lots, dataIndex: 'lots', align: 'right', render: (v: string) => <Num value={v} /> },
          {
            title: t.common.status,
            dataIndex: 'status',
            render: (v: number) => label(t.user.orderStatus, v),
          },
          {
            title: t.user.openPrice,
            dataIndex: 'open_price',
            align: 'right',
            render: (v: string) => <Num value={v} />,
          },
          {
            title: t.user.closePrice,
            dataIndex: 'close_price',
            align: 'right',
            render: (v: string) => <Num value={v} />,
          },
          {
            title: t.user.margin,
            dataIndex: 'margin',
            align: 'right',
            render: (v: string) => <Usd value={v} />,
          },
          {
            title: t.user.pnl,
            dataIndex: 'pnl',
            align: 'right',
            render: (v: string) => <Usd value={v} colored />,
          },
          { title: t.user.fee, dataIndex: 'fee', align: 'right', render: (v: string) => <Usd value={v} /> },
          { title: t.user.opened, dataIndex: 'created_at', render: (ms: number) => <TimeText ms={ms} /> },
          {
            title: t.user.closed,
            dataIndex: 'closed_at',
            render: (ms: number | null) => <TimeText ms={ms} />,
          },
        ]}
      />
    </>
  );
}

export function UserPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <UserProfile key={id} id={id} />;
}

function UserProfile({ id }: { id: number }) {
  const me = useMe();
  const query = useCallQuery(routes.staffUser, { id });
  const [action, setAction] = useState<ActionKind | null>(null);

  const finish = (text: string) => {
    showSuccess(text);
    setAction(null);
  };
  const userReads = [routes.staffUser, routes.staffUsers];
  const restrict = useCallMutation(routes.staffUserRestrict, {
    invalidates: userReads,
    onSuccess: () => finish(t.user.restricted),
  });
  const credit = useCallMutation(routes.staffUserCredit, {
    invalidates: userReads,
    onSuccess: () => finish(t.user.creditSaved),
  });
  const logout = useCallMutation(routes.staffUserLogout, {
    invalidates: [routes.staffUser],
    onSuccess: () => finish(t.user.loggedOut),
  });
  const avatar = useCallMutation(routes.staffUserAvatarRemove, {
    invalidates: [routes.staffUser],
    onSuccess: () => finish(t.user.avatarRemoved),
  });
  const approvalReads = [routes.staffApprovals, routes.staffDashboard];
  const twoFactor = useCallMutation(routes.staffUserTwoFactorReset, {
    invalidates: approvalReads,
    onSuccess: (a) => finish(fmt(t.user.approvalRequested, { id: a.id })),
  });
  const adjust = useCallMutation(routes.staffUserAdjust, {
    invalidates: approvalReads,
    onSuccess: (a) => finish(fmt(t.user.approvalRequested, { id: a.id })),
  });
  const pending =
    restrict.isPending ||
    credit.isPending ||
    logout.isPending ||
    avatar.isPending ||
    twoFactor.isPending ||
    adjust.isPending;

  if (query.isPending) return <PageLoading />;
  if (!query.data) {
    return (
      <>
        <PageTitle>{fmt(t.user.title, { uid: `#${id}` })}</PageTitle>
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
        <Link to="/users">{t.user.back}</Link>
      </>
    );
  }

  const profile = query.data;
  const user = profile.user;
  const may = {
    restrict: canCall(me.role, routes.staffUserRestrict),
    credit: canCall(me.role, routes.staffUserCredit),
    logout: canCall(me.role, routes.staffUserLogout),
    avatar: canCall(me.role, routes.staffUserAvatarRemove) && Boolean(profile.strategy?.avatar),
    twoFactor: canCall(me.role, routes.staffUserTwoFactorReset),
    adjust: canCall(me.role, routes.staffUserAdjust),
  };

  const modal: Record<ActionKind, { title: string; ok: string; danger: boolean; note: string }> = {
    trading: user.trading_frozen
      ? {
          title: t.user.unfreezeTrading,
          ok: t.user.unfreezeTrading,
          danger: false,
          note: t.user.unfreezeTradingNote,
        }
      : {
          title: t.user.freezeTrading,
          ok: t.user.freezeTrading,
          danger: true,
          note: t.user.freezeTradingNote,
        },
    withdrawals: user.withdrawals_frozen
      ? {
          title: t.user.unfreezeWithdrawals,
          ok: t.user.unfreezeWithdrawals,
          danger: false,
          note: t.user.unfreezeWithdrawalsNote,
        }
      : {
          title: t.user.freezeWithdrawals,
          ok: t.user.freezeWithdrawals,
          danger: true,
          note: t.user.freezeWithdrawalsNote,
        },
    credit: { title: t.user.creditTitle, ok: t.common.save, danger: false, note: '' },
    logout: { title: t.user.logout, ok: t.user.logout, danger: true, note: t.user.logoutNote },
    avatar: {
      title: t.user.avatarRemove,
      ok: t.user.avatarRemove,
      danger: true,
      note: t.user.avatarRemoveNote,
    },
    twoFactor: { title: t.user.twoFactor, ok: t.user.twoFactor, danger: false, note: t.user.twoFactorNote },
    adjust: { title: t.user.adjust, ok: t.user.adjust, danger: false, note: t.user.adjustNote },
  };

  const submit = (values: { reason: string; score?: number; amount?: string }) => {
    const reason = values.reason.trim();
    switch (action) {
      case 'trading':
        restrict.submit({ id, trading_frozen: !user.trading_frozen, reason });
        break;
      case 'withdrawals':
        restrict.submit({ id, withdrawals_frozen: !user.withdrawals_frozen, reason });
        break;
      case 'credit':
        credit.submit({ id, score: values.score ?? 0, reason });
        break;
      case 'logout':
        logout.submit({ id, reason });
        break;
      case 'avatar':
        avatar.submit({ id, reason });
        break;
      case 'twoFactor':
        twoFactor.submit({ id, reason });
        break;
      case 'adjust':
        adjust.submit({ id, amount: values.amount?.trim() ?? '', reason });
        break;
      default:
        break;
    }
  };

  const current = action ? modal[action] : null;

  return (
    <>
      <Link to="/users">← {t.user.back}</Link>
      <PageTitle>{fmt(t.user.title, { uid: user.uid })}</PageTitle>

      <Details
        columns={3}
        items={[
          [t.common.id, `#${user.id}`],
          [
            t.users.uid,
            <Typography.Text key="uid" copyable className="mono">
              {user.uid}
            </Typography.Text>,
          ],
          [t.users.email, user.email ?? t.common.none],
          [t.users.phone, user.phone ?? t.common.none],
          [t.users.account, <AccountTag key="acc" demo={user.is_demo} />],
          [t.users.kind, label(t.users.kinds, user.kind)],
          [
            t.users.kyc,
            <Space key="kyc" size={4} wrap>
              <KycTag status={user.kyc_status} />
              {profile.kyc?.name ? <span>{profile.kyc.name}</span> : null}
            </Space>,
          ],
          [t.user.balance, <Usd key="b" value={profile.balance} />],
          [t.user.frozen, <Usd key="f" value={profile.frozen} />],
          [t.users.restrictions, <RestrictionTags key="r" user={user} />],
          [t.users.creditScore, user.credit_score],
          [t.user.openOrders, profile.open_orders],
          [t.user.pendingOrders, profile.pending_orders],
          [t.common.created, <TimeText key="c" ms={user.created_at} />],
          [
            t.user.published,
            profile.strategy ? (
              <Space key="strategy" size={8} wrap>
                {profile.strategy.avatar ? (
                  <img
                    src={profile.strategy.avatar}
                    alt={t.user.strategyPicture}
                    width={32}
                    height={32}
                    style={{ borderRadius: '50%', objectFit: 'cover' }}
                  />
                ) : null}
                <span>{profile.strategy.name}</span>
                <Tag>{label(t.user.strategyStatus, profile.strategy.status)}</Tag>
              </Space>
            ) : (
              t.common.none
            ),
          ],
          ...(profile.kyc?.reason ? ([[t.user.kycReason, profile.kyc.reason]] as [string, string][]) : []),
        ]}
      />

      <section aria-label={t.user.actionsLabel} style={{ margin: '16px 0' }}>
        <Space wrap>
          {may.restrict ? (
            <>
              <Button danger={!user.trading_frozen} onClick={() => setAction('trading')}>
                {user.trading_frozen ? t.user.unfreezeTrading : t.user.freezeTrading}
              </Button>
              <Button danger={!user.withdrawals_frozen} onClick={() => setAction('withdrawals')}>
                {user.withdrawals_frozen ? t.user.unfreezeWithdrawals : t.user.freezeWithdrawals}
              </Button>
            </>
          ) : null}
          {may.credit ? <Button onClick={() => setAction('credit')}>{t.user.credit}</Button> : null}
          {may.logout ? <Button onClick={() => setAction('logout')}>{t.user.logout}</Button> : null}
          {may.avatar ? (
            <Button danger onClick={() => setAction('avatar')}>
              {t.user.avatarRemove}
            </Button>
          ) : null}
          {may.twoFactor ? <Button onClick={() => setAction('twoFactor')}>{t.user.twoFactor}</Button> : null}
          {may.adjust ? <Button onClick={() => setAction('adjust')}>{t.user.adjust}</Button> : null}
        </Space>
      </section>

      <Tabs
        items={[
          { key: 'ledger', label: t.user.tabs.ledger, children: <LedgerTab id={id} /> },
          { key: 'orders', label: t.user.tabs.orders, children: <OrdersTab id={id} /> },
          {
            key: 'copies',
            label: t.user.tabs.copies,
            children: (
              <Table<CopyItem>
                rowKey="id"
                caption={t.user.copiesCaption}
                dataSource={profile.copies}
                pagination={false}
                columns={[
                  { title: t.common.id, dataIndex: 'id' },
                  {
                    title: t.user.strategy,
                    dataIndex: 'strategy',
                    render: (v: string) => <WrapText width={360}>{v}</WrapText>,
                  },
                  // The contract gives the copy's status as a bare number (see the README).
                  { title: t.common.status, dataIndex: 'status' },
                  {
                    title: t.user.funds,
                    dataIndex: 'funds',
                    align: 'right',
                    render: (v: string) => <Usd value={v} />,
                  },
                ]}
              />
            ),
          },
          {
            key: 'logins',
            label: t.user.tabs.logins,
            children: (
              <Table<LoginItem>
                rowKey={(l) => `${l.at}-${l.address}-${l.device}`}
                caption={t.user.loginsCaption}
                dataSource={profile.logins}
                pagination={false}
                columns={[
                  { title: t.user.time, dataIndex: 'at', render: (ms: number) => <TimeText ms={ms} /> },
                  {
                    title: t.user.address,
                    dataIndex: 'address',
                    render: (v: string) => (
                      <WrapText width={240} mono>
                        {v}
                      </WrapText>
                    ),
                  },
                  {
                    title: t.user.device,
                    dataIndex: 'device',
                    render: (v: string) => <ClippedText text={v} width={420} lines={2} />,
                  },
                  {
                    title: t.user.active,
                    dataIndex: 'active',
                    render: (v: boolean) => (v ? <Tag color="green">{t.common.yes}</Tag> : t.common.no),
                  },
                ]}
              />
            ),
          },
        ]}
      />

      <ActionModal<{ reason: string; score?: number; amount?: string }>
        open={action !== null}
        title={current?.title ?? ''}
        okText={current?.ok ?? ''}
        danger={current?.danger}
        pending={pending}
        onCancel={() => setAction(null)}
        onSubmit={submit}
        initialValues={action === 'credit' ? { score: user.credit_score } : undefined}
      >
        {current?.note ? (
          <Alert
            type={action === 'adjust' || action === 'twoFactor' ? 'info' : 'warning'}
            showIcon
            title={current.note}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        {action === 'credit' ? (
          <Form.Item
            name="score"
            label={t.user.credit}
            rules={[{ required: true, type: 'integer', min: 0, max: 1000, message: t.validation.score }]}
          >
            <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} autoFocus />
          </Form.Item>
        ) : null}
        {action === 'adjust' ? (
          <Form.Item
            name="amount"
            label={t.user.amount}
            rules={[
              { required: true, pattern: AMOUNT, message: t.validation.amount },
              {
                validator: (_rule, value: string | undefined) =>
                  value && /^-?0*(\.0*)?$/.test(value.trim())
                    ? Promise.reject(new Error(t.validation.amountZero))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input inputMode="decimal" className="mono" style={{ width: 220 }} autoFocus />
          </Form.Item>
        ) : null}
        <ReasonField required autoFocus={action !== 'credit' && action !== 'adjust'} />
      </ActionModal>
    </>
  );
}
