import { Descriptions } from 'antd';
import type { ReactNode } from 'react';

/** A record's fields as label/value pairs (an expanded row, a decision dialog). */
export function Details({ items, columns = 2 }: { items: readonly [string, ReactNode][]; columns?: number }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={columns}
      items={items.map(([labelText, value]) => ({ key: labelText, label: labelText, children: value }))}
    />
  );
}
