import type { Company } from '@meridian/contract';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useDialogFocus } from '../../lib/sheet';
import { safeEmail, safeWebUrl } from './links';

/** Everything the directory knows about one company, shown in the bottom popup. */
export function CompanyDetail({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useTranslation();
  const url = safeWebUrl(company.url);
  const email = safeEmail(company.email);
  const titleId = useId();
  // Rendered only while the popup is open: focus goes in now and back to the row when it closes.
  const ref = useDialogFocus<HTMLElement>(true);
  return (
    <section
      ref={ref}
      className="company-detail"
      data-testid="company-detail"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <header className="company-detail__head">
        <img className="company-detail__logo" src={company.logo} alt="" width={56} height={56} />
        <h2 className="company-detail__name" id={titleId}>
          <bdi>{company.name}</bdi>
        </h2>
      </header>
      <List className="company-detail__fields">
        <List.Item title={t('product.subject')}>
          <bdi>{company.subject}</bdi>
        </List.Item>
        <List.Item title={t('product.registered_address')}>
          <bdi>{company.registered_address}</bdi>
        </List.Item>
        <List.Item title={t('product.location')}>
          <bdi>{company.location}</bdi>
        </List.Item>
        <List.Item title={t('product.email')}>
          {email ? (
            <a href={`mailto:${email}`} data-testid="company-email" dir="ltr">
              {email}
            </a>
          ) : (
            company.email
          )}
        </List.Item>
        <List.Item title={t('product.website')}>
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" data-testid="company-website" dir="ltr">
              {company.url}
            </a>
          ) : (
            company.url
          )}
        </List.Item>
      </List>
      <div className="company-detail__actions">
        <Button block shape="rounded" onClick={onClose} data-testid="company-detail-close">
          {t('common.close')}
        </Button>
      </div>
    </section>
  );
}
