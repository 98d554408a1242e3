import { routes, type StaffUserRow } from '@meridian/contract';
import { Button, Form, Input, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { WrapText } from '../components/cell-text';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { TimeText } from '../components/time-text';
import { label, t } from '../i18n';
import { pagination, useListParams } from '../lib/list-params';
import { useCallQuery } from '../lib/queries';

/** A trader's restrictions as tags (or "None"). */
export function RestrictionTags({
  user,
}: {
  user: Pick<StaffUserRow, 'trading_frozen' | 'withdrawals_frozen'>;
}) {
  if (!user.trading_frozen && !user.withdrawals_frozen) return <span>{t.users.noRestrictions}</span>;
  return (
    <Space size={4} wrap>
      {user.trading_frozen ? <Tag color="red">{t.users.tradingFrozen}</Tag> : null}
      {user.withdrawals_frozen ? <Tag color="red">{t.users.withdrawalsFrozen}</Tag> : null}
    </Space>
  );
}

export function AccountTag({ demo }: { demo: boolean }) {
  return demo ? <Tag>{t.users.demo}</Tag> : <Tag color="blue">{t.users.real}</Tag>;
}

const KYC_TONE: Record<number, string> = { 0: 'default', 1: 'gold', 2: 'green' };
export function KycTag({ status }: { status: number }) {
  return <Tag color={KYC_TONE[status] ?? 'default'}>{label(t.users.kycStatus, status)}</Tag>;
}

export function UsersPage() {
  const list = useListParams(undefined);
  const q = list.params.get('q') ?? '';
  const [form] = Form.useForm<{ q: string }>();
  const query = useCallQuery(routes.staffUsers, { q, page: list.page }, { keepPrevious: true });

  useEffect(() => {
    form.setFieldsValue({ q });
  }, [form, q]);

  const columns: TableColumnsType<StaffUserRow> = [
    { title: t.common.id, dataIndex: 'id', render: (id: number) => <Link to={`/users/${id}`}>#{id}</Link> },
    {
      title: t.users.uid,
      dataIndex: 'uid',
      render: (uid: string, u) => <Link to={`/users/${u.id}`}>{uid}</Link>,
    },
    {
      title: t.users.email,
      dataIndex: 'email',
      render: (v: string | null) => <WrapText width={220}>{v}</WrapText>,
    },
    { title: t.users.phone, dataIndex: 'phone' },
    { title: t.users.account, dataIndex: 'is_demo', render: (demo: boolean) => <AccountTag demo={demo} /> },
    { title: t.users.kind, dataIndex: 'kind', render: (v: number) => label(t.users.kinds, v) },
    { title: t.users.kyc, dataIndex: 'kyc_status', render: (v: number) => <KycTag status={v} /> },
    {
      title: t.users.restrictions,
      key: 'restrictions',
      render: (_, u) => (
        <WrapText width={150}>
          <RestrictionTags user={u} />
        </WrapText>
      ),
    },
    { title: t.users.creditScore, dataIndex: 'credit_score', align: 'right' },
    {
      title: t.common.created,
      dataIndex: 'created_at',
      render: (ms: number) => <TimeText ms={ms} stacked />,
    },
  ];

  return (
    <>
      <PageTitle>{t.users.title}</PageTitle>
      <Form
        form={form}
        layout="inline"
        className="toolbar"
        initialValues={{ q }}
        onFinish={(values) => list.update({ q: values.q?.trim() ? values.q.trim() : null, page: null })}
      >
        <Form.Item name="q" label={t.users.search} rules={[{ max: 100 }]}>
          <Input placeholder={t.users.searchPlaceholder} allowClear style={{ width: 320 }} autoFocus />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={query.isFetching && query.isPlaceholderData}>
            {t.common.search}
          </Button>
        </Form.Item>
      </Form>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<StaffUserRow>
        rowKey="id"
        caption={t.users.caption}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending || query.isPlaceholderData}
        pagination={pagination(list.page, query.data?.total, list.setPage)}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
