import { Typography } from 'antd';

/** A table's "no rows" text at full contrast (antd's placeholder text is 25 % black). */
export function EmptyText({ children }: { children: string }) {
  return <Typography.Text type="secondary">{children}</Typography.Text>;
}
