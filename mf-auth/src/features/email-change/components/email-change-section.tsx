import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { useMessage } from '../../../hooks/use-message.ts';
import { fieldMessage } from '../../../lib/messages.ts';
import { track } from '@frilo/openapi/shell-contract';
import { checkEmail, issues } from '../../../lib/validation.ts';
import { requestEmailChange } from '../api/request-email-change.ts';

type Values = { email: string; password: string };

/**
 * Changing the login email: a link goes to the new address; the change happens when it is opened,
 * and then the user logs in again (docs/product/accounts.md#email-change). Impersonating admins cannot do this.
 */
export function EmailChangeSection({
  currentEmail,
  pendingEmail,
  impersonating,
}: {
  currentEmail: string;
  pendingEmail: string | null;
  impersonating: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const [waitingFor, setWaitingFor] = useState<string | null>(pendingEmail);
  const form = useForm<Values, { email: string }>({
    form: 'emailChange',
    initial: { email: '', password: '' },
    validate: (v) => issues({ email: checkEmail(v.email), password: v.password ? undefined : { code: 'required' } }),
    send: (v) => requestEmailChange(v.email, v.password),
    onSent: (data) => {
      track('email_change_requested');
      setWaitingFor(data.email);
      form.setValues({ email: '', password: '' });
    },
  });
  const error = (name: keyof Values) => {
    const issue = form.errors[name];
    return issue ? message(fieldMessage('emailChange', name, issue)) : undefined;
  };

  return (
    <ProfileSection
      id="profile-email"
      title={t('emailChange.section.title')}
      description={
        <>
          <p>
            <Trans
              t={t}
              i18nKey="emailChange.section.current"
              values={{ email: currentEmail }}
              components={{ strong: <strong className="profile-email" /> }}
            />
          </p>
          <p>{t('emailChange.section.description')}</p>
        </>
      }
    >
      {waitingFor && (
        <div className="auth-alert auth-alert--info" role="status">
          <p>
            <Trans
              t={t}
              i18nKey={form.status === 'sent' ? 'emailChange.section.sent' : 'emailChange.section.pending'}
              values={{ email: waitingFor }}
              components={{ strong: <strong className="profile-email" /> }}
            />
          </p>
        </div>
      )}
      {impersonating ? (
        <p className="profile-muted">{t('profile.notWhileImpersonating')}</p>
      ) : (
        <>
          {form.formError && <FormAlert alertRef={form.alertRef}>{message(form.formError)}</FormAlert>}
          <form onSubmit={(event) => void form.submit(event)} noValidate>
            <TextField
              id="email-change-email"
              label={t('emailChange.section.newEmail')}
              type="email"
              autoComplete="email"
              spellCheck={false}
              autoCapitalize="off"
              value={form.values.email}
              onChange={(value) => form.set('email', value)}
              error={error('email')}
              inputRef={form.register('email')}
            />
            <PasswordField
              id="email-change-password"
              label={t('emailChange.section.password')}
              hint={t('emailChange.section.passwordHint')}
              autoComplete="current-password"
              value={form.values.password}
              onChange={(value) => form.set('password', value)}
              error={error('password')}
              inputRef={form.register('password')}
            />
            <div className="profile-form__footer">
              <SubmitButton sending={form.sending}>
                {form.sending ? t('emailChange.section.sending') : t('emailChange.section.submit')}
              </SubmitButton>
            </div>
          </form>
        </>
      )}
    </ProfileSection>
  );
}
