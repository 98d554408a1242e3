import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from '../../i18n/use-translation';
import { showMessage } from '../../lib/toast';
import { copyText } from './clipboard';
import { inviteQuery } from './queries';
import './user.css';

/** The server sends a path with the query; the link shared is this site's address for it. */
export function inviteUrl(link: string, origin: string = window.location.origin): string {
  return new URL(link, origin).toString();
}

/** /mine/invite: the user's code and link, each with a copy button. */
export function InviteScreen() {
  const { t } = useTranslation();
  const { data } = useQuery(inviteQuery());

  const copy = (text: string) => {
    copyText(text)
      .then((ok) => {
        if (ok) showMessage('success', t('messages.copy_success'));
      })
      .catch(() => undefined);
  };

  if (!data) {
    return (
      <div className="mine-page" data-testid="page-invite">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  const url = inviteUrl(data.link);

  return (
    <div className="mine-page" data-testid="page-invite">
      <p className="mine-hint">{t('invite.hint')}</p>
      <section className="mine-card">
        <span className="mine-card__label">{t('invite.code')}</span>
        <span className="mine-card__value mine-card__code" data-testid="invite-code">
          {data.invite_code}
        </span>
        <Button
          size="small"
          shape="rounded"
          data-testid="invite-copy-code"
          onClick={() => copy(data.invite_code)}
        >
          {t('common.copy')}
        </Button>
      </section>
      <section className="mine-card">
        <span className="mine-card__label">{t('invite.link')}</span>
        <span className="mine-card__value" data-testid="invite-link">
          {url}
        </span>
        <Button
          size="small"
          shape="rounded"
          color="primary"
          data-testid="invite-copy-link"
          onClick={() => copy(url)}
        >
          {t('common.copy')}
        </Button>
      </section>
      <section className="mine-card">
        <span className="mine-card__label">{t('invite.invited')}</span>
        <span className="mine-card__value" data-testid="invite-count">
          {data.invited_count}
        </span>
      </section>
    </div>
  );
}
