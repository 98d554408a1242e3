import { useTranslation } from '../i18n/use-translation';
import './spinner.css';

/**
 * The loading spinner, announced as "Loading…" by a status wrapper. Drawn by CSS alone: antd-mobile's
 * SpinLoading turned with react-spring, a 16 KB library run on every frame while a screen (the trade
 * chart's frame, lists) waited for its data, on the main thread the screen needed.
 */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <span role="status" aria-label={t('common.loading')} className="spinner">
      <svg className="spinner__ring" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <circle cx="16" cy="16" r="12" />
      </svg>
    </span>
  );
}
