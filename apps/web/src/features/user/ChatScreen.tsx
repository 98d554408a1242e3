import type { SettingValue } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/services';
import { useSettings } from '../../app/stores/settings';
import './user.css';

/** Only web addresses are embedded: a `javascript:` link from a bad setting must not run in our origin. */
export function safeChatLink(link: string | null | undefined): string | null {
  const value = link?.trim() ?? '';
  return /^https?:\/\//i.test(value) ? value : null;
}

/** service_link from the basic settings, else the kefu_link setting. */
function useChatLink(): string | null {
  const serviceLink = safeChatLink(useSettings((s) => s.service_link));
  const { data } = useQuery({
    queryKey: ['settings', 'kefu_link'],
    queryFn: async () =>
      (await api.get<SettingValue>('/api/default/setting', { key: 'kefu_link' }, { showErrorMessage: false }))
        .data,
    enabled: !serviceLink,
    staleTime: 5 * 60_000,
  });
  return serviceLink ?? safeChatLink(data?.value);
}

/** /mine/chat: the support chat embedded (service_link_type 1) or opened in its own window (2). */
export function ChatScreen() {
  const { t } = useTranslation();
  const link = useChatLink();
  const newWindow = Number(useSettings((s) => s.service_link_type)) === 2;

  if (!link) {
    return (
      <div data-testid="page-chat">
        <ErrorBlock status="empty" title={t('chat.unavailable')} description="" />
      </div>
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
