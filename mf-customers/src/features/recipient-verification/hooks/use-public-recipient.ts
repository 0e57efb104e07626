import { useCallback, useEffect, useState } from 'react';
import { useShell } from '@frilo/ui/shell-context';
import { setLocale } from '@frilo/openapi/shell-contract';
import { fetchPublicRecipient, type PublicRecipient } from '../api/public-recipient.ts';
import { linkProblemOf, type LinkProblem } from '../state/link-state.ts';

export type PublicRecipientState =
  | { status: 'loading' }
  | { status: 'problem'; problem: LinkProblem }
  | { status: 'ready'; data: PublicRecipient };

const LANGUAGE_APPLIED_KEY = 'frilo_recipient_language';

/**
 * Loads what the link shows. The page speaks the customer's invoice language, as the email did: it
 * switches once per link, so a contact who then picks the other language keeps it on reload. A
 * logged-in user's own language is left alone.
 */
export function usePublicRecipient(uuid: string, nonce: string) {
  const { session, locale } = useShell();
  const [state, setState] = useState<PublicRecipientState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void fetchPublicRecipient(uuid, nonce, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.ok ? { status: 'ready', data: result.data } : { status: 'problem', problem: linkProblemOf(result) },
      );
    });
    return () => controller.abort();
  }, [uuid, nonce, attempt]);

  const language = state.status === 'ready' ? state.data.recipient.invoiceLanguage : null;
  useEffect(() => {
    if (!language || session) return;
    let applied: string | null = null;
    try {
      applied = window.sessionStorage.getItem(LANGUAGE_APPLIED_KEY);
      window.sessionStorage.setItem(LANGUAGE_APPLIED_KEY, nonce);
    } catch {
      // Storage can be off; then the language follows the link every time.
    }
    if (applied !== nonce && language !== locale) setLocale(language);
    // Once per link: not again when the user switches language themselves (nor when the session changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, nonce]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
