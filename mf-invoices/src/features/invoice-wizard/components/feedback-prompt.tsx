import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '@frilo/openapi/shell-contract';
import { Button } from '@frilo/ui/button';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';

const RATINGS = ['easy', 'okay', 'hard'] as const;

/** Where the answer (or the dismissal) is remembered, per user and browser: the prompt is asked once. */
export const feedbackKey = (userId: string) => `frilo_invoice_feedback:${userId}`;

function remembered(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function remember(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode: asked again next time, nothing else lost.
  }
}

/**
 * The feedback prompt after an invoice is created (spec §1's marketing texts): how easy it was, in one
 * click, sent as an analytics event; "not now" dismisses it. Either way it is not asked again.
 */
export function FeedbackPrompt() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  const key = feedbackKey(session?.user.id ?? 'anonymous');
  const [state, setState] = useState<'ask' | 'thanks' | 'hidden'>(() => (remembered(key) ? 'hidden' : 'ask'));
  if (state === 'hidden') return null;
  if (state === 'thanks')
    return (
      <p className="wizard-feedback" role="status">
        {t('wizard.feedback.thanks')}
      </p>
    );
  return (
    <section className="wizard-feedback" aria-labelledby="wizard-feedback-title">
      <h3 id="wizard-feedback-title">{t('wizard.feedback.title')}</h3>
      <div className="wizard-feedback__choices">
        {RATINGS.map((rating) => (
          <Button
            key={rating}
            size="small"
            onClick={() => {
              track('invoice_feedback', { rating });
              remember(key, rating);
              setState('thanks');
            }}
          >
            {t(`wizard.feedback.${rating}`)}
          </Button>
        ))}
        {/* Not now is a plain choice, not a danger (issue 24). */}
        <Button
          size="small"
          onClick={() => {
            remember(key, 'dismissed');
            setState('hidden');
          }}
        >
          {t('wizard.feedback.dismiss')}
        </Button>
      </div>
    </section>
  );
}
