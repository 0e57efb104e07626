import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { AuthCard } from '../../../components/auth-card.tsx';
import { track } from '@frilo/openapi/shell-contract';
import { SignUpForm } from './sign-up-form.tsx';
import { SignUpSent } from './sign-up-sent.tsx';
import { forgetSentTo, readSentTo, rememberSentTo, tabStorage } from '../state/sent-to.ts';

/** /sign-up: the form, then "check your inbox" (docs/product/accounts.md#sign-up), also after a reload. */
export function SignUpPage() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [sentTo, setSentTo] = useState<string | null>(() => readSentTo(tabStorage()));

  if (sentTo !== null) {
    return (
      <SignUpSent
        email={sentTo}
        onRestart={() => {
          forgetSentTo(tabStorage());
          setSentTo(null);
        }}
      />
    );
  }
  return (
    <AuthCard
      id="sign-up"
      title={t('signUp.title')}
      lead={<p>{t('signUp.lead')}</p>}
      footer={
        <p>
          {t('signUp.haveAccount')} <Link to="/login">{t('signUp.login')}</Link>
        </p>
      }
    >
      <SignUpForm
        locale={locale}
        onSent={(email) => {
          track('sign_up');
          rememberSentTo(tabStorage(), email);
          setSentTo(email);
        }}
      />
    </AuthCard>
  );
}
