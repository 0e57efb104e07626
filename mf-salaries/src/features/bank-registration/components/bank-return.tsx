import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { completeBankRegistration, startBankRegistration, type CompletionAnswer } from '../api/bank-registration.ts';

type View = 'success' | 'cancel' | 'failure' | 'expired' | 'used' | 'invalid' | 'unknown';

function viewOf(answer: CompletionAnswer): { view: View; masked: string | null } {
  if (answer.ok) return { view: answer.result.outcome, masked: answer.result.bankDetails.account?.masked ?? null };
  return {
    view:
      answer.code === 'bank_registration_expired'
        ? 'expired'
        : answer.code === 'bank_registration_used'
          ? 'used'
          : answer.code,
    masked: null,
  };
}

/** /dashboard/pinebucket-confirmation: where the bank registration provider sends the browser back, whatever happened. */
export function BankReturn() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const state = new URLSearchParams(window.location.search).get('state');
  const [result, setResult] = useState<{ view: View; masked: string | null } | null>(
    state ? null : { view: 'invalid', masked: null },
  );
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!state) return;
    let current = true;
    void completeBankRegistration(state).then((answer) => {
      if (current) setResult(viewOf(answer));
    });
    return () => {
      current = false;
    };
  }, [state]);

  const again = async () => {
    setStarting(true);
    const url = await startBankRegistration(i18n.language === 'en' ? 'en' : 'sv');
    if (url) window.location.assign(url);
    else setStarting(false);
  };

  if (!result) {
    return (
      <section className="message-card" aria-busy="true">
        <h1>{t('bankReturn.checking')}</h1>
      </section>
    );
  }
  const { view, masked } = result;
  const success = view === 'success' || view === 'used';
  return (
    <section className="message-card" aria-live="polite">
      <h1>{t(`bankReturn.${view}.title`)}</h1>
      <p>{t(`bankReturn.${view}.text`)}</p>
      {view === 'success' && masked ? (
        <p>
          {t('bankReturn.account')} <strong>{masked}</strong>
        </p>
      ) : null}
      <p className="actions">
        {success ? null : (
          <button type="button" className="button button--primary" onClick={() => void again()} disabled={starting}>
            {t('bankReturn.again')}
          </button>
        )}
        <Link to="/dashboard/salaries/transactions" className={success ? 'button button--primary' : 'button'}>
          {t('bankReturn.continue')}
        </Link>
      </p>
    </section>
  );
}
