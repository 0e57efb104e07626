import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { useMessage } from '../../../hooks/use-message.ts';
import { fieldMessage } from '../../../lib/messages.ts';
import { notify } from '@frilo/openapi/shell-contract';
import { checkEmail, issues } from '../../../lib/validation.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { ResetLinkSent } from './reset-link-sent.tsx';

type Values = { email: string };

/** /forgotten-password: asks for the address, then says the link is on its way, within about 30 s (docs/product/accounts.md#passwords). */
export function ForgottenPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const location = useLocation();
  const prefilled = (location.state as { email?: unknown } | null)?.email;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values, unknown>({
    form: 'forgotten',
    initial: { email: typeof prefilled === 'string' ? prefilled : '' },
    validate: (values) => issues({ email: checkEmail(values.email) }),
    send: (values) => forgotPassword(values.email),
    onSent: (_, values) => {
      if (sentTo !== null) notify('success', t('forgotten.sent.againDone'));
      setSentTo(values.email.trim());
    },
  });

  if (sentTo !== null) {
    return (
      <ResetLinkSent
        email={sentTo}
        onSendAgain={() => void form.submit()}
        sending={form.sending}
        error={form.formError ? message(form.formError) : null}
      />
    );
  }
  const issue = form.errors.email;
  return (
    <AuthCard
      id="forgotten"
      title={t('forgotten.title')}
      lead={<p>{t('forgotten.lead')}</p>}
      footer={
        <p>
          <Link to="/login">{t('backToLogin')}</Link>
        </p>
      }
    >
      {form.formError && <FormAlert alertRef={form.alertRef}>{message(form.formError)}</FormAlert>}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <TextField
          id="forgotten-email"
          label={t('forgotten.email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="off"
          value={form.values.email}
          onChange={(value) => form.set('email', value)}
          error={issue ? message(fieldMessage('forgotten', 'email', issue)) : undefined}
          inputRef={form.register('email')}
        />
        <SubmitButton sending={form.sending} block>
          {form.sending ? t('forgotten.sending') : t('forgotten.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
