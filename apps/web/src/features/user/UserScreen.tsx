import List from 'antd-mobile/es/components/list';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TKey } from '../../i18n';
import { useTranslation } from '../../i18n/use-translation';
import { ActionItem } from '../../lib/action-item';
import { showMessage } from '../../lib/toast';
import { RankOptIn } from '../rank/RankOptIn';
import { AccountCard } from './AccountCard';
import { confirmDialog } from './confirm';
import { refreshAccount, resetDemoAccount } from './queries';
import './user.css';

interface MenuLink {
  path: string;
  label: TKey;
  icon: ReactNode;
}

/** The links of the user page (spec section 2), in the spec's order plus the account detail. */
const LINKS: readonly MenuLink[] = [
  { path: '/mine/wallet', label: 'user.wallet', icon: <BankcardOutline /> },
  { path: '/mine/history', label: 'user.account_detail', icon: <UnorderedListOutline /> },
  { path: '/mine/auth', label: 'user.real_name', icon: <UserContactOutline /> },
  { path: '/mine/invite', label: 'user.invite', icon: <TeamOutline /> },
  { path: '/mine/password', label: 'user.reset_password', icon: <LockOutline /> },
  { path: '/mine/security', label: 'security.title', icon: <CheckShieldOutline /> },
  { path: '/mine/chat', label: 'user.chat', icon: <MessageOutline /> },
  { path: '/mine/email', label: 'user.contact_email', icon: <MailOutline /> },
  { path: '/mine/announcement', label: 'user.announcements', icon: <SoundOutline /> },
  { path: '/language', label: 'user.language', icon: <GlobalOutline /> },
  { path: '/mine/system', label: 'user.system', icon: <SetOutline /> },
];

const isUserPath = (pathname: string) => pathname === '/user' || pathname === '/mine';

/** /user and /mine (one kept-alive screen): the account card and the links. */
export function UserScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const active = isUserPath(location.pathname);

  // Kept alive, so "on visit" means whenever the pane becomes the current route again, or the
  // phone brings the app back to the front while it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation to the page (its key) refreshes
  useEffect(() => {
    if (!active) return;
    const refresh = () => {
      refreshAccount().catch(() => undefined);
    };
    refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, location.key]);

  const resetDemo = () => {
    confirmDialog(t('user.reset_mock_confirm'))
      .then(async (ok) => {
        if (!ok) return;
        await resetDemoAccount();
        showMessage('success', t('user.reset_mock_done'));
      })
      // The API client has shown the server's answer.
      .catch(() => undefined);
  };

  return (
    <div className="user-page" data-testid="page-user">
      {/* On /user (a tab page) there is no top bar to carry the heading; /mine has one. */}
      {location.pathname === '/user' && <h1 className="visually-hidden">{t('nav.user')}</h1>}
      <AccountCard onResetDemo={resetDemo} />
      <RankOptIn />
      <List className="user-menu">
        {LINKS.map((link) => (
          <ActionItem
            key={link.path}
            prefix={
              <span className="user-menu__icon" aria-hidden="true">
                {link.icon}
              </span>
            }
            testId={`user-link-${link.path.split('/').pop()}`}
            onClick={() => void navigate(link.path)}
          >
            {t(link.label)}
          </ActionItem>
        ))}
      </List>
    </div>
  );
}
