import { type ThemeChoice, useSettings } from '../lib/stores/settings';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function media(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

/**
 * Marks <html> for theme.css: `data-theme` only for an explicit choice; with none, the stylesheet's
 * media query follows the phone, also before any script has run. antd-mobile's own dark flag is not
 * set: its dark palette misses our contrast, and theme.css feeds its variables from ours instead.
 */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

/**
 * Sheets and dialogs slide in through react-spring, which CSS cannot slow down: when the phone asks
 * for reduced motion, its animations jump to their end. Loaded only then, so no one else pays for it.
 */
function followReducedMotion(): void {
  const query = media(REDUCED_MOTION_QUERY);
  if (!query) return;
  let touched = false;
  const apply = (reduce: boolean) => {
    // Nothing to undo until the animations were once switched off.
    if (!reduce && !touched) return;
    touched = true;
    import('@react-spring/web')
      .then(({ Globals }) => Globals.assign({ skipAnimation: reduce }))
      .catch(() => undefined);
  };
  apply(query.matches);
  query.addEventListener('change', (e) => apply(e.matches));
}

/** Before the first render: applies the saved theme and keeps <html> in step with the setting and the phone. */
export function startTheme(): void {
  applyTheme(useSettings.getState().theme);
  useSettings.subscribe((state, previous) => {
    if (state.theme !== previous.theme) applyTheme(state.theme);
  });
  followReducedMotion();
}
