import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../app/namespace.ts';
import { HOME_COUNTRY } from '../lib/customer-rules.ts';
import type { Bound } from '@frilo/ui/form/bound-field';
import { CountryField } from './country-field.tsx';
import { TextField } from '@frilo/ui/form/text-field';

/** Street, postal code and city (and the country, when the form does not ask for it earlier). */
export function AddressFields({
  idPrefix,
  streetName,
  postalCode,
  city,
  country,
  countryCode,
}: {
  idPrefix: string;
  streetName: Bound<string>;
  postalCode: Bound<string>;
  city: Bound<string>;
  /** Rendered after the city when given. */
  country?: Bound<string>;
  /** The country the postal code is checked for. */
  countryCode: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <TextField id={`${idPrefix}-street`} label={t('fields.streetName')} autoComplete="off" {...streetName} />
      <div className="customers-row customers-row--postal">
        <TextField
          id={`${idPrefix}-postal-code`}
          label={t('fields.postalCode')}
          autoComplete="off"
          inputMode={countryCode === HOME_COUNTRY ? 'numeric' : undefined}
          placeholder={countryCode === HOME_COUNTRY ? t('fields.postalCodePlaceholder') : undefined}
          {...postalCode}
        />
        <TextField id={`${idPrefix}-city`} label={t('fields.city')} autoComplete="off" {...city} />
      </div>
      {country && <CountryField id={`${idPrefix}-country`} {...country} />}
    </>
  );
}
