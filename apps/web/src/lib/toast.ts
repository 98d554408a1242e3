/**
 * Toasts, with antd-mobile's Toast (and the animation library under it, about 16 KB compressed)
 * loaded at the first one rather than with the first screen, which usually shows none. Every call
 * chains on the same promise, so a loading toast and its clearing keep their order.
 */
type ToastView = typeof import('./toast-view');

let view: Promise<ToastView> | null = null;

function withView(use: (module: ToastView) => void): void {
  view ??= import('./toast-view');
  view.then(use).catch((error: unknown) => {
    // Only a failed chunk load gets here (offline with no cached copy): nothing else can show it.
    console.error('toast unavailable', error);
    view = null;
  });
}

/** Server messages can be long unbroken strings (order ids, addresses): the view lets them wrap. */
export function showMessage(kind: 'success' | 'error' | 'info', text: string): void {
  withView((m) => m.showMessage(kind, text));
}

export function showLoading(): void {
  withView((m) => m.showLoading());
}

export function hideLoading(): void {
  withView((m) => m.hideLoading());
}
