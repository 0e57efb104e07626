import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { Bound } from '@frilo/ui/form/bound-field';
import { RadioGroupField } from '@frilo/ui/form/radio-group-field';
import { CUSTOMER_TYPES, customerTypeKey, type CustomerType } from '../../../lib/customer-types.ts';

/** Individual, organisation or non-profit: the choice that decides which details follow. */
export function CustomerTypeField({ value, onChange, error, inputRef }: Bound<CustomerType>) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <RadioGroupField
      name="customer-type"
      legend={t('fields.type')}
      value={value}
      onChange={onChange}
      error={error}
      inputRef={inputRef}
      inline
      options={CUSTOMER_TYPES.map((type) => ({
        value: type,
        label: t(customerTypeKey(type)),
        description: t(`fields.typeDescription.${type}`),
      }))}
    />
  );
}
