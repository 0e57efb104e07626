// The salary area's tabs and which one a URL shows.

export const SALARY_TABS = [
  { id: 'transactions', to: '/dashboard/salaries/transactions' },
  { id: 'estimate', to: '/dashboard/salaries/estimate' },
] as const;

export type SalaryTab = (typeof SALARY_TABS)[number]['id'];

export function activeSalaryTab(pathname: string): SalaryTab | null {
  return SALARY_TABS.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`))?.id ?? null;
}
