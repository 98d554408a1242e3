import { routes } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/services';

/**
 * A setting is typed by an operator: only something shaped like an address becomes a mailto link
 * (no spaces, quotes, angle brackets or URL syntax that could smuggle headers or markup into the link).
 */
export function safeEmail(value: string | null | undefined): string | null {
  const email = value?.trim() ?? '';
  return /^[^\s@<>"'(),;:\\?&=#%/]+@[^\s@<>"'(),;:\\?&=#%/]+$/.test(email) ? email : null;
}

/** `mailto:` for a checked address. */
export function mailtoHref(email: string): string {
  return `mailto:${encodeURI(email)}`;
}

export interface ContactEmail {
  email: string | null;
  /** True until the setting has been read (or failed to be). */
  loading: boolean;
}

/** Support's e-mail address, the `contact_email` setting: null when it is unset or not an address. */
export function useContactEmail(enabled = true): ContactEmail {
  const query = useQuery({
    queryKey: ['settings', 'contact_email'],
    queryFn: () => api.call(routes.publicSetting, { key: 'contact_email' }, { showErrorMessage: false }),
    enabled,
    staleTime: 5 * 60_000,
  });
  return { email: safeEmail(query.data?.value), loading: enabled && query.isPending };
}
