import { routes, STAFF_ROLES, type StaffCreated, type StaffMember, type StaffRole } from '@meridian/contract';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { ActionModal } from '../components/action-modal';
import { WrapText } from '../components/cell-text';
import { LabeledSelect } from '../components/labeled-select';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { TimeBy, TimeText } from '../components/time-text';
import { fmt, t } from '../i18n';
import { showSuccess } from '../lib/notify';
import { useCallMutation, useCallQuery } from '../lib/queries';
import { useMe } from '../shell/me';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: t.roles[role] }));

function RoleField({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <Form.Item name="role" label={t.staff.role} rules={[{ required: true, message: t.validation.required }]}>
      <LabeledSelect<StaffRole> listLabel={t.staff.role} options={ROLE_OPTIONS} autoFocus={autoFocus} />
    </Form.Item>
  );
}

/** The one-time password, once: copy it now. */
function OneTimePassword({ created, onClose }: { created: StaffCreated | null; onClose: () => void }) {
  // While it animates out, the dialog keeps its title (never a nameless dialog).
  const last = useRef(created);
  if (created) last.current = created;
  const shown = created ?? last.current;
  return (
    <Modal
      open={created !== null}
      title={shown ? fmt(t.staff.otpTitle, { email: shown.staff.email }) : ''}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t.common.done}
        </Button>
      }
      destroyOnHidden
    >
      {created ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t.staff.otpWarning} />
          <div>
            <Typography.Text type="secondary" id="otp-label">
              {t.staff.otpLabel}
            </Typography.Text>
            <Typography.Paragraph
              className="mono secret"
              aria-labelledby="otp-label"
              copyable={{ text: created.one_time_password, tooltips: [t.common.copy, t.common.copied] }}
              data-testid="one-time-password"
            >
              {created.one_time_password}
            </Typography.Paragraph>
          </div>
          <Typography.Paragraph type="secondary">{t.staff.otpNext}</Typography.Paragraph>
        </Space>
      ) : null}
    </Modal>
  );
}

export function StaffPage() {
  const me = useMe();
  const query = useCallQuery(routes.staffMembers, {});
  const [adding, setAdding] = useState(false);
  const [roleOf, setRoleOf] = useState<StaffMember | null>(null);
  const [created, setCreated] = useState<StaffCreated | null>(null);

  const invalidates = [routes.staffMembers];
  const create = useCallMutation(routes.staffCreate, {
    invalidates,
    onSuccess: (answer) => {
      setAdding(false);
      setCreated(answer);
      showSuccess(fmt(t.staff.created, { email: answer.staff.email }));
    },
  });
  const update = useCallMutation(routes.staffUpdate, {
    invalidates,
    onSuccess: (member) => {
      setRoleOf(null);
      showSuccess(fmt(t.staff.updated, { email: member.email }));
    },
  });
  const reset = useCallMutation(routes.staffResetAccess, {
    invalidates,
    onSuccess: (answer) => setCreated(answer),
  });

  const columns: TableColumnsType<StaffMember> = [
    {
      title: t.staff.email,
      dataIndex: 'email',
      render: (email: string, m) => (
        <WrapText width={220}>
          {email}
          {m.id === me.id ? <Tag style={{ marginInlineStart: 8 }}>{t.common.you}</Tag> : null}
        </WrapText>
      ),
    },
    { title: t.staff.role, dataIndex: 'role', render: (role: StaffRole) => t.roles[role] },
    {
      title: t.staff.state,
      key: 'state',
      render: (_, m) => (
        <WrapText width={150}>
          <Space size={4} wrap>
            {m.disabled ? (
              <Tag color="red">{t.staff.disabled}</Tag>
            ) : (
              <Tag color="green">{t.staff.active}</Tag>
            )}
            {m.must_change_password ? <Tag color="gold">{t.staff.mustChange}</Tag> : null}
          </Space>
        </WrapText>
      ),
    },
    {
      title: t.staff.authenticator,
      dataIndex: 'totp_enabled',
      render: (v: boolean) => (v ? t.staff.enrolled : t.staff.notEnrolled),
    },
    {
      title: t.common.created,
      key: 'created',
      render: (_, m) => <TimeBy ms={m.created_at} who={m.created_by} />,
    },
    {
      title: t.staff.lastLogin,
      dataIndex: 'last_login_at',
      render: (ms: number | null) => (ms ? <TimeText ms={ms} /> : t.staff.never),
    },
    {
      title: t.common.actions,
      key: 'actions',
      render: (_, m) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => setRoleOf(m)}>
            {t.staff.changeRole}
          </Button>
          <Popconfirm
            title={fmt(m.disabled ? t.staff.enableConfirm : t.staff.disableConfirm, { email: m.email })}
            okText={m.disabled ? t.staff.enable : t.staff.disable}
            cancelText={t.common.cancel}
            okButtonProps={{ danger: !m.disabled, loading: update.isPending }}
            onConfirm={() => update.submit({ id: m.id, disabled: !m.disabled })}
          >
            <Button size="small" danger={!m.disabled}>
              {m.disabled ? t.staff.enable : t.staff.disable}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={fmt(t.staff.resetConfirm, { email: m.email })}
            okText={t.staff.resetAccess}
            cancelText={t.common.cancel}
            okButtonProps={{ danger: true, loading: reset.isPending }}
            onConfirm={() => reset.submit({ id: m.id })}
          >
            <Button size="small">{t.staff.resetAccess}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => setAdding(true)}>
            {t.staff.add}
          </Button>
        }
      >
        {t.staff.title}
      </PageTitle>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<StaffMember>
        rowKey="id"
        caption={t.staff.caption}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />

      <ActionModal<{ email: string; role: StaffRole }>
        open={adding}
        title={t.staff.addTitle}
        okText={t.staff.add}
        pending={create.isPending}
        onCancel={() => setAdding(false)}
        onSubmit={(values) => create.submit({ email: values.email.trim(), role: values.role })}
      >
        <Form.Item
          name="email"
          label={t.staff.email}
          rules={[{ required: true, type: 'email', message: t.validation.email }]}
        >
          <Input type="email" autoComplete="off" autoFocus />
        </Form.Item>
        <RoleField />
      </ActionModal>

      <ActionModal<{ role: StaffRole }>
        open={roleOf !== null}
        title={roleOf ? fmt(t.staff.changeRoleTitle, { email: roleOf.email }) : ''}
        okText={t.common.save}
        pending={update.isPending}
        initialValues={roleOf ? { role: roleOf.role } : undefined}
        onCancel={() => setRoleOf(null)}
        onSubmit={(values) => {
          if (roleOf) update.submit({ id: roleOf.id, role: values.role });
        }}
      >
        <RoleField autoFocus />
      </ActionModal>

      <OneTimePassword created={created} onClose={() => setCreated(null)} />
    </>
  );
}
