import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AddressFields } from '../../../components/address-fields.tsx';
import { CountryField } from '../../../components/country-field.tsx';
import { Alert } from '@frilo/ui/alert';
import { FormSection } from '../../../components/form-section.tsx';
import { IdentityFields } from '../../../components/identity-fields.tsx';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { TextField } from '@frilo/ui/form/text-field';
import { useMessage } from '@frilo/ui/form/use-message';
import type { Customer } from '../../../lib/customer-types.ts';
import { formMessage } from '../../../lib/messages.ts';
import { DUPLICATE_FOUND, useCustomerForm } from '../hooks/use-customer-form.ts';
import { fieldsOf } from '../state/customer-form-values.ts';
import { CustomerTypeField } from './customer-type-field.tsx';
import { DuplicateCustomerDialog } from './duplicate-customer-dialog.tsx';
import { InvoiceDeliveryFields } from './invoice-delivery-fields.tsx';
import { buttonClass } from '@frilo/ui/button';
import { useUnsavedChangesGuard } from '@frilo/ui/unsaved-changes';

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
  onOpenExisting,
}: {
  customer: Customer | null;
  /** `leaving`: saved on the way out (the unsaved-changes warning), the page does not navigate itself. */
  onSaved: (saved: Customer, leaving: boolean) => void;
  /** After a version conflict: read the customer again (what was typed is dropped). */
  onReloadLatest?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  cancelTo: To;
  submitLabel: ReactNode;
  /** The user chose to open a customer they already have instead of creating this one. */
  onOpenExisting?: (id: string) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const leaving = useRef<() => boolean>(() => false);
  const form = useCustomerForm({ customer, onSaved: (saved) => onSaved(saved, leaving.current()) });
  const { bind, values, failure, dirty } = form;
  // Leaving with unsaved changes (a link anywhere, back, closing the tab) asks first.
  const guard = useUnsavedChangesGuard({ dirty, save: () => form.submit() });
  useEffect(() => {
    leaving.current = guard.leaving;
  });
  const fields = fieldsOf(values);
  const id = customer ? 'edit-customer' : 'new-customer';

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  return (
    <>
      {guard.dialog}
      {onOpenExisting && (
        <DuplicateCustomerDialog
          duplicates={form.duplicate.found}
          onOpen={(existing) => {
            form.duplicate.dismiss();
            onOpenExisting(existing);
          }}
          onCreateAnyway={() => void form.duplicate.createAnyway()}
          onClose={form.duplicate.dismiss}
        />
      )}
      <form
        className="customer-form"
        onSubmit={(event) => void form.submit(event)}
        noValidate
        aria-labelledby="customer-form-title"
      >
        {failure && failure.code !== DUPLICATE_FOUND && (
          <Alert alertRef={form.alertRef} className="customer-form__alert">
            <p>{message(formMessage('form', failure.code))}</p>
            {failure.code === 'version_conflict' && onReloadLatest && (
              <button type="button" className={buttonClass({ size: 'small' })} onClick={onReloadLatest}>
                {t('form.errors.reloadLatest')}
              </button>
            )}
          </Alert>
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
          {values.type === 'individual' ? (
            // A person has one address: where invoices go, and the contact for the verification link.
            <TextField
              id={`${id}-email`}
              type="email"
              label={t('fields.emailIndividual')}
              hint={t('fields.emailIndividualHint')}
              autoComplete="off"
              spellCheck={false}
              {...bind('email')}
            />
          ) : (
            <>
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
            </>
          )}
        </FormSection>

        <FormSection id={`${id}-invoices`} title={t('form.sections.invoices')}>
          <InvoiceDeliveryFields
            fields={fields}
            invoiceLanguage={{ ...bind('invoiceLanguage'), onChange: form.setInvoiceLanguage }}
            eInvoice={bind('eInvoice')}
            connected={customer?.eInvoiceConnection === 'fully_connected'}
          />
        </FormSection>

        <div className="customer-form__footer">
          <SubmitButton sending={form.sending}>{form.sending ? t('form.saving') : submitLabel}</SubmitButton>
          <Link to={cancelTo} className={buttonClass()}>
            {t('form.cancel')}
          </Link>
        </div>
      </form>
    </>
  );
}
