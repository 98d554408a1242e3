import { Alert, Button } from 'antd';
import { fmt, t } from '../i18n';
import { errorText } from '../lib/notify';

/** A list that could not load says why (the server's message) and offers to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={fmt(t.common.loadFailed, { msg: errorText(error) })}
      action={
        <Button size="small" onClick={onRetry}>
          {t.common.retry}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
