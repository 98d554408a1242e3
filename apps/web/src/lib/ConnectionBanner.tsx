import { isLang, LANGUAGE_TAGS } from '@meridian/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { downReason, pricesAgeMs, useConnection } from './stores/connection';
import './connection.css';

/** "12 sec. ago", "vor 3 Min.", "قبل ١٢ ثانية": the browser words the age in the app's language. */
export function formatAge(ageMs: number, locale: string): string {
  const seconds = Math.max(1, Math.round(ageMs / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
  if (seconds < 60) return format.format(-seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  return format.format(-Math.round(minutes / 60), 'hour');
}

/**
 * Says when prices are not live (offline, reconnecting, or the feed is behind) and how old the prices
 * on screen are. The reason is a polite live region, announced once when it changes; the age beside
 * it ticks every second without being read out each time.
 */
export function ConnectionBanner() {
  const { t, i18n } = useTranslation();
  const reason = useConnection(downReason);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (reason === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [reason]);
  const age = reason === null ? null : pricesAgeMs(useConnection.getState(), now);
  const lang = i18n.language;
  const locale = isLang(lang) ? LANGUAGE_TAGS[lang] : 'en';
  return (
    <div className="connection-banner" data-testid="connection-banner" data-reason={reason ?? 'live'}>
      <p className="connection-banner__reason" role="status" data-testid="connection-reason">
        {reason === null ? '' : t(`connection.${reason}`)}
      </p>
      {age !== null && (
        <p className="connection-banner__age" data-testid="prices-age">
          {t('connection.age', { age: formatAge(age, locale) })}
        </p>
      )}
    </div>
  );
}
