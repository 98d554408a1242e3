import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { version } from '../../../package.json';
import { useTranslation } from '../../i18n/use-translation';
import { ActionItem } from '../../lib/action-item';
import { showMessage } from '../../lib/toast';
import { confirmDialog } from './confirm';
import { logOut } from './queries';
import { ThemePicker } from './ThemePicker';
import './user.css';

/** /mine/system: language, theme, version, and logout. */
export function SystemScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  // Home must be on screen before the session is cleared: while the navigation is still pending this
  // page is rendered, and its login guard would send the user to /login instead. The page unmounting
  // is the sign that home has taken its place.
  const leftPage = useRef<(() => void) | null>(null);
  useEffect(() => () => leftPage.current?.(), []);
  const goHome = () =>
    new Promise<void>((resolve) => {
      leftPage.current = resolve;
      void navigate('/', { replace: true });
    });

  const logout = () => {
    confirmDialog(t('system.logout_confirm'))
      .then(async (ok) => {
        if (!ok) return;
        await logOut(goHome);
        showMessage('success', t('messages.logout_success'));
      })
      .catch(() => undefined);
  };

  return (
    <div className="mine-page" data-testid="page-system">
      <List className="user-menu">
        <ActionItem onClick={() => void navigate('/language')}>{t('user.language')}</ActionItem>
        <List.Item extra={<span dir="ltr">{version}</span>} arrowIcon={false}>
          {t('system.version')}
        </List.Item>
      </List>
      <ThemePicker />
      <Button
        block
        color="danger"
        fill="outline"
        shape="rounded"
        size="large"
        data-testid="logout"
        onClick={logout}
      >
        {t('user.logout')}
      </Button>
    </div>
  );
}
