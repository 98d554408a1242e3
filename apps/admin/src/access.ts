import { type Route, routes, type StaffRole } from '@meridian/contract';

/** Whether a member of `role` may make a call: `owner` always, the others when the route lists them. */
export function canCall(role: StaffRole, route: Pick<Route, 'roles'>): boolean {
  return role === 'owner' || route.roles.includes(role);
}

export type PageKey =
  | 'dashboard'
  | 'deposits'
  | 'withdrawals'
  | 'kyc'
  | 'users'
  | 'approvals'
  | 'dealing'
  | 'risk'
  | 'content'
  | 'audit'
  | 'staff';

export interface PageDef {
  key: PageKey;
  path: string;
  /** The calls the page is made of: the menu shows it when the role may make every one of them. */
  needs: readonly Route[];
}

/** The console's pages in menu order, each with the calls it reads. */
export const PAGES: readonly PageDef[] = [
  { key: 'dashboard', path: '/dashboard', needs: [routes.staffDashboard] },
  { key: 'deposits', path: '/deposits', needs: [routes.adminDeposits] },
  { key: 'withdrawals', path: '/withdrawals', needs: [routes.adminWithdrawals] },
  { key: 'kyc', path: '/kyc', needs: [routes.adminKyc] },
  { key: 'users', path: '/users', needs: [routes.staffUsers] },
  { key: 'approvals', path: '/approvals', needs: [routes.staffApprovals] },
  { key: 'dealing', path: '/dealing', needs: [routes.staffInstruments, routes.staffSettings] },
  { key: 'risk', path: '/risk', needs: [routes.staffRisk] },
  { key: 'content', path: '/content', needs: [routes.staffNews, routes.staffCompanies] },
  { key: 'audit', path: '/audit', needs: [routes.staffAudit] },
  { key: 'staff', path: '/staff', needs: [routes.staffMembers] },
];

export function canOpen(role: StaffRole, page: PageDef): boolean {
  return page.needs.every((route) => canCall(role, route));
}

/** The pages the side menu shows to a member of `role`, derived from the routes' `roles`. */
export function visiblePages(role: StaffRole): PageDef[] {
  return PAGES.filter((page) => canOpen(role, page));
}

export function pageByKey(key: PageKey): PageDef {
  const page = PAGES.find((p) => p.key === key);
  if (!page) throw new Error(`unknown page ${key}`);
  return page;
}

export function canOpenKey(role: StaffRole, key: PageKey): boolean {
  return canOpen(role, pageByKey(key));
}
