import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Empty } from 'antd';
import enUS from 'antd/locale/en_US';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { t } from './i18n';
import { bindMessages } from './lib/notify';
import { createQueryClient } from './lib/queries';
import { AppRoutes } from './routes';
import { getSession, subscribeSession } from './session';
import './styles.css';

const queryClient = createQueryClient();

// A session that ends leaves nothing of the member's data behind (after the pages have unmounted).
subscribeSession(() => {
  if (!getSession()) setTimeout(() => queryClient.clear(), 0);
});

/** Failed calls are reported through the mounted app's message API (it follows the theme). */
function MessageBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindMessages(message);
    return () => bindMessages(null);
  }, [message]);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <ConfigProvider
      theme={{
        token: {
          colorPrimary: '#1f5eff',
          // antd's defaults for secondary text (45 % black) and errors (#ff4d4f) fall below the
          // 4.5:1 contrast WCAG AA asks of text on white.
          colorTextDescription: 'rgba(0, 0, 0, 0.65)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
          colorError: '#cf1322',
          // Links default to #1677ff (4.1:1 on white); placeholders to 25 % black.
          colorLink: '#1f5eff',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
          borderRadius: 6,
        },
        components: {
          // 8 px each side of a cell (antd's default is 16): the review tables show a dozen columns
          // at 1440 px beside the menu without scrolling.
          Table: { cellPaddingInline: 8 },
        },
      }}
      // Tables and forms of a desktop console: compact but not cramped.
      componentSize="middle"
      // antd's own texts (pagination, date pickers, picture preview) come from its locale pack; ours
      // from i18n/en.ts. Another language swaps both.
      locale={enUS}
      renderEmpty={() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.common.empty} />}
    >
      <AntApp>
        <MessageBinder />
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
