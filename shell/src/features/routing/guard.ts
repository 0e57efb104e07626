// The route guard (docs/product/web-app.md#routes) as one pure decision: what to show for a URL in a session state.
import type { RemoteName } from '@frilo/openapi/remotes';
import { matchRoute, type RouteDef } from './route-map.ts';

export type AuthState =
  | { kind: 'anonymous' }
  | { kind: 'unconfirmed' }
  | { kind: 'confirmed'; legacy: boolean; admin?: boolean };

export type GuardDecision =
  /** Mount the remote; `chrome` says whether the logged-in layout (header, sidebar) surrounds it. */
  | { kind: 'render'; remote: RemoteName; route: RouteDef | null; chrome: 'app' | 'plain' }
  | { kind: 'redirect'; to: string }
  /** Show "you are already logged in", then go to `to`. */
  | { kind: 'already-logged-in'; to: string }
  | { kind: 'not-found' };

export const HOME_PATH = '/dashboard/home';
/** An admin's start page: the back office's approval queue, the work waiting for them (docs/product/web-app.md#routes). */
export const BACK_OFFICE_PATH = '/admin/approvals';
export const LOGIN_PATH = '/login';

export function decide(pathname: string, search: string, auth: AuthState): GuardDecision {
  const match = matchRoute(pathname);
  const route = match?.route ?? null;

  if (auth.kind === 'anonymous') {
    if (
      route &&
      (route.access === 'logged-out' ||
        route.access === 'public' ||
        route.access === 'any' ||
        route.access === 'confirm-email')
    ) {
      return { kind: 'render', remote: route.remote, route, chrome: 'plain' };
    }
    // Only /dashboard keeps the origin; any other path goes to plain /login.
    if (isUnder(pathname, '/dashboard')) {
      return { kind: 'redirect', to: `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}` };
    }
    return { kind: 'redirect', to: LOGIN_PATH };
  }

  if (auth.kind === 'unconfirmed') {
    // Only the confirmation link, and everywhere else mf-auth's "please confirm your email" screen.
    if (route?.access === 'confirm-email') return { kind: 'render', remote: 'mf-auth', route, chrome: 'plain' };
    return { kind: 'render', remote: 'mf-auth', route: null, chrome: 'plain' };
  }

  // An admin (as themselves; acting as a freelancer the session is the freelancer's) starts in the back office: the
  // freelancer's dashboard and its "get started" list are not theirs.
  const home = auth.admin === true ? BACK_OFFICE_PATH : HOME_PATH;
  if (pathname === '/' || pathname === '') return { kind: 'redirect', to: home };
  if (auth.admin === true && pathname === HOME_PATH) return { kind: 'redirect', to: BACK_OFFICE_PATH };
  if (!route) return { kind: 'not-found' };
  if (route.pattern === '/login' || route.pattern === '/sign-up') {
    return { kind: 'already-logged-in', to: safeRedirectTarget(new URLSearchParams(search).get('redirect')) };
  }
  if (route.access === 'confirm-email') return { kind: 'redirect', to: LOGIN_PATH };
  if (route.legacyOnly && !auth.legacy) return { kind: 'not-found' };
  // The BFF refuses the back office to anyone else anyway; the shell does not even show that it exists.
  if (route.adminOnly && auth.admin !== true) return { kind: 'not-found' };
  const chrome = route.access === 'confirmed' || route.access === 'any' ? 'app' : 'plain';
  return { kind: 'render', remote: route.remote, route, chrome };
}

// Control characters (browsers drop tab and newline from URLs, so `/\t/host` becomes `//host`), backslashes (read as
// slashes), and the percent-encoded forms of both and of the slash.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]|%(?:[01][0-9a-f]|7f|2f|5c)/i;
const BASE = 'https://frilo.invalid';

/**
 * Where to go after login (`?redirect=`): only a plain absolute path of this site. Anything with control characters,
 * backslashes or encoded slashes, anything that does not parse, and anything whose parsed origin is not ours, falls
 * back to the home page.
 */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || UNSAFE.test(target)) return HOME_PATH;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return HOME_PATH;
  }
  if (UNSAFE.test(decoded) || decoded.startsWith('//')) return HOME_PATH;
  try {
    const url = new URL(target, BASE);
    if (url.origin !== BASE) return HOME_PATH;
    const path = url.pathname + url.search + url.hash;
    return path.startsWith('//') ? HOME_PATH : path;
  } catch {
    return HOME_PATH;
  }
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}
