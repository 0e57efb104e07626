// The sidebar's entries (docs/product/web-app.md#the-frame) and which one a URL belongs to.
import * as icons from '@frilo/ui/icons';

export type NavItem = {
  id: 'dashboard' | 'invoices' | 'salaries' | 'customers' | 'legacy';
  to: string;
  /** One of @frilo/ui/icons. */
  icon: string;
  /** Other URL prefixes that light up this entry. */
  prefixes: readonly string[];
  legacyOnly?: boolean;
};

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'dashboard', to: '/dashboard/home', icon: icons.home, prefixes: ['/dashboard/home'] },
  {
    id: 'invoices',
    to: '/dashboard/invoices',
    icon: icons.invoice,
    prefixes: ['/dashboard/invoices', '/quotations/create', '/quotations/edit'],
  },
  {
    id: 'salaries',
    to: '/dashboard/salaries/transactions',
    icon: icons.wallet,
    prefixes: ['/dashboard/salaries', '/dashboard/pinebucket-confirmation'],
  },
  {
    id: 'customers',
    to: '/dashboard/customers',
    icon: icons.users,
    prefixes: ['/dashboard/customers', '/quotations/recipients'],
  },
  {
    id: 'legacy',
    to: '/dashboard/legacy/invoices',
    icon: icons.archive,
    prefixes: ['/dashboard/legacy'],
    legacyOnly: true,
  },
];

export type AdminNavItem = {
  id:
    | 'users'
    | 'audit'
    | 'approvals'
    | 'blocklist'
    | 'eInvoiceRecipients'
    | 'campaignCodes'
    | 'settings'
    | 'payments'
    | 'payouts'
    | 'exchangeRates'
    | 'reports'
    | 'legacyImport';
  to: string;
};

/** The back office's entries (docs/product/back-office.md), listed under their own heading, only for admins. */
export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { id: 'users', to: '/admin/users' },
  { id: 'approvals', to: '/admin/approvals' },
  { id: 'payments', to: '/admin/payments' },
  { id: 'payouts', to: '/admin/payouts' },
  { id: 'exchangeRates', to: '/admin/exchange-rates' },
  { id: 'reports', to: '/admin/reports' },
  { id: 'campaignCodes', to: '/admin/campaign-codes' },
  { id: 'blocklist', to: '/admin/blocklist' },
  { id: 'eInvoiceRecipients', to: '/admin/e-invoice-recipients' },
  { id: 'settings', to: '/admin/settings' },
  { id: 'legacyImport', to: '/admin/legacy-import' },
  { id: 'audit', to: '/admin/audit' },
];

export function activeAdminNavItem(pathname: string): AdminNavItem['id'] | null {
  return ADMIN_NAV_ITEMS.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))?.id ?? null;
}

export function visibleNavItems(legacy: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.legacyOnly || legacy);
}

export function activeNavItem(pathname: string): NavItem['id'] | null {
  const item = NAV_ITEMS.find((candidate) =>
    candidate.prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
  );
  return item?.id ?? null;
}
