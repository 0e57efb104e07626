import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { Bound } from '@frilo/ui/form/bound-field';
import { Icon } from '@frilo/ui/icon';
import { RadioGroupField } from '@frilo/ui/form/radio-group-field';
import type { CustomerFields } from '../../../lib/customer-rules.ts';
import type { InvoiceLanguage } from '../../../lib/customer-types.ts';
import * as icons from '@frilo/ui/icons';

/** The invoices' language, and whether they go as an e-invoice (Peppol) or as a PDF by email. */
export function InvoiceDeliveryFields({
  fields,
  invoiceLanguage,
  eInvoice,
  connected = false,
}: {
  fields: CustomerFields;
  invoiceLanguage: Bound<InvoiceLanguage>;
  eInvoice: Bound<boolean>;
  /** A stored customer already reachable through Peppol: nothing will wait. */
  connected?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <RadioGroupField
        name="invoice-language"
        legend={t('fields.invoiceLanguage.legend')}
        hint={t('fields.invoiceLanguage.hint')}
        inline
        options={[
          { value: 'sv', label: 'Svenska', lang: 'sv' },
          { value: 'en', label: 'English', lang: 'en' },
        ]}
        {...invoiceLanguage}
      />
      {fields.eInvoice ? (
        <>
          <RadioGroupField
            name="delivery"
            legend={t('fields.delivery.legend')}
            hint={fields.eInvoiceRequired ? t('fields.delivery.publicBody') : undefined}
            value={eInvoice.value ? 'e-invoice' : 'pdf'}
            onChange={(value) => eInvoice.onChange(value === 'e-invoice')}
            error={eInvoice.error}
            inputRef={eInvoice.inputRef}
            options={[
              { value: 'pdf', label: t('fields.delivery.pdf'), description: t('fields.delivery.pdfDescription') },
              {
                value: 'e-invoice',
                label: t('fields.delivery.eInvoice'),
                description: t('fields.delivery.eInvoiceDescription'),
              },
            ]}
          />
          {/* Said as the choice is made, not after saving: read out as it appears. */}
          <div aria-live="polite">
            {eInvoice.value && !connected && (
              <p className="customers-derived customers-consequence" id="e-invoice-consequence">
                <Icon icon={icons.info} size={16} />
                <span>{t('fields.delivery.eInvoiceConsequence')}</span>
              </p>
            )}
          </div>
        </>
      ) : (
        <p className="customers-derived">
          <Icon icon={icons.mail} size={16} />
          <span>{t('fields.delivery.individual')}</span>
        </p>
      )}
    </>
  );
}
