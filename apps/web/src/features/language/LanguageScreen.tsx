import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, type Lang } from '@meridian/contract';
import List from 'antd-mobile/es/components/list';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { useState } from 'react';
import { setLanguage } from '../../i18n';
import { ActionItem } from '../../lib/action-item';
import { queryClient } from '../../lib/services';
import { useSettings } from '../../lib/stores/settings';
import { ThemePicker } from '../user/ThemePicker';

/**
 * Each language is listed in its own name, so anyone can find theirs whatever is shown now; the theme
 * choice sits below it, the one other display setting a visitor without an account can make.
 */
export function LanguageScreen() {
  const current = useSettings((s) => s.lang);
  const setLang = useSettings((s) => s.setLang);
  const [switching, setSwitching] = useState<Lang | null>(null);

  const choose = (lang: Lang) => {
    if (lang === current || switching) return;
    setSwitching(lang);
    setLanguage(lang)
      .then(() => {
        setLang(lang);
        // The server words some texts itself (skip reasons, ledger lines, the sample strategies'
        // descriptions): what is cached was fetched in the old language. Not awaited: the
        // refetches (and their retries, offline) must not hold the next choice back.
        queryClient.invalidateQueries().catch(() => undefined);
      })
      .catch((error: unknown) => console.error('language switch failed', error))
      .finally(() => setSwitching(null));
  };

  return (
    <div className="language-page">
      <List className="language-list" data-testid="language-list">
        {LANGUAGES.map((lang) => (
          <ActionItem
            key={lang}
            testId={`lang-${lang}`}
            current={lang === current}
            onClick={() => choose(lang)}
            arrowIcon={false}
            extra={lang === current ? <CheckOutline color="var(--mer-brand)" aria-hidden="true" /> : null}
          >
            <span lang={LANGUAGE_TAGS[lang]}>{LANGUAGE_NAMES[lang]}</span>
          </ActionItem>
        ))}
      </List>
      <ThemePicker />
    </div>
  );
}
