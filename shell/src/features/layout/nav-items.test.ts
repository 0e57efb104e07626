import { test } from 'node:test';
import assert from 'node:assert/strict';
import { activeAdminNavItem, activeNavItem, ADMIN_NAV_ITEMS, visibleNavItems } from './nav-items.ts';
import { matchRoute } from '../routing/route-map.ts';

test('"Old Frilo" is listed only with the legacy flag', () => {
  assert.deepEqual(
    visibleNavItems(false).map((item) => item.id),
    ['dashboard', 'invoices', 'salaries', 'customers'],
  );
  assert.equal(visibleNavItems(true).at(-1)?.id, 'legacy');
});

test('Salaries links to the transactions and each area lights up its entry', () => {
  assert.equal(visibleNavItems(false).find((item) => item.id === 'salaries')?.to, '/dashboard/salaries/transactions');
  assert.equal(activeNavItem('/dashboard/home'), 'dashboard');
  assert.equal(activeNavItem('/quotations/edit/12'), 'invoices');
  assert.equal(activeNavItem('/quotations/recipients/organization'), 'customers');
  assert.equal(activeNavItem('/dashboard/salaries/estimate'), 'salaries');
  assert.equal(activeNavItem('/dashboard/profile'), null);
  assert.equal(activeNavItem('/dashboard/homework'), null);
});

test('every back-office entry leads to an admin-only route, and its pages light it up', () => {
  for (const item of ADMIN_NAV_ITEMS) assert.equal(matchRoute(item.to)?.route.adminOnly, true, item.to);
  assert.equal(activeAdminNavItem('/admin/users/42'), 'users');
  assert.equal(activeAdminNavItem('/admin/audit'), 'audit');
  assert.equal(activeAdminNavItem('/admin/usersx'), null);
  assert.equal(activeAdminNavItem('/dashboard/home'), null);
});
