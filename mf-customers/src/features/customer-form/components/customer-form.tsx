import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AddressFields } from '../../../components/address-fields.tsx';
import { CountryField } from '../../../components/country-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { IdentityFields } from '../../../components/identity-fields.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useBind } from '../../../hooks/use-bind.ts';
import { useMessage } from '../../../hooks/use-message.ts';
import type { Customer } from '../../../lib/customer-types.ts';
import { formMessage } from '../../../lib/messages.ts';
import { useCustomerForm } from '../hooks/use-customer-form.ts';
import { fieldsOf } from '../state/customer-form-values.ts';
import { CustomerTypeField } from './customer-type-field.tsx';
import { InvoiceDeliveryFields } from './invoice-delivery-fields.tsx';

/**
 * The one customer form, for a new customer and for a stored one, from the customer list and from
 * the invoice flow. It shows the details that fit the type and country, keeps what was typed when
 * the BFF refuses it and puts each of the BFF's field errors on its field.
 */
export function CustomerForm({
  customer,
  onSaved,
  onReloadLatest,
  onDirtyChange,
  cancelTo,
  submitLabel,
}: {
  customer: Customer | null;
  onSaved: (saved: Customer) => void;
  /** After a version conflict: read the customer again (what was typed is dropped). */
  onReloadLatest?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  cancelTo: To;
  submitLabel: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const form = useCustomerForm({ customer, onSaved });
  const bind = useBind(form);
  const { values, failure, dirty } = form;
  const fields = fieldsOf(values);
  const id = customer ? 'edit-customer' : 'new-customer';

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  return (
    <form
      className="customer-form"
      onSubmit={(event) => void form.submit(event)}
      noValidate
      aria-labelledby="customer-form-title"
    >
      {failure && (
        <FormAlert alertRef={form.alertRef}>
          <p>{message(formMessage('form', failure.code))}</p>
          {failure.code === 'version_conflict' && onReloadLatest && (
            <button type="button" className="button button--small" onClick={onReloadLatest}>
              {t('form.errors.reloadLatest')}
            </button>
          )}
        </FormAlert>
      )}

      <FormSection id={`${id}-who`} title={t('form.sections.who')}>
        <CustomerTypeField {...bind('type')} onChange={form.setType} />
        <TextField id={`${id}-name`} label={t(`fields.name.${values.type}`)} autoComplete="off" {...bind('name')} />
        <CountryField
          id={`${id}-country`}
          hint={t('fields.countryHint')}
          {...bind('country')}
          onChange={form.setCountry}
        />
      </FormSection>

      <FormSection id={`${id}-identity`} title={t('form.sections.identity')}>
        <IdentityFields
          idPrefix={id}
          type={values.type}
          fields={fields}
          governmentId={bind('governmentId')}
          vatNumber={bind('vatNumber')}
          reverseVat={bind('reverseVat')}
          governmentIdLocked={customer?.governmentIdLocked ?? false}
        />
      </FormSection>

      <FormSection id={`${id}-address`} title={t('form.sections.address')}>
        <AddressFields
          idPrefix={id}
          countryCode={values.country}
          streetName={bind('streetName')}
          postalCode={bind('postalCode')}
          city={bind('city')}
        />
      </FormSection>

      <FormSection id={`${id}-contact`} title={t('form.sections.contact')}>
        <TextField
          id={`${id}-contact-email`}
          type="email"
          label={t('fields.contactPersonEmail')}
          hint={t('fields.contactPersonEmailHint')}
          autoComplete="off"
          spellCheck={false}
          {...bind('contactPersonEmail')}
        />
        <TextField
          id={`${id}-email`}
          type="email"
          label={t('fields.email')}
          hint={t('fields.emailHint')}
          optional
          autoComplete="off"
          spellCheck={false}
          {...bind('email')}
        />
      </FormSection>

      <FormSection id={`${id}-invoices`} title={t('form.sections.invoices')}>
        <InvoiceDeliveryFields
          fields={fields}
          invoiceLanguage={{ ...bind('invoiceLanguage'), onChange: form.setInvoiceLanguage }}
          eInvoice={bind('eInvoice')}
        />
      </FormSection>

      <div className="customer-form__footer">
        <SubmitButton sending={form.sending}>{form.sending ? t('form.saving') : submitLabel}</SubmitButton>
        <Link to={cancelTo} className="button">
          {t('form.cancel')}
        </Link>
      </div>
    </form>
  );
}
