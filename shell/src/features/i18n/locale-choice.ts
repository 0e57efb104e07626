// An explicit language choice (the switcher, `?hl=`) and its way into the profile (decision 0019).
import { createApiClient } from '@frilo/openapi/client';
import { SHELL_EVENTS } from '@frilo/openapi/shell-contract';
import type { Session } from '../session/session-types.ts';
import { applyLocale, forgetUnsaved, markUnsaved } from './locale-store.ts';
import { choiceTarget, type Locale } from './locale.ts';

const api = createApiClient();
// One save at a time, in the order chosen, so a quick sv → en → sv ends as sv in the profile.
let saving: Promise<unknown> = Promise.resolve();

/** Switches the language now and keeps it: for the profile at once when logged in, else at the next login. */
export async function chooseLocale(locale: Locale, session: Session | null): Promise<void> {
  const target = choiceTarget(session);
  if (target !== 'device') markUnsaved(locale);
  await applyLocale(locale);
  if (target === 'profile') saveLocaleToProfile(locale);
}

/**
 * Writes the language to the profile (updateProfile, one field). A failure (offline, unconfirmed email) is quiet:
 * the language has switched already, and the choice stays marked unsaved, so the next page load tries again.
 */
export function saveLocaleToProfile(locale: Locale): void {
  saving = saving.then(async () => {
    try {
      const { response } = await api.PATCH('/api/auth/profile', { body: { preferredLocale: locale } });
      if (!response.ok) return;
      forgetUnsaved(locale);
      // The session's preferredLocale changed: the shell and the remotes re-read it.
      window.dispatchEvent(new CustomEvent(SHELL_EVENTS.sessionInvalidated, { detail: null }));
    } catch {
      // Network failure: tried again at the next page load.
    }
  });
}
