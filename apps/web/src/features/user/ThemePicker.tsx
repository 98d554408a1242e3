import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { type ThemeChoice, useSettings } from '../../lib/stores/settings';
import './user.css';

const CHOICES: readonly { value: ThemeChoice; label: 'theme.system' | 'theme.light' | 'theme.dark' }[] = [
  { value: 'system', label: 'theme.system' },
  { value: 'light', label: 'theme.light' },
  { value: 'dark', label: 'theme.dark' },
];

/** Light, dark, or as the phone is set: native radio buttons, so the keyboard and screen readers know them. */
export function ThemePicker() {
  const { t } = useTranslation();
  const name = useId();
  const theme = useSettings((s) => s.theme);
  const setTheme = useSettings((s) => s.setTheme);
  return (
    <fieldset className="theme-picker" data-testid="theme-picker">
      <legend className="theme-picker__legend">{t('theme.title')}</legend>
      <div className="theme-picker__options">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="theme-picker__option">
            <input
              type="radio"
              name={name}
              value={choice.value}
              data-testid={`theme-${choice.value}`}
              checked={theme === choice.value}
              onChange={() => setTheme(choice.value)}
            />
            <span>{t(choice.label)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
