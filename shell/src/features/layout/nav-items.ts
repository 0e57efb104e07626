// The sidebar's entries (docs/product/web-app.md#the-frame) and which one a URL belongs to.

export type NavItem = {
  id: 'dashboard' | 'invoices' | 'salaries' | 'customers' | 'legacy';
  to: string;
  icon: 'home' | 'invoice' | 'wallet' | 'users' | 'archive';
  /** Other URL prefixes that light up this entry. */
  prefixes: readonly string[];
  legacyOnly?: boolean;
};

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'dashboard', to: '/dashboard/home', icon: 'home', prefixes: ['/dashboard/home'] },
  {
    id: 'invoices',
    to: '/dashboard/invoices',
    icon: 'invoice',
    prefixes: ['/dashboard/invoices', '/quotations/create', '/quotations/edit'],
  },
  {
    id: 'salaries',
    to: '/dashboard/salaries/transactions',
    icon: 'wallet',
    prefixes: ['/dashboard/salaries', '/dashboard/pinebucket-confirmation'],
  },
  {
    id: 'customers',
    to: '/dashboard/customers',
    icon: 'users',
    prefixes: ['/dashboard/customers', '/quotations/recipients'],
  },
  {
    id: 'legacy',
    to: '/dashboard/legacy/invoices',
    icon: 'archive',
    prefixes: ['/dashboard/legacy'],
    legacyOnly: true,
  },
];

export function visibleNavItems(legacy: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.legacyOnly || legacy);
}

export function activeNavItem(pathname: string): NavItem['id'] | null {
  const item = NAV_ITEMS.find((candidate) =>
    candidate.prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
  );
  return item?.id ?? null;
}
