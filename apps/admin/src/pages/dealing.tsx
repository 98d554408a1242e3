import { routes, type StaffInstrument, type StaffSetting } from '@meridian/contract';
import {
  Button,
  Col,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Row,
  type FormRule as Rule,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { canCall } from '../access';
import { LabeledSelect } from '../components/labeled-select';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { Num } from '../components/usd';
import { fmt, label, t } from '../i18n';
import {
  type InstrumentValues,
  instrumentChanges,
  instrumentValues,
  LEVERAGE_LIST,
} from '../lib/instrument-diff';
import { showInfo, showSuccess } from '../lib/notify';
import { useCallMutation, useCallQuery } from '../lib/queries';
import { useMe } from '../shell/me';
import { FundingOptions } from './funding-options';

const LOTS = /^\d{1,6}(\.\d{1,4})?$/;
const RATE = /^\d{1,6}(\.\d{1,8})?$/;
/** A price difference, or '' for no minimum spread. */
const SPREAD = /^(\d{1,8}(\.\d{1,8})?)?$/;

const lotsRules: Rule[] = [{ required: true, pattern: LOTS, message: t.validation.lots }];
const rateRules: Rule[] = [{ required: true, pattern: RATE, message: t.validation.rate }];

function EnabledSwitch({ instrument }: { instrument: StaffInstrument }) {
  const update = useCallMutation(routes.staffInstrumentUpdate, {
    invalidates: [routes.staffInstruments],
    onSuccess: (i) => showSuccess(fmt(t.dealing.saved, { code: i.code })),
  });
  const next = !instrument.enabled;
  return (
    <Popconfirm
      title={fmt(next ? t.dealing.enableConfirm : t.dealing.disableConfirm, { code: instrument.code })}
      okText={next ? t.dealing.enable : t.dealing.disable}
      cancelText={t.common.cancel}
      okButtonProps={{ loading: update.isPending, danger: !next }}
      onConfirm={() => update.submit({ id: instrument.id, enabled: next })}
    >
      <Switch
        checked={instrument.enabled}
        loading={update.isPending}
        aria-label={fmt(t.dealing.enabledLabel, { code: instrument.code })}
      />
    </Popconfirm>
  );
}

function InstrumentDrawer({
  instrument,
  onClose,
}: {
  instrument: StaffInstrument | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<InstrumentValues>();
  // While it slides out, the drawer keeps its instrument (never a nameless dialog).
  const last = useRef(instrument);
  if (instrument) last.current = instrument;
  const shown = instrument ?? last.current;
  const update = useCallMutation(routes.staffInstrumentUpdate, {
    invalidates: [routes.staffInstruments],
    onSuccess: (i) => {
      showSuccess(fmt(t.dealing.saved, { code: i.code }));
      onClose();
    },
  });

  return (
    <Drawer
      open={instrument !== null}
      title={shown ? fmt(t.dealing.editTitle, { code: shown.code }) : ''}
      size={480}
      onClose={() => {
        if (!update.isPending) onClose();
      }}
      destroyOnHidden
      maskClosable={!update.isPending}
    >
      {instrument ? (
        <Form<InstrumentValues>
          form={form}
          layout="vertical"
          // A snapshot: the 3-second refresh of the table does not overwrite what is being typed.
          initialValues={instrumentValues(instrument)}
          onFinish={(values) => {
            const changes = instrumentChanges(instrument, values);
            if (!changes) {
              showInfo(t.common.nothingChanged);
              onClose();
              return;
            }
            update.submit(changes);
          }}
        >
          <Form.Item name="enabled" label={t.dealing.enabled} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="spread"
            label={t.dealing.spread}
            extra={t.dealing.spreadHelp}
            rules={[{ pattern: SPREAD, message: t.validation.spread }]}
          >
            <Input className="mono" autoFocus />
          </Form.Item>
          <Row gutter={8}>
            <Col span={8}>
              <Form.Item name="min_lots" label={t.dealing.minLots} rules={lotsRules}>
                <Input className="mono" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="lot_step" label={t.dealing.lotStep} rules={lotsRules}>
                <Input className="mono" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="max_lots" label={t.dealing.maxLots} rules={lotsRules}>
                <Input className="mono" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="fee_rate" label={t.dealing.feeRate} rules={rateRules}>
            <Input className="mono" />
          </Form.Item>
          <Form.Item name="fee_per_lot" label={t.dealing.feePerLot} rules={rateRules}>
            <Input className="mono" />
          </Form.Item>
          <Form.Item name="margin_mode" label={t.dealing.marginMode} rules={[{ required: true }]}>
            <LabeledSelect
              listLabel={t.dealing.marginMode}
              options={Object.entries(t.dealing.marginModes).map(([value, text]) => ({
                value: Number(value),
                label: text,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="retail_leverage"
            label={t.dealing.retailLeverage}
            extra={t.dealing.leverageHelp}
            rules={[{ pattern: LEVERAGE_LIST, message: t.validation.leverage }]}
          >
            <Input className="mono" />
          </Form.Item>
          <Form.Item
            name="pro_leverage"
            label={t.dealing.proLeverage}
            extra={t.dealing.leverageHelp}
            rules={[{ pattern: LEVERAGE_LIST, message: t.validation.leverage }]}
          >
            <Input className="mono" />
          </Form.Item>
          <Typography.Paragraph type="secondary">
            {t.dealing.schedule}: <span className="mono">{instrument.schedule_id}</span> ·{' '}
            {t.dealing.scheduleReadOnly}
          </Typography.Paragraph>
          <Space>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t.common.save}
            </Button>
            <Button onClick={onClose} disabled={update.isPending}>
              {t.common.cancel}
            </Button>
          </Space>
        </Form>
      ) : null}
    </Drawer>
  );
}

function Instruments() {
  const query = useCallQuery(routes.staffInstruments, {}, { refetchInterval: 3_000 });
  const [editing, setEditing] = useState<StaffInstrument | null>(null);

  const columns: TableColumnsType<StaffInstrument> = [
    {
      title: t.dealing.code,
      dataIndex: 'code',
      fixed: 'left',
      render: (code: string, i) => (
        <span>
          <strong>{code}</strong>
          {i.show_code && i.show_code !== code ? <div className="num">{i.show_code}</div> : null}
        </span>
      ),
    },
    { title: t.dealing.enabled, key: 'enabled', render: (_, i) => <EnabledSwitch instrument={i} /> },
    {
      title: t.dealing.spread,
      dataIndex: 'spread',
      align: 'right',
      render: (v: string) =>
        v ? <Num value={v} /> : <Typography.Text type="secondary">{t.dealing.noMinimum}</Typography.Text>,
    },
    {
      title: t.dealing.typicalSpread,
      dataIndex: 'typical_spread',
      align: 'right',
      // Narrow columns let their two-word titles wrap: the table fits 1440 px without scrolling.
      width: 64,
      render: (v: string) => <Num value={v} />,
    },
    {
      title: t.dealing.lots,
      key: 'lots',
      render: (_, i) => <span className="num">{`${i.min_lots} / ${i.lot_step} / ${i.max_lots}`}</span>,
    },
    {
      title: t.dealing.feeRate,
      dataIndex: 'fee_rate',
      align: 'right',
      width: 56,
      render: (v: string) => <Num value={v} />,
    },
    {
      title: t.dealing.feePerLot,
      dataIndex: 'fee_per_lot',
      align: 'right',
      width: 56,
      render: (v: string) => <Num value={v} />,
    },
    {
      title: t.dealing.marginMode,
      dataIndex: 'margin_mode',
      render: (v: number) => label(t.dealing.marginModes, v),
    },
    {
      title: t.dealing.retailLeverage,
      dataIndex: 'retail_leverage',
      width: 72,
      render: (v: number[]) => v.join(', '),
    },
    {
      title: t.dealing.proLeverage,
      dataIndex: 'pro_leverage',
      width: 72,
      render: (v: number[]) => v.join(', '),
    },
    { title: t.dealing.schedule, dataIndex: 'schedule_id' },
    { title: t.dealing.bid, dataIndex: 'bid', align: 'right', render: (v: string) => <Num value={v} /> },
    { title: t.dealing.ask, dataIndex: 'ask', align: 'right', render: (v: string) => <Num value={v} /> },
    {
      title: t.common.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, i) => (
        <Button size="small" onClick={() => setEditing(i)}>
          {t.common.edit}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="instruments-heading">
      <Typography.Title level={2} className="section-title" id="instruments-heading">
        {t.dealing.instruments}
      </Typography.Title>
      {query.error && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      <Table<StaffInstrument>
        rowKey="id"
        caption={t.dealing.instrumentsCaption}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        size="small"
      />
      <InstrumentDrawer instrument={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

function settingRules(setting: StaffSetting): Rule[] {
  const base: Rule[] = [{ max: 500 }];
  switch (setting.kind) {
    case 'int':
      return [...base, { required: true, pattern: /^-?\d+$/, message: t.validation.int }];
    case 'decimal':
      return [...base, { required: true, pattern: /^-?\d+(\.\d+)?$/, message: t.validation.decimal }];
    case 'url':
      return [...base, { type: 'url', message: t.validation.url }];
    case 'email':
      return [...base, { type: 'email', message: t.validation.email }];
    case 'choice':
      return [{ required: true, message: t.validation.required }];
    default:
      return base;
  }
}

function SettingEditor({ setting, onDone }: { setting: StaffSetting; onDone: () => void }) {
  const update = useCallMutation(routes.staffSettingUpdate, {
    invalidates: [routes.staffSettings],
    onSuccess: (s) => {
      showSuccess(fmt(t.dealing.settingSaved, { key: s.key }));
      onDone();
    },
  });
  return (
    <Form
      layout="inline"
      initialValues={{ value: setting.value }}
      onFinish={(values: { value: string }) => {
        const value = (values.value ?? '').trim();
        if (value === setting.value) {
          showInfo(t.common.nothingChanged);
          onDone();
          return;
        }
        update.submit({ key: setting.key, value });
      }}
    >
      <Form.Item name="value" label={t.dealing.value} rules={settingRules(setting)}>
        {setting.kind === 'choice' ? (
          <LabeledSelect
            listLabel={t.dealing.value}
            style={{ minWidth: 200 }}
            options={(setting.choices ?? []).map((c) => ({ value: c, label: c }))}
            autoFocus
          />
        ) : (
          <Input
            style={{ minWidth: 260 }}
            type={setting.kind === 'email' ? 'email' : setting.kind === 'url' ? 'url' : 'text'}
            inputMode={
              setting.kind === 'int' ? 'numeric' : setting.kind === 'decimal' ? 'decimal' : undefined
            }
            autoFocus
            onKeyDown={(e) => {
              if (e.key === 'Escape' && !update.isPending) onDone();
            }}
          />
        )}
      </Form.Item>
      <Form.Item>
        <Space size="small">
          <Button type="primary" htmlType="submit" size="small" loading={update.isPending}>
            {t.common.save}
          </Button>
          <Button size="small" onClick={onDone} disabled={update.isPending}>
            {t.common.cancel}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

function Settings() {
  const query = useCallQuery(routes.staffSettings, {});
  const [editing, setEditing] = useState<string | null>(null);

  const columns: TableColumnsType<StaffSetting> = [
    { title: t.dealing.key, dataIndex: 'key', render: (v: string) => <span className="mono">{v}</span> },
    {
      title: t.dealing.value,
      key: 'value',
      render: (_, s) =>
        editing === s.key ? (
          <SettingEditor setting={s} onDone={() => setEditing(null)} />
        ) : (
          <span className="mono" style={{ wordBreak: 'break-all' }}>
            {s.value}
          </span>
        ),
    },
    { title: t.dealing.kind, dataIndex: 'kind' },
    {
      title: t.common.actions,
      key: 'actions',
      render: (_, s) =>
        editing === s.key ? null : (
          <Button size="small" onClick={() => setEditing(s.key)}>
            {t.common.edit}
          </Button>
        ),
    },
  ];

  return (
    <section aria-labelledby="settings-heading">
      <Typography.Title level={2} className="section-title" id="settings-heading">
        {t.dealing.settings}
      </Typography.Title>
      {query.error && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      <Table<StaffSetting>
        rowKey="key"
        caption={t.dealing.settingsCaption}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending}
        pagination={false}
        size="small"
      />
    </section>
  );
}

export function DealingPage() {
  const me = useMe();
  return (
    <>
      <PageTitle>{t.dealing.title}</PageTitle>
      <Instruments />
      <Settings />
      {canCall(me.role, routes.staffFundingOptions) ? <FundingOptions /> : null}
    </>
  );
}
