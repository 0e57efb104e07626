import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AddressFields } from '../../../components/address-fields.tsx';
import { Alert } from '@frilo/ui/alert';
import { IdentityFields } from '../../../components/identity-fields.tsx';
import { RadioGroupField } from '@frilo/ui/form/radio-group-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { useMessage } from '@frilo/ui/form/use-message';
import type { ApiResult } from '@frilo/ui/form/api-result';
import { customerFields } from '../../../lib/customer-rules.ts';
import { apiPathOf, formFieldOf } from '../../../lib/field-paths.ts';
import { fieldMessage, formMessage } from '../../../lib/messages.ts';
import { checkDetails } from '../../../lib/validation.ts';
import type {
  PublicRecipient,
  PublicRecipientConfirmation,
  PublicRecipientConfirmed,
} from '../api/public-recipient.ts';
import { correctionValues, corrections, type CorrectionValues } from '../state/link-state.ts';
import { buttonClass } from '@frilo/ui/button';

const FIELDS: readonly (keyof CorrectionValues)[] = [
  'name',
  'governmentId',
  'vatNumber',
  'streetName',
  'postalCode',
  'city',
  'country',
  'email',
  'invoiceLanguage',
];

/** The contact corrects what is wrong, by the same rules as the freelancer's form, and confirms. */
export function RecipientCorrectionsForm({
  data,
  confirm,
  onConfirmed,
  onCancel,
  onReload,
}: {
  data: PublicRecipient;
  confirm: (body: PublicRecipientConfirmation) => Promise<ApiResult<PublicRecipientConfirmed>>;
  onConfirmed: (confirmed: PublicRecipientConfirmed) => void;
  onCancel: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const { recipient, governmentIdLocked, version } = data;
  const form = useForm<CorrectionValues, PublicRecipientConfirmed>({
    initial: correctionValues(recipient),
    order: FIELDS,
    validate: (values) => checkDetails({ ...values, type: recipient.type }),
    send: (values) => confirm({ version, corrections: corrections(recipient, values, governmentIdLocked) }),
    onSent: onConfirmed,
    fieldOf: (path) => {
      const field = formFieldOf(path);
      return (FIELDS as readonly string[]).includes(field) ? (field as keyof CorrectionValues) : undefined;
    },
    messageOf: (name, issue) => fieldMessage(apiPathOf(name), issue),
  });
  const { bind } = form;
  const fields = customerFields({ ...form.values, type: recipient.type });

  return (
    <form
      className="recipient-form"
      onSubmit={(event) => void form.submit(event)}
      noValidate
      aria-labelledby="recipient-form-title"
    >
      <h2 id="recipient-form-title" tabIndex={-1}>
        {t('verify.correct.title')}
      </h2>
      <p className="recipient-form__lead">{t('verify.correct.lead')}</p>
      {form.failure && (
        <Alert alertRef={form.alertRef}>
          <p>{message(formMessage('verify', form.failure.code))}</p>
          {form.failure.code === 'recipient_changed' && (
            <button type="button" className={buttonClass({ size: 'small' })} onClick={onReload}>
              {t('verify.reload')}
            </button>
          )}
        </Alert>
      )}
      <TextField
        id="recipient-name"
        label={t(`fields.name.${recipient.type}`)}
        autoComplete="organization"
        {...bind('name')}
      />
      <IdentityFields
        idPrefix="recipient"
        type={recipient.type}
        fields={fields}
        governmentId={bind('governmentId')}
        vatNumber={bind('vatNumber')}
        governmentIdLocked={governmentIdLocked}
      />
      <AddressFields
        idPrefix="recipient"
        countryCode={form.values.country}
        streetName={bind('streetName')}
        postalCode={bind('postalCode')}
        city={bind('city')}
        country={bind('country')}
      />
      <TextField
        id="recipient-email"
        type="email"
        label={t('fields.email')}
        hint={t('verify.correct.emailHint')}
        optional
        autoComplete="email"
        spellCheck={false}
        {...bind('email')}
      />
      <RadioGroupField
        name="recipient-language"
        legend={t('fields.invoiceLanguage.legend')}
        inline
        options={[
          { value: 'sv', label: 'Svenska', lang: 'sv' },
          { value: 'en', label: 'English', lang: 'en' },
        ]}
        {...bind('invoiceLanguage')}
      />
      <div className="recipient-actions">
        <SubmitButton sending={form.sending}>{t('verify.correct.submit')}</SubmitButton>
        <button type="button" className={buttonClass()} onClick={onCancel} disabled={form.sending}>
          {t('verify.correct.cancel')}
        </button>
      </div>
    </form>
  );
}
