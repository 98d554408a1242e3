import { routes, type StaffFundingOptions } from '@meridian/contract';
import {
  Button,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { ActionModal } from '../components/action-modal';
import { WrapText } from '../components/cell-text';
import { LabeledSelect } from '../components/labeled-select';
import { QueryError } from '../components/query-error';
import { Num } from '../components/usd';
import { fmt, label, t } from '../i18n';
import { showSuccess } from '../lib/notify';
import { useCallMutation, useCallQuery } from '../lib/queries';

type Address = StaffFundingOptions['deposit_addresses'][number];
type Bank = StaffFundingOptions['deposit_banks'][number];
type DrawCurrency = StaffFundingOptions['draw_currencies'][number];

const CODE = /^[A-Za-z0-9]{2,12}$/;
const DECIMAL_6_8 = /^\d{1,6}(\.\d{1,8})?$/;
const DECIMAL_9_8 = /^\d{1,9}(\.\d{1,8})?$/;

function text(name: string, labelText: string, rules: FormRule[], extra?: string, autoFocus = false) {
  return (
    <Form.Item key={name} name={name} label={labelText} rules={rules} extra={extra}>
      <Input autoFocus={autoFocus} />
    </Form.Item>
  );
}
const required = { required: true, whitespace: true, message: t.validation.required };
const code = (name: 'currency_code' | 'protocol_code', labelText: string, autoFocus = false) =>
  text(name, labelText, [required, { pattern: CODE, message: t.validation.code_2_12 }], undefined, autoFocus);
const enabledAndSort = [
  <Form.Item key="enabled" name="enabled" label={t.funding.enabled} valuePropName="checked">
    <Switch />
  </Form.Item>,
  <Form.Item key="sort" name="sort" label={t.funding.sort} extra={t.funding.sortHelp}>
    <InputNumber min={0} max={10_000} precision={0} />
  </Form.Item>,
];

const enabledTag = (v: boolean) => (v ? <Tag color="green">{t.funding.on}</Tag> : <Tag>{t.funding.off}</Tag>);

type Editing =
  | { kind: 'address'; row: Address | null }
  | { kind: 'bank'; row: Bank | null }
  | { kind: 'draw'; row: DrawCurrency };

/** The dealing desk's deposit addresses, deposit bank accounts and withdrawal currencies. */
export function FundingOptions() {
  const query = useCallQuery(routes.staffFundingOptions, {});
  const [editing, setEditing] = useState<Editing | null>(null);
  const done = (message: string) => {
    showSuccess(message);
    setEditing(null);
  };
  const invalidates = [routes.staffFundingOptions];
  const saveAddress = useCallMutation(routes.staffDepositAddressSave, {
    invalidates,
    onSuccess: () => done(t.funding.saved),
  });
  const saveBank = useCallMutation(routes.staffDepositBankSave, {
    invalidates,
    onSuccess: () => done(t.funding.saved),
  });
  const saveDraw = useCallMutation(routes.staffDrawCurrencySave, {
    invalidates,
    onSuccess: () => done(t.funding.saved),
  });
  const pending = saveAddress.isPending || saveBank.isPending || saveDraw.isPending;

  const edit = (row: Editing) => (
    <Button size="small" onClick={() => setEditing(row)}>
      {t.common.edit}
    </Button>
  );

  const addressColumns: TableColumnsType<Address> = [
    { title: t.funding.currency, dataIndex: 'currency_code' },
    { title: t.funding.protocol, dataIndex: 'protocol_code' },
    {
      title: t.funding.address,
      dataIndex: 'address',
      render: (v: string) => (
        <WrapText width={400} mono>
          {v}
        </WrapText>
      ),
    },
    { title: t.funding.enabled, dataIndex: 'enabled', render: enabledTag },
    { title: t.funding.sort, dataIndex: 'sort', align: 'right' },
    { title: t.common.actions, key: 'a', render: (_, row) => edit({ kind: 'address', row }) },
  ];
  const bankColumns: TableColumnsType<Bank> = [
    { title: t.funding.currency, dataIndex: 'currency_code' },
    {
      title: t.funding.bankName,
      dataIndex: 'bank_name',
      render: (v: string) => <WrapText width={240}>{v}</WrapText>,
    },
    {
      title: t.funding.payeeName,
      dataIndex: 'payee_name',
      render: (v: string) => <WrapText width={240}>{v}</WrapText>,
    },
    {
      title: t.funding.payeeAccount,
      dataIndex: 'payee_account',
      render: (v: string) => (
        <WrapText width={260} mono>
          {v}
        </WrapText>
      ),
    },
    {
      title: t.funding.swift,
      dataIndex: 'bank_swift',
      render: (v: string) => <span className="mono">{v}</span>,
    },
    { title: t.funding.enabled, dataIndex: 'enabled', render: enabledTag },
    { title: t.funding.sort, dataIndex: 'sort', align: 'right' },
    { title: t.common.actions, key: 'a', render: (_, row) => edit({ kind: 'bank', row }) },
  ];
  const drawColumns: TableColumnsType<DrawCurrency> = [
    { title: t.common.type, dataIndex: 'type', render: (v: number) => label(t.funding.drawTypes, v) },
    { title: t.funding.currency, dataIndex: 'code' },
    { title: t.funding.protocol, dataIndex: 'protocol' },
    {
      title: t.funding.fee,
      key: 'fee',
      render: (_, d) => (
        <span>
          <Num value={d.draw_rate} />{' '}
          <Typography.Text type="secondary">{label(t.funding.feeTypes, d.fee_type)}</Typography.Text>
        </span>
      ),
    },
    {
      title: t.funding.usdPrice,
      dataIndex: 'usd_price',
      align: 'right',
      render: (v: string) => <Num value={v} />,
    },
    { title: t.funding.receiveDecimals, dataIndex: 'receive_decimals', align: 'right' },
    { title: t.funding.enabled, dataIndex: 'enabled', render: enabledTag },
    { title: t.funding.sort, dataIndex: 'sort', align: 'right' },
    { title: t.common.actions, key: 'a', render: (_, row) => edit({ kind: 'draw', row }) },
  ];

  let fields: ReactNode = null;
  let title = '';
  let initial: object | undefined;
  if (editing?.kind === 'address') {
    title = editing.row
      ? fmt(t.funding.editAddress, { code: editing.row.currency_code })
      : t.funding.addAddress;
    initial = editing.row ?? { enabled: true, sort: 0 };
    fields = [
      code('currency_code', t.funding.currency, true),
      code('protocol_code', t.funding.protocol),
      text('address', t.funding.address, [required, { min: 10, max: 120, message: t.validation.address }]),
      ...enabledAndSort,
    ];
  } else if (editing?.kind === 'bank') {
    title = editing.row ? fmt(t.funding.editBank, { name: editing.row.bank_name }) : t.funding.addBank;
    initial = editing.row ?? { enabled: true, sort: 0 };
    fields = [
      code('currency_code', t.funding.currency, true),
      text('bank_name', t.funding.bankName, [required, { min: 2, max: 120 }]),
      text('bank_address', t.funding.bankAddress, [{ max: 200 }]),
      text('bank_swift', t.funding.swift, [{ max: 20 }]),
      text('payee_name', t.funding.payeeName, [required, { min: 2, max: 120 }]),
      text('payee_account', t.funding.payeeAccount, [required, { min: 4, max: 64 }]),
      text('bank_remark', t.funding.remark, [{ max: 200 }]),
      ...enabledAndSort,
    ];
  } else if (editing?.kind === 'draw') {
    title = fmt(t.funding.editDraw, {
      code: `${editing.row.code}${editing.row.protocol ? ` ${editing.row.protocol}` : ''}`,
    });
    initial = editing.row;
    fields = [
      <Form.Item key="fee_type" name="fee_type" label={t.funding.feeType} rules={[{ required: true }]}>
        <LabeledSelect<number>
          listLabel={t.funding.feeType}
          options={Object.entries(t.funding.feeTypes).map(([value, name]) => ({
            value: Number(value),
            label: name,
          }))}
        />
      </Form.Item>,
      text(
        'draw_rate',
        t.funding.fee,
        [required, { pattern: DECIMAL_6_8, message: t.validation.rate }],
        t.funding.feeHelp,
        true,
      ),
      text(
        'usd_price',
        t.funding.usdPrice,
        [required, { pattern: DECIMAL_9_8, message: t.validation.rate }],
        t.funding.usdPriceHelp,
      ),
      ...enabledAndSort,
    ];
  }

  const submit = (values: Record<string, unknown>) => {
    if (!editing) return;
    const str = (k: string) => String(values[k] ?? '').trim();
    const common = { enabled: Boolean(values.enabled), sort: Number(values.sort ?? 0) };
    if (editing.kind === 'address') {
      saveAddress.submit({
        ...(editing.row ? { id: editing.row.id } : {}),
        currency_code: str('currency_code').toUpperCase(),
        protocol_code: str('protocol_code').toUpperCase(),
        address: str('address'),
        ...common,
      });
    } else if (editing.kind === 'bank') {
      saveBank.submit({
        ...(editing.row ? { id: editing.row.id } : {}),
        currency_code: str('currency_code').toUpperCase(),
        bank_name: str('bank_name'),
        bank_address: str('bank_address'),
        bank_swift: str('bank_swift'),
        payee_name: str('payee_name'),
        payee_account: str('payee_account'),
        bank_remark: str('bank_remark'),
        ...common,
      });
    } else {
      saveDraw.submit({
        id: editing.row.id,
        draw_rate: str('draw_rate'),
        fee_type: Number(values.fee_type),
        usd_price: str('usd_price'),
        ...common,
      });
    }
  };

  const data = query.data;
  return (
    <section aria-labelledby="funding-heading">
      <Typography.Title level={2} className="section-title" id="funding-heading">
        {t.funding.title}
      </Typography.Title>
      {query.error && !data ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <div className="toolbar">
        <Button onClick={() => setEditing({ kind: 'address', row: null })}>{t.funding.addAddress}</Button>
        <Button onClick={() => setEditing({ kind: 'bank', row: null })}>{t.funding.addBank}</Button>
      </div>
      <Table<Address>
        rowKey="id"
        caption={t.funding.addressesCaption}
        columns={addressColumns}
        dataSource={data?.deposit_addresses ?? []}
        loading={query.isPending}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
      />
      <Table<Bank>
        rowKey="id"
        caption={t.funding.banksCaption}
        columns={bankColumns}
        dataSource={data?.deposit_banks ?? []}
        loading={query.isPending}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 16 }}
      />
      <Table<DrawCurrency>
        rowKey="id"
        caption={t.funding.drawCaption}
        columns={drawColumns}
        dataSource={data?.draw_currencies ?? []}
        loading={query.isPending}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 16 }}
      />
      <ActionModal<Record<string, unknown>>
        open={editing !== null}
        title={title}
        okText={t.common.save}
        pending={pending}
        width={560}
        initialValues={initial as Record<string, unknown> | undefined}
        onCancel={() => setEditing(null)}
        onSubmit={submit}
      >
        {fields}
      </ActionModal>
    </section>
  );
}
