import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { type ReactNode, useEffect, useState } from 'react';
import { currentAntdLocale, i18n } from '../i18n';
import { queryClient } from './services';

/** antd-mobile's component texts follow the app language (its default would be Simplified Chinese). */
function AntdConfig({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState(currentAntdLocale);
  useEffect(() => {
    const update = () => setLocale(currentAntdLocale());
    i18n.on('languageChanged', update);
    return () => i18n.off('languageChanged', update);
  }, []);
  return locale ? <ConfigProvider locale={locale}>{children}</ConfigProvider> : children;
}

/** Texts need no provider: i18n/use-translation.ts reads the app's one i18next instance. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdConfig>{children}</AntdConfig>
    </QueryClientProvider>
  );
}
