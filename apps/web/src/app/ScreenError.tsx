import { Component, type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * Whether `error` is a screen's code that could not be downloaded: a failed dynamic import (each
 * browser words it its own way) or the stylesheet Vite loads with it.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|importing a module script failed|unable to preload css/i.test(message);
}

function subscribeOnline(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/**
 * What shows where a screen (or a part of one, such as the chart) failed. A phone that lost the
 * network while the screen's code was still downloading (before the service worker keeps it) is
 * told so, and the page loads again by itself once the network is back; anything else gets the
 * generic error with a retry. Plain elements only: this is in the entry chunk and must work when
 * nothing else can be loaded.
 */
export function ScreenError({ error, code = 'APP' }: { error: unknown; code?: string }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  useEffect(() => {
    if (!chunk) return;
    // A reload fetches the code again (and the stylesheets Vite would not retry).
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [chunk]);
  const waiting = chunk && !online;
  return (
    <div className="page-center" data-testid="page-error" data-waiting-for-network={waiting || undefined}>
      <h2 className="coming-soon__title">
        {waiting ? t('connection.screenOffline') : t('errors.unknown', { code })}
      </h2>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}

interface ScreenBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Keeps a failing screen inside the app's frame: the connection banner, the top bar and the tab
 * bar stay, and only the screen's place shows ScreenError. Without it the router's error page
 * replaced the whole layout, banner included.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, ScreenBoundaryState> {
  override state: ScreenBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ScreenBoundaryState {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <ScreenError error={this.state.error} /> : this.props.children;
  }
}
