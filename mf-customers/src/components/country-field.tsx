import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { countryOptions } from '@frilo/ui/countries';
import type { Bound } from '@frilo/ui/form/bound-field';
import { SelectField } from '@frilo/ui/form/select-field';

/** The country select, named in the page's language, Sweden first. */
export function CountryField({ id, hint, ...bound }: Bound<string> & { id: string; hint?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const options = useMemo(() => countryOptions(locale), [locale]);
  return (
    <SelectField
      id={id}
      label={t('fields.country')}
      hint={hint}
      options={options}
      value={bound.value}
      onChange={bound.onChange}
      error={bound.error}
      inputRef={bound.inputRef}
    />
  );
}
