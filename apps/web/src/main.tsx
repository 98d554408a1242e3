// First: zod's configuration must be in place before any chunk evaluates zod.
import './lib/zod-jitless';
// Second: a page opened by its path (/login) is moved into the hash before the router reads it.
import './lib/path-route';
// antd-mobile's global styles (its CSS variables) ahead of every component's and of our theme, which
// overrides them: the app imports each component by its own path, never through the package's barrel.
import 'antd-mobile/es/global';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startFirstScreen } from './app/first-screen';
import { createAppRouter } from './app/router';
import { initialise, prepare } from './app/startup';
import { refreshBalance } from './lib/auth-actions';
import { startConnectionSync } from './lib/connection-sync';
import { Providers } from './lib/providers';
import { registerServiceWorker } from './lib/service-worker';
import { queryClient, socket } from './lib/services';
import { useSession } from './lib/stores/session';
import './app/theme.css';
import './lib/react19-render';

/**
 * Resolves after the browser has painted a frame: index.html's frame is on screen before React's
 * first render takes the main thread (on a fast network the scripts can arrive before that paint).
 */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The connection banner's store, and the resync (queries and the session's balance) after an outage. */
function watchConnection(): void {
  startConnectionSync({
    socket,
    queryClient,
    window,
    afterResync: () => {
      if (useSession.getState().token) refreshBalance().catch(() => undefined);
    },
  });
}

/** Resolves in a task of its own (after whatever the browser has queued meanwhile). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function main(): Promise<void> {
  // The start-up in tasks of their own, each under a phone's long-task line where it can be: the
  // modules' evaluation, then the settings and the language, then the first screen's requests, then
  // the router, then React's render in slices. In one task the modules' evaluation, the first
  // requests and the router were 57 ms on a desktop core, four times that on a phone.
  await nextTask();
  watchConnection();
  // prepare() settles the language (URL over saved choice) before its first await, so the requests
  // started next already carry it; they then travel beside the language file, not after it.
  const prepared = prepare();
  // Awaited below, a task later: marked as handled now, so a failure meanwhile is not reported as
  // unhandled before the await reports it.
  prepared.catch(() => undefined);
  // The first screen's requests (its data, its code and the links that preload what that imports)
  // in the next task: with the language's set-up before them they were 20-30 ms in one.
  await nextTask();
  const screenCode = startFirstScreen();
  // Made while the first screen's code and data are on their way, when the thread is idle anyway.
  const routed = nextTask().then(createAppRouter);
  // Until the first screen's code is in, index.html's frame stays on show rather than a spinner.
  const [router] = await Promise.all([routed, prepared, screenCode, nextPaint()]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A transition: the first render runs in slices the browser can interleave with input and paint,
  // instead of one long task, and index.html's frame stays until it commits.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
  registerServiceWorker();
  await initialise();
}

main().catch((error: unknown) => {
  console.error('start-up failed', error);
});
