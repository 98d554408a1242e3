import type { TKey } from '../../i18n';
import { PATHS } from '../../lib/paths';

/** What each real-account page does, told to a demo account that opens it (grouped by feature). */
const FEATURE_TEXT: Readonly<Record<string, TKey>> = {
  [PATHS.charge]: 'real_only.charge',
  [PATHS.chargeRecords]: 'real_only.charge',
  [PATHS.withdraw]: 'real_only.withdraw',
  [PATHS.withdrawRecords]: 'real_only.withdraw',
  [PATHS.withdrawWay]: 'real_only.withdraw',
  [PATHS.wallet]: 'real_only.wallet',
  [PATHS.bankCards]: 'real_only.wallet',
  [PATHS.coinAddresses]: 'real_only.wallet',
  [PATHS.realName]: 'real_only.auth',
  [PATHS.invite]: 'real_only.invite',
  [PATHS.password]: 'real_only.password',
  [PATHS.security]: 'real_only.security',
};

/** The explanation of the page at `pathname`; a real-only page not listed gets the general one. */
export function featureText(pathname: string): TKey {
  return FEATURE_TEXT[pathname] ?? 'real_only.general';
}

/** Register, then on to the page the demo account wanted (register follows `from` after signing in). */
export function registerLink(pathname: string, search: string): string {
  return `${PATHS.register}?from=${encodeURIComponent(`${pathname}${search}`)}`;
}
