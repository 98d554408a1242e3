import { Form } from 'antd';
import { useId } from 'react';
import { t } from '../i18n';
import { LabeledSelect } from './labeled-select';

/** The "Status" select of a queue; `undefined` is All. */
export function StatusFilter({
  value,
  options,
  onChange,
}: {
  value: number | undefined;
  options: Record<number, string>;
  onChange: (status: number | undefined) => void;
}) {
  const id = useId();
  const ALL = 'all';
  return (
    <Form.Item label={t.common.status} htmlFor={id} style={{ marginBottom: 0 }}>
      <LabeledSelect<string>
        id={id}
        listLabel={t.common.status}
        style={{ minWidth: 160 }}
        value={value === undefined ? ALL : String(value)}
        onChange={(v) => onChange(v === ALL ? undefined : Number(v))}
        options={[
          ...Object.entries(options).map(([k, text]) => ({ value: k, label: text })),
          { value: ALL, label: t.common.all },
        ]}
      />
    </Form.Item>
  );
}
