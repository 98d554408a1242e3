import { t } from '../i18n';

/** The expand column's header: named for screen readers, empty to the eye. */
export const expandColumnTitle = <span className="sr-only">{t.common.details}</span>;
