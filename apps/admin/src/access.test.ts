import { routes, STAFF_ROLES } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { canCall, PAGES, visiblePages } from './access';
import { t } from './i18n';

const menu = (role: Parameters<typeof visiblePages>[0]) => visiblePages(role).map((p) => t.menu[p.key]);

describe('the side menu by role', () => {
  it('shows a finance member the money queues but not the dealing desk or staff', () => {
    const items = menu('finance');
    expect(items).toContain('Deposits');
    expect(items).toContain('Withdrawals');
    expect(items).not.toContain('Dealing');
    expect(items).not.toContain('Staff');
    expect(items).not.toContain('Real-name');
    expect(items).not.toContain('Audit log');
  });

  it('shows the owner every page, in menu order', () => {
    expect(menu('owner')).toEqual([
      'Dashboard',
      'Deposits',
      'Withdrawals',
      'Real-name',
      'Users',
      'Approvals',
      'Dealing',
      'Risk',
      'Content',
      'Audit log',
      'Staff',
    ]);
  });

  it('follows each route’s roles: compliance, dealing, support, content', () => {
    expect(menu('compliance')).toEqual(['Dashboard', 'Real-name', 'Users', 'Approvals', 'Audit log']);
    expect(menu('dealing')).toEqual(['Dashboard', 'Dealing', 'Risk']);
    expect(menu('support')).toEqual(['Dashboard', 'Users']);
    expect(menu('content')).toEqual(['Dashboard', 'Content']);
  });

  it('is derived from the routes, not a table of its own', () => {
    for (const role of STAFF_ROLES) {
      for (const page of PAGES) {
        const expected = role === 'owner' || page.needs.every((r) => r.roles.includes(role));
        expect(visiblePages(role).includes(page)).toBe(expected);
      }
    }
    expect(canCall('support', { roles: ['support'] })).toBe(true);
    expect(canCall('support', { roles: [] })).toBe(false);
    expect(canCall('owner', { roles: [] })).toBe(true);
    expect(canCall('finance', routes.staffMembers)).toBe(false);
  });
});
