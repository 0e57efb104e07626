// The parts of the shell a logged-out visitor never sees (the logged-in frame with header, sidebar,
// slide-in menu, impersonation bar and promos; the 404 and already-logged-in screens) load on
// demand, so /login does not download them. A failed download follows the same policy as a
// remote's chunk (docs/product/web-app.md#loading-and-failures): retried, then one page reload guarded by the session flag, then an error.
import { lazy, type ComponentType } from 'react';
import { classify, shouldReloadOnce, withRetry } from '../remotes/load-policy.ts';

const RETRY_DELAYS_MS = [400, 1500] as const;

/** Loads a shell chunk with the remotes' retry and reload-once policy. */
export async function loadShellChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await withRetry('shell', load, { delaysMs: RETRY_DELAYS_MS });
  } catch (error) {
    let storage: Storage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      // no session storage: show the error instead of risking a reload loop
    }
    if (storage && shouldReloadOnce(classify('shell', error), storage)) {
      window.location.reload();
      // Keep suspending while the page reloads.
      return new Promise<T>(() => {});
    }
    throw error;
  }
}

function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await loadShellChunk(load) }));
}

/** Memoised while pending or done; forgotten after a failure so a retry really downloads again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      pending = load();
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
}

const loadAppLayout = once(() => import('../layout/app-layout.tsx').then((module) => module.AppLayout));

/** Starts downloading the logged-in frame early (a logged-in URL, or as soon as the session is known). */
export function preloadAppLayout(): void {
  loadAppLayout().catch(() => {});
}

export const AppLayout = lazyPart(loadAppLayout);
export const NotFound = lazyPart(() => import('./not-found.tsx').then((module) => module.NotFound));
export const AlreadyLoggedIn = lazyPart(() =>
  import('./already-logged-in.tsx').then((module) => module.AlreadyLoggedIn),
);
