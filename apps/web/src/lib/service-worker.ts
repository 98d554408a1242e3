/**
 * Registers the service worker that vite-plugin-pwa generates at build (dist/sw.js): it precaches the
 * HTML shell and the hashed files, so the installed app starts without a network, and it caches no
 * API answer (vite.config.ts). Registered after the page's `load` event, so its downloads never
 * compete with the first screen's. Only in built apps: the dev server has no worker to register.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('./sw.js').catch((error: unknown) => {
      // Private modes and some embedded browsers refuse workers; the app works without one.
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
