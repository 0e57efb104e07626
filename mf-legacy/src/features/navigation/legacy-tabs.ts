// The old product's two views and which one a URL shows.

export const LEGACY_TABS = [
  { id: 'invoices', to: '/dashboard/legacy/invoices' },
  { id: 'payouts', to: '/dashboard/legacy/payouts' },
] as const;

export type LegacyTab = (typeof LEGACY_TABS)[number]['id'];

export function activeLegacyTab(pathname: string): LegacyTab | null {
  return LEGACY_TABS.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`))?.id ?? null;
}
