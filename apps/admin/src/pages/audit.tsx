import { routes, type StaffAuditEntry } from '@meridian/contract';
import {
  AutoComplete,
  Button,
  DatePicker,
  Form,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { call } from '../api';
import { WrapText } from '../components/cell-text';
import { expandColumnTitle } from '../components/expand-title';
import { ExportButton } from '../components/export-button';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { TimeText } from '../components/time-text';
import { t } from '../i18n';
import type { CsvColumn } from '../lib/csv';
import { pagination, useListParams } from '../lib/list-params';
import { useCallQuery } from '../lib/queries';
import { isoTime } from '../lib/time';

interface Filters {
  staff_id?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The audit's before/after JSON text, indented; text that is not JSON as it is. */
export function prettyJson(text: string): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const CSV: readonly CsvColumn<StaffAuditEntry>[] = [
  { title: 'id', value: (a) => a.id },
  { title: 'at', value: (a) => isoTime(a.at) },
  { title: 'staff_id', value: (a) => a.staff_id },
  { title: 'actor', value: (a) => a.actor },
  { title: 'action', value: (a) => a.action },
  { title: 'target', value: (a) => a.target },
  { title: 'address', value: (a) => a.address },
  { title: 'before', value: (a) => a.before },
  { title: 'after', value: (a) => a.after },
];

const numberParam = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : undefined);

function Change({ entry }: { entry: StaffAuditEntry }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      <div>
        <Typography.Text strong>{t.audit.before}</Typography.Text>
        <pre className="json">{prettyJson(entry.before) || t.common.none}</pre>
      </div>
      <div>
        <Typography.Text strong>{t.audit.after}</Typography.Text>
        <pre className="json">{prettyJson(entry.after) || t.common.none}</pre>
      </div>
    </div>
  );
}

export function AuditPage() {
  const list = useListParams(undefined);
  const [form] = Form.useForm<Filters>();
  const staffId = numberParam(list.params.get('staff_id'));
  const action = list.params.get('action') ?? '';
  const from = numberParam(list.params.get('from'));
  const to = numberParam(list.params.get('to'));

  const query = useCallQuery(
    routes.staffAudit,
    { staff_id: staffId, action, from, to, page: list.page },
    { keepPrevious: true },
  );

  // The server matches an action or its beginning: offer the names seen so far.
  const [seenActions, setSeenActions] = useState<readonly string[]>([]);
  useEffect(() => {
    const names = query.data?.list.map((e) => e.action) ?? [];
    setSeenActions((prev) => {
      const next = [...new Set([...prev, ...names])].sort();
      return next.length === prev.length ? prev : next;
    });
  }, [query.data]);

  // The form shows what the address says (Back, a shared link).
  useEffect(() => {
    form.setFieldsValue({
      staff_id: staffId === undefined ? '' : String(staffId),
      action,
      range:
        from !== undefined || to !== undefined ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null,
    });
  }, [form, staffId, action, from, to]);

  const apply = (values: Filters) => {
    const [start, end] = values.range ?? [null, null];
    list.update({
      staff_id: values.staff_id?.trim() ? values.staff_id.trim() : null,
      action: values.action?.trim() ? values.action.trim() : null,
      // Whole days in the browser's time zone, both ends included.
      from: start ? String(start.startOf('day').valueOf()) : null,
      to: end ? String(end.endOf('day').valueOf()) : null,
      page: null,
    });
  };

  const columns: TableColumnsType<StaffAuditEntry> = [
    { title: t.audit.time, dataIndex: 'at', render: (ms: number) => <TimeText ms={ms} stacked /> },
    { title: t.audit.actor, dataIndex: 'actor', render: (v: string) => <WrapText width={200}>{v}</WrapText> },
    { title: t.audit.memberId, dataIndex: 'staff_id' },
    { title: t.audit.action, dataIndex: 'action', render: (v: string) => <span className="mono">{v}</span> },
    {
      title: t.audit.target,
      dataIndex: 'target',
      render: (v: string) => <WrapText width={260}>{v}</WrapText>,
    },
    {
      title: t.audit.address,
      dataIndex: 'address',
      render: (v: string) => (
        <WrapText width={200} mono>
          {v}
        </WrapText>
      ),
    },
  ];

  const rows = query.data?.list ?? [];

  return (
    <>
      <PageTitle>{t.audit.title}</PageTitle>
      <Form<Filters> form={form} layout="inline" className="toolbar" onFinish={apply}>
        <Form.Item
          name="staff_id"
          label={t.audit.memberId}
          rules={[{ pattern: /^\d*$/, message: t.validation.memberId }]}
        >
          <Input inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="action" label={t.audit.action} rules={[{ max: 64 }]}>
          <AutoComplete
            style={{ width: 220 }}
            allowClear
            placeholder={t.audit.actionPlaceholder}
            options={seenActions.map((a) => ({ value: a }))}
            filterOption={(input, option) => (option?.value ?? '').includes(input.trim())}
          />
        </Form.Item>
        <Form.Item name="range" label={t.audit.dateRange}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t.common.filter}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                list.update({ staff_id: null, action: null, from: null, to: null, page: null });
              }}
            >
              {t.common.reset}
            </Button>
          </Space>
        </Form.Item>
        <div className="toolbar-end">
          <ExportButton
            name={t.audit.file}
            columns={CSV}
            rows={rows}
            loadAll={() => allAuditRows({ staff_id: staffId, action, from, to })}
          />
        </div>
      </Form>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<StaffAuditEntry>
        rowKey="id"
        caption={t.audit.caption}
        columns={columns}
        dataSource={rows}
        loading={query.isPending || query.isPlaceholderData}
        pagination={pagination(list.page, query.data?.total, list.setPage)}
        expandable={{
          columnTitle: expandColumnTitle,
          expandedRowRender: (entry) => <Change entry={entry} />,
          rowExpandable: (entry) => Boolean(entry.before || entry.after),
        }}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}

/** Every entry the filters match, page by page (at most 10,000: narrow the dates beyond that). */
async function allAuditRows(filters: {
  staff_id: number | undefined;
  action: string;
  from: number | undefined;
  to: number | undefined;
}): Promise<StaffAuditEntry[]> {
  const out: StaffAuditEntry[] = [];
  for (let page = 1; page <= 200; page++) {
    const answer = await call(routes.staffAudit, { ...filters, page });
    out.push(...answer.list);
    if (answer.list.length === 0 || out.length >= answer.total) break;
  }
  return out;
}
