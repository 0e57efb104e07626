import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { NAMESPACE } from '../../../app/namespace.ts';
import { savePhoneNumber, type Profile } from '../api/wizard-api.ts';
import { wizardFieldMessage } from '../state/messages.ts';

/** The missing phone number prompt (spec §2): asked on the review step while the profile has none. */
export function PhonePrompt({ onSaved }: { onSaved: (profile: Profile) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [dismissed, setDismissed] = useState(false);
  const form = useForm<{ phoneNumber: string }, Profile>({
    initial: { phoneNumber: '' },
    validate: (values) => (values.phoneNumber.trim() ? {} : { phoneNumber: { code: 'required' } }),
    send: (values) => savePhoneNumber(values.phoneNumber.trim()),
    onSent: onSaved,
    messageOf: wizardFieldMessage,
  });
  if (dismissed) return null;
  return (
    <section className={cardClass({ className: 'wizard-card wizard-phone' })} aria-labelledby="phone-prompt-title">
      <h3 id="phone-prompt-title">{t('wizard.phone.title')}</h3>
      <p>{t('wizard.phone.text')}</p>
      {form.failure && <Alert alertRef={form.alertRef}>{t('wizard.phone.failed')}</Alert>}
      {/* Its own form: saving the phone number is not saving the invoice. */}
      <form onSubmit={(event) => void form.submit(event)} noValidate className="wizard-phone__form">
        <TextField
          id="phone-number"
          type="tel"
          autoComplete="tel"
          label={t('wizard.phone.label')}
          {...form.bind('phoneNumber')}
        />
        <div className="wizard-phone__actions">
          <SubmitButton sending={form.sending}>{t('wizard.phone.save')}</SubmitButton>
          <Button onClick={() => setDismissed(true)}>{t('wizard.phone.later')}</Button>
        </div>
      </form>
    </section>
  );
}
