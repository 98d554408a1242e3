import { Button } from 'antd-mobile';
import { MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './user.css';

/**
 * /mine/email. The spec's complaint-mail endpoint lives on an external host it does not describe, so
 * the page explains how to reach support and hands over to the online chat.
 */
export function EmailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page-center" data-testid="page-email">
      <div className="coming-soon__mark" aria-hidden="true">
        <MailOutline />
      </div>
      <p className="mine-hint">{t('email.body')}</p>
      <Button color="primary" shape="rounded" onClick={() => void navigate('/mine/chat')}>
        {t('user.chat')}
      </Button>
    </div>
  );
}
