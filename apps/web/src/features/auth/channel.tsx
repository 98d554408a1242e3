import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, routes } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../../lib/form-kit';
import { api } from '../../lib/services';
import { AreaCodeButton } from './area-code';
import type { Channel } from './mutations';
import './auth.css';

/** Whether phone registration is offered beside e-mail (public setting is_show_mobile = "1"). */
export function useShowMobile(): boolean {
  const { data } = useQuery({
    queryKey: ['settings', 'is_show_mobile'],
    queryFn: () => api.call(routes.publicSetting, { key: 'is_show_mobile' }, { showErrorMessage: false }),
    staleTime: 5 * 60_000,
  });
  return data?.value === '1';
}

/** Two buttons rather than antd-mobile's Segmented, whose sliding thumb lands on the wrong side in Arabic. */
export function ChannelSwitch({ value, onChange }: { value: Channel; onChange(channel: Channel): void }) {
  const { t } = useTranslation();
  const options = [
    { label: t('register.by_email'), value: ACCOUNT_TYPE_EMAIL, testId: 'channel-email' },
    { label: t('register.by_mobile'), value: ACCOUNT_TYPE_MOBILE, testId: 'channel-mobile' },
  ] as const;
  return (
    <fieldset className="auth-switch" data-testid="channel-switch">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="auth-switch__option"
          data-testid={option.testId}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/** The e-mail input, or the phone input with its area-code button. */
export function AccountField({
  channel,
  testId,
  value,
  onChange,
}: {
  channel: Channel;
  testId: string;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return channel === ACCOUNT_TYPE_EMAIL ? (
    <TextField
      label={t('register.email')}
      testId={testId}
      type="email"
      inputMode="email"
      autoComplete="email"
      value={value}
      onChange={onChange}
      maxLength={254}
    />
  ) : (
    <TextField
      label={t('register.mobile')}
      testId={testId}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      value={value}
      onChange={onChange}
      maxLength={32}
      start={<AreaCodeButton />}
      ltr
    />
  );
}
