// The address the sign-up confirmation went to, kept in this tab's sessionStorage so "check your inbox"
// survives a reload. sessionStorage is per tab and dies with it: another person who opens the site later,
// or in another tab, never sees the address. It is forgotten when the user leaves the screen.

export const SENT_TO_KEY = 'frilo.sign-up.sent-to';
/** As long as the link works (72 h): an older entry is not shown. */
const KEEP_MS = 72 * 3600 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readSentTo(store: Store | null, now = Date.now()): string | null {
  try {
    const raw = store?.getItem(SENT_TO_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { email?: unknown; at?: unknown };
    if (typeof value.email !== 'string' || typeof value.at !== 'number') return null;
    if (now - value.at > KEEP_MS || value.at > now) return null;
    return value.email;
  } catch {
    return null;
  }
}

export function rememberSentTo(store: Store | null, email: string, now = Date.now()): void {
  try {
    store?.setItem(SENT_TO_KEY, JSON.stringify({ email, at: now }));
  } catch {
    // No storage (private mode, quota): the screen just does not survive a reload.
  }
}

export function forgetSentTo(store: Store | null): void {
  try {
    store?.removeItem(SENT_TO_KEY);
  } catch {
    // Nothing to forget.
  }
}

export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The same address, however it was capitalised (the BFF compares addresses case-insensitively). */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
