import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useRouteDef } from '../../lib/route-context';
import { ComingSoonPanel } from './ComingSoonPanel';

export function ComingSoonScreen() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const location = useLocation();
  const title =
    typeof def?.title === 'function' ? def.title(new URLSearchParams(location.search)) : def?.title;
  // Tab pages have no top bar, so they carry their own heading; sub-pages show the title in the bar.
  return (
    <>
      {def?.chrome && title && (
        <header className="page-header">
          <h1 className="page-header__title">{t(title)}</h1>
        </header>
      )}
      <ComingSoonPanel showBack={!def?.chrome} />
    </>
  );
}
