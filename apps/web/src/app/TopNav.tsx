import { NavBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { RouteDef } from './route-table';

/** Back goes to the previous in-app page, or home when the page was opened directly. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  };
}

export function TopNav({ def }: { def: RouteDef }) {
  const { t } = useTranslation();
  const location = useLocation();
  const goBack = useGoBack();
  const title = typeof def.title === 'function' ? def.title(new URLSearchParams(location.search)) : def.title;
  return (
    <div className="top-nav" data-testid="top-nav">
      <NavBar onBack={goBack} backIcon backArrow>
        {title ? t(title) : null}
      </NavBar>
    </div>
  );
}
