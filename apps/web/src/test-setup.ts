/**
 * DOM tests (the files that opt into happy-dom): waitFor and findBy* give a condition up to 10 s
 * instead of Testing Library's 1 s. They return as soon as it holds; the bound only matters on a
 * loaded machine, where a sheet's closing animation alone outlasted 1 s (one run in six or eight).
 *
 * Sheets and dialogs open and close without their slide (react-spring's skipAnimation, the same
 * switch the app turns on for a trader who asks for reduced motion, app/theme.ts): on a loaded
 * machine a sheet's closing animation outlasted even 10 s once in a full run (CopyScreens' stop
 * sheet after Cancel), and a test is about what the sheet does, not how it slides.
 *
 * After a file's last test, a few turns of the event loop before its DOM is torn down: antd-mobile
 * unmounts its toasts and dialogs on a microtask, and React finishes that unmount's work on a later
 * turn (its scheduler runs on setImmediate); run after the teardown, that work read `window` and
 * failed the run with "window is not defined" (seen once in screens.test.tsx, whose tests clear
 * toasts and dialogs after each).
 */
import { afterAll } from 'vitest';

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
  const { Globals } = await import('@react-spring/web');
  Globals.assign({ skipAnimation: true });
  const turns = async (count: number) => {
    for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  afterAll(async () => {
    await turns(3);
    // A toast or dialog opened after the last test's own clean-up (a test that ended on the request
    // it checks, before the answer's success message) is closed now; left open, its timer closed it
    // seconds later, after the teardown ("window is not defined", seen in withdraw-guards.test.tsx).
    const { Dialog, Toast } = await import('antd-mobile');
    Toast.clear();
    Dialog.clear();
    await turns(3);
  });
}
