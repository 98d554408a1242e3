import { routes } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/services';
import { useSettings } from '../../lib/stores/settings';
import { mailtoHref, useContactEmail } from './contact';
import './user.css';
import { Spinner } from '../../lib/spinner';

/** Only web addresses are embedded: a `javascript:` link from a bad setting must not run in our origin. */
export function safeChatLink(link: string | null | undefined): string | null {
  const value = link?.trim() ?? '';
  return /^https?:\/\//i.test(value) ? value : null;
}

/** service_link from the basic settings, else the kefu_link setting; `loading` while that is read. */
function useChatLink(): { link: string | null; loading: boolean } {
  const serviceLink = safeChatLink(useSettings((s) => s.service_link));
  const { data, isPending } = useQuery({
    queryKey: ['settings', 'kefu_link'],
    queryFn: () => api.call(routes.publicSetting, { key: 'kefu_link' }, { showErrorMessage: false }),
    enabled: !serviceLink,
    staleTime: 5 * 60_000,
  });
  const link = serviceLink ?? safeChatLink(data?.value);
  return { link, loading: link === null && isPending };
}

/** No chat is configured: support is still reachable, by the contact e-mail. */
function ChatFallback() {
  const { t } = useTranslation();
  const { email, loading } = useContactEmail();
  return (
    <div className="page-center" data-testid="page-chat">
      <div className="coming-soon__mark" aria-hidden="true">
        <MailOutline />
      </div>
      <p className="mine-hint" data-testid="chat-unavailable">
        {t('chat.unavailable')} {email ? t('chat.write_instead') : null}
      </p>
      {email ? (
        <a className="contact-email" href={mailtoHref(email)} data-testid="chat-contact-email">
          {email}
        </a>
      ) : loading ? (
        <Spinner />
      ) : null}
    </div>
  );
}

/** /mine/chat: the support chat embedded (service_link_type 1) or opened in its own window (2). */
export function ChatScreen() {
  const { t } = useTranslation();
  const { link, loading } = useChatLink();
  const newWindow = Number(useSettings((s) => s.service_link_type)) === 2;

  if (!link) {
    return loading ? (
      <div className="page-center" data-testid="page-chat">
        <Spinner />
      </div>
    ) : (
      <ChatFallback />
    );
  }
  if (newWindow) {
    return (
      <div className="page-center" data-testid="page-chat">
        <Button
          color="primary"
          shape="rounded"
          onClick={() => {
            window.open(link, '_blank', 'noopener');
          }}
        >
          {t('chat.open')}
        </Button>
      </div>
    );
  }
  return <iframe className="chat-frame" data-testid="page-chat" src={link} title={t('chat.title')} />;
}
