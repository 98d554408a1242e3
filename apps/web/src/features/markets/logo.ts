/**
 * Logos come as site paths (`/logos/EURUSD.svg`); the app is built with relative asset URLs so it can
 * be served under any prefix, and the logos follow it the same way. Full URLs are used as they are.
 */
export function logoUrl(logo: string): string {
  return logo.startsWith('/') && !logo.startsWith('//') ? `.${logo}` : logo;
}
