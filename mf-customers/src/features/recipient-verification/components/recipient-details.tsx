import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { EmailText } from '../../../components/email-text.tsx';
import { countryName } from '@frilo/ui/countries';
import { customerFields } from '../../../lib/customer-rules.ts';
import { customerTypeKey } from '../../../lib/customer-types.ts';
import type { PublicRecipientDetails } from '../api/public-recipient.ts';

/** The details the freelancer entered, as the contact checks them. */
export function RecipientDetails({ recipient }: { recipient: PublicRecipientDetails }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const fields = customerFields({
    type: recipient.type,
    country: recipient.address.country,
    postalCode: recipient.address.postalCode,
    vatNumber: recipient.vatNumber ?? '',
    governmentId: recipient.governmentId ?? '',
  });
  const none = <span className="recipient-details__none">{t('verify.details.none')}</span>;
  const { address } = recipient;
  return (
    <dl className="recipient-details">
      <div>
        <dt>{t(`fields.name.${recipient.type}`)}</dt>
        <dd>{recipient.name}</dd>
      </div>
      <div>
        <dt>{t('fields.type')}</dt>
        <dd>{t(customerTypeKey(recipient.type))}</dd>
      </div>
      <div>
        <dt>{t(`fields.governmentId.${fields.governmentId.kind}`)}</dt>
        <dd>{recipient.governmentId ?? none}</dd>
      </div>
      {fields.vatNumber && (
        <div>
          <dt>{t('fields.vatNumber')}</dt>
          <dd>{recipient.vatNumber ?? none}</dd>
        </div>
      )}
      <div>
        <dt>{t('verify.details.address')}</dt>
        <dd>
          {address.streetName}
          <br />
          {address.postalCode} {address.city}
          <br />
          {countryName(address.country, locale)}
        </dd>
      </div>
      <div>
        <dt>{t('fields.email')}</dt>
        <dd>{recipient.email ? <EmailText email={recipient.email} /> : none}</dd>
      </div>
      <div>
        <dt>{t('fields.contactPersonEmail')}</dt>
        <dd>
          <EmailText email={recipient.contactPersonEmail} />
        </dd>
      </div>
      <div>
        <dt>{t('fields.invoiceLanguage.legend')}</dt>
        <dd lang={recipient.invoiceLanguage}>{recipient.invoiceLanguage === 'sv' ? 'Svenska' : 'English'}</dd>
      </div>
    </dl>
  );
}
