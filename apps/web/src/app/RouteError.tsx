import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Shown when a screen throws or its chunk fails to load (typically an old tab after a deploy). Plain
 * elements only: this is in the entry chunk and must work when nothing else can be loaded.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const code = isRouteErrorResponse(error) ? String(error.status) : 'APP';
  return (
    <div className="page-center" data-testid="page-error">
      <h2 className="coming-soon__title">{t('errors.unknown', { code })}</h2>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
