import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, type Lang } from '@meridian/contract';
import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useSettings } from '../../app/stores/settings';
import { setLanguage } from '../../i18n';

/** Each language is listed in its own name, so anyone can find theirs whatever is shown now. */
export function LanguageScreen() {
  const current = useSettings((s) => s.lang);
  const setLang = useSettings((s) => s.setLang);
  const [switching, setSwitching] = useState<Lang | null>(null);

  const choose = (lang: Lang) => {
    if (lang === current || switching) return;
    setSwitching(lang);
    setLanguage(lang)
      .then(() => setLang(lang))
      .catch((error: unknown) => console.error('language switch failed', error))
      .finally(() => setSwitching(null));
  };

  return (
    <List className="language-list" data-testid="language-list">
      {LANGUAGES.map((lang) => (
        <List.Item
          key={lang}
          data-testid={`lang-${lang}`}
          onClick={() => choose(lang)}
          arrowIcon={false}
          extra={lang === current ? <CheckOutline color="var(--mer-brand)" aria-hidden="true" /> : null}
        >
          <span lang={LANGUAGE_TAGS[lang]}>{LANGUAGE_NAMES[lang]}</span>
        </List.Item>
      ))}
    </List>
  );
}
