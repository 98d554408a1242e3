import type { CopySummary } from '@meridian/contract';
import { useTranslation } from '../../i18n/use-translation';
import { Tag } from './parts';

/** Active, or stopped with the reason in words (by the trader, the equity stop, the strategy). */
export function CopyStatus({
  copy,
  testId,
}: {
  copy: Pick<CopySummary, 'status' | 'stop_reason'>;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (copy.status === 'active') {
    return (
      <Tag kind="status">
        <span data-testid={testId}>{t('follow.copy_status.active')}</span>
      </Tag>
    );
  }
  return (
    <Tag kind="stopped">
      <span data-testid={testId}>
        {copy.stop_reason
          ? t('follow.stopped_because', { reason: t(`follow.stop_reason.${copy.stop_reason}`) })
          : t('follow.copy_status.stopped')}
      </span>
    </Tag>
  );
}
