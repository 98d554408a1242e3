import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/**
 * The loading spinner, announced as "Loading…": antd-mobile's SpinLoading is a bare div, on which an
 * aria-label is not allowed (and not read), so the name goes on a status wrapper.
 */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <span role="status" aria-label={t('common.loading')} style={{ display: 'inline-flex' }}>
      <SpinLoading color="primary" />
    </span>
  );
}
