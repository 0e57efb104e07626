// Which remote owns which URL (docs/product/web-app.md#routes). Pure: the guard and the layout read it, tests pin it.
// The remotes themselves are the registry's (@frilo/openapi/remotes).
import { REMOTES, type RemoteName } from '@frilo/openapi/remotes';

/** The i18next namespace each remote owns (the registry's); the shell fetches it early. */
export const REMOTE_NAMESPACES: Readonly<Record<RemoteName, string>> = Object.fromEntries(
  REMOTES.map((remote) => [remote.name, remote.namespace]),
) as Record<RemoteName, string>;

/**
 * Who may open a route:
 * - `logged-out`: the sign-in family; a confirmed user is sent on (see guard).
 * - `public`: anyone, logged in or not (a customer contact's verification link).
 * - `confirmed`: a logged-in user whose email is confirmed.
 * - `confirm-email`: the confirmation link itself.
 * - `any`: rendered in every state (the remote shows the right result).
 */
export type Access = 'logged-out' | 'public' | 'confirmed' | 'confirm-email' | 'any';

export type RouteDef = {
  /** `:param` matches one segment; a trailing `/*` matches the prefix and anything below it. */
  pattern: string;
  remote: RemoteName;
  access: Access;
  /** Analytics name (never the raw URL: paths carry tokens). */
  name: string;
  /** Needs the session's legacy flag. */
  legacyOnly?: boolean;
  /** Only for an admin acting as themselves (the back office, docs/product/back-office.md); others get not-found. */
  adminOnly?: boolean;
};

export const ROUTES: readonly RouteDef[] = [
  { pattern: '/login', remote: 'mf-auth', access: 'logged-out', name: 'login' },
  { pattern: '/sign-up', remote: 'mf-auth', access: 'logged-out', name: 'sign-up' },
  { pattern: '/forgotten-password', remote: 'mf-auth', access: 'logged-out', name: 'forgotten-password' },
  { pattern: '/reset-password/:token', remote: 'mf-auth', access: 'logged-out', name: 'reset-password' },
  { pattern: '/confirm/:id/:token', remote: 'mf-auth', access: 'confirm-email', name: 'confirm-email' },
  { pattern: '/email-change-confirm', remote: 'mf-auth', access: 'any', name: 'email-change-confirm' },
  { pattern: '/email-change-cancel', remote: 'mf-auth', access: 'any', name: 'email-change-cancel' },
  { pattern: '/dashboard/profile', remote: 'mf-auth', access: 'confirmed', name: 'profile' },

  { pattern: '/dashboard/customers/*', remote: 'mf-customers', access: 'confirmed', name: 'customers' },
  { pattern: '/quotations/recipients/organization/:uuid', remote: 'mf-customers', access: 'any', name: 'recipient' },
  { pattern: '/quotations/recipients/*', remote: 'mf-customers', access: 'confirmed', name: 'recipients' },
  { pattern: '/recipients/:uuid/verify/:nonce', remote: 'mf-customers', access: 'public', name: 'recipient-verify' },
  { pattern: '/recipients/:uuid/stop/:nonce', remote: 'mf-customers', access: 'public', name: 'recipient-stop' },

  { pattern: '/dashboard/home', remote: 'mf-invoices', access: 'confirmed', name: 'home' },
  { pattern: '/dashboard/invoices', remote: 'mf-invoices', access: 'confirmed', name: 'invoices' },
  { pattern: '/dashboard/invoices/:id', remote: 'mf-invoices', access: 'confirmed', name: 'invoice' },
  { pattern: '/quotations/create', remote: 'mf-invoices', access: 'confirmed', name: 'invoice-create' },
  { pattern: '/quotations/edit/:id', remote: 'mf-invoices', access: 'confirmed', name: 'invoice-edit' },

  { pattern: '/dashboard/salaries/*', remote: 'mf-salaries', access: 'confirmed', name: 'salaries' },
  { pattern: '/dashboard/pinebucket-confirmation', remote: 'mf-salaries', access: 'confirmed', name: 'bank-return' },
  // The links of the email announcing a salary account change: open to anyone, the token is what authorizes.
  {
    pattern: '/bank-account-change/confirm',
    remote: 'mf-salaries',
    access: 'any',
    name: 'bank-account-change-confirm',
  },
  { pattern: '/bank-account-change/stop', remote: 'mf-salaries', access: 'any', name: 'bank-account-change-stop' },

  { pattern: '/dashboard/legacy/*', remote: 'mf-legacy', access: 'confirmed', name: 'legacy', legacyOnly: true },

  // The back office: each screen lives in the remote that owns its data.
  { pattern: '/admin/users/*', remote: 'mf-auth', access: 'confirmed', name: 'admin-users', adminOnly: true },
  { pattern: '/admin/audit', remote: 'mf-auth', access: 'confirmed', name: 'admin-audit', adminOnly: true },
  {
    pattern: '/admin/approvals/*',
    remote: 'mf-invoices',
    access: 'confirmed',
    name: 'admin-approvals',
    adminOnly: true,
  },
  { pattern: '/admin/blocklist', remote: 'mf-invoices', access: 'confirmed', name: 'admin-blocklist', adminOnly: true },
  {
    pattern: '/admin/e-invoice-recipients',
    remote: 'mf-invoices',
    access: 'confirmed',
    name: 'admin-e-invoice-recipients',
    adminOnly: true,
  },
  {
    pattern: '/admin/campaign-codes/*',
    remote: 'mf-invoices',
    access: 'confirmed',
    name: 'admin-campaign-codes',
    adminOnly: true,
  },
  { pattern: '/admin/settings', remote: 'mf-invoices', access: 'confirmed', name: 'admin-settings', adminOnly: true },
  { pattern: '/admin/payments/*', remote: 'mf-salaries', access: 'confirmed', name: 'admin-payments', adminOnly: true },
  { pattern: '/admin/payouts/*', remote: 'mf-salaries', access: 'confirmed', name: 'admin-payouts', adminOnly: true },
  {
    pattern: '/admin/exchange-rates',
    remote: 'mf-salaries',
    access: 'confirmed',
    name: 'admin-exchange-rates',
    adminOnly: true,
  },
  { pattern: '/admin/reports/*', remote: 'mf-salaries', access: 'confirmed', name: 'admin-reports', adminOnly: true },
  { pattern: '/admin/legacy-import', remote: 'mf-legacy', access: 'confirmed', name: 'admin-legacy', adminOnly: true },
];

export type RouteMatch = { route: RouteDef; params: Record<string, string> };

/** Matches a pathname against one pattern; trailing slashes are ignored. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const path = splitPath(pathname);
  const wildcard = pattern.endsWith('/*');
  const parts = splitPath(wildcard ? pattern.slice(0, -2) : pattern);
  if (wildcard ? path.length < parts.length : path.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = path[index] ?? '';
    if (part.startsWith(':')) {
      if (segment === '') return null;
      params[part.slice(1)] = safeDecode(segment);
    } else if (part !== segment) {
      return null;
    }
  }
  if (wildcard) params['*'] = path.slice(parts.length).join('/');
  return params;
}

export function matchRoute(pathname: string, routes: readonly RouteDef[] = ROUTES): RouteMatch | null {
  for (const route of routes) {
    const params = matchPattern(route.pattern, pathname);
    if (params) return { route, params };
  }
  return null;
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
