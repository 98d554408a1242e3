import Button from 'antd-mobile/es/components/button';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { mailtoHref, useContactEmail } from './contact';
import './user.css';
import { Spinner } from '../../lib/spinner';

/** /mine/email: support's address (the `contact_email` setting) as a mailto link, and the way to the chat. */
export function EmailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { email, loading } = useContactEmail();
  return (
    <div className="page-center" data-testid="page-email">
      <div className="coming-soon__mark" aria-hidden="true">
        <MailOutline />
      </div>
      <p className="mine-hint">{t('email.body')}</p>
      {email ? (
        <a className="contact-email" href={mailtoHref(email)} data-testid="contact-email">
          {email}
        </a>
      ) : loading ? (
        <Spinner />
      ) : (
        <p className="mine-hint" data-testid="contact-email-missing">
          {t('email.unavailable')}
        </p>
      )}
      <Button color="primary" fill="outline" shape="rounded" onClick={() => void navigate('/mine/chat')}>
        {t('user.chat')}
      </Button>
    </div>
  );
}
