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
 * After a file's last test, its antd-mobile overlays are closed and waited for before its DOM is
 * torn down (see the afterAll below): run after the teardown, their unmount's work read `window` and
 * failed the whole run with "window is not defined".
 */
import { afterAll } from 'vitest';

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
  const { Globals } = await import('@react-spring/web');
  Globals.assign({ skipAnimation: true });
  /** antd-mobile's overlays: toasts, dialogs, popups and their masks. */
  const OVERLAYS = '.adm-toast-mask, .adm-mask, .adm-popup, .adm-center-popup-wrap';
  const turns = async (count: number) => {
    for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  afterAll(async () => {
    await turns(3);
    // A toast or dialog still open (opened after the last test's own clean-up, or still closing) is
    // closed now and waited for: antd-mobile unmounts an overlay once its close has run its course
    // (a frame of react-spring's loop, even with animations skipped), and on a loaded machine that
    // came after the teardown ("window is not defined", seen after withdraw-guards.test.tsx and
    // screens.test.tsx). The wait ends when no overlay is left, or after 5 s whatever is left.
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const { default: Toast } = await import('antd-mobile/es/components/toast');
    Toast.clear();
    Dialog.clear();
    const deadline = Date.now() + 5_000;
    while (document.querySelector(OVERLAYS) !== null && Date.now() < deadline) await turns(1);
    await turns(3);
  });
}
