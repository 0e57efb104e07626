import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../app/namespace.ts';
import type { CustomerFields } from '../lib/customer-rules.ts';
import type { CustomerType } from '../lib/customer-types.ts';
import type { Bound } from '@frilo/ui/form/bound-field';
import { CheckboxField } from '@frilo/ui/form/checkbox-field';
import { Icon } from '@frilo/ui/icon';
import { TextField } from '@frilo/ui/form/text-field';
import { normaliseOrganisationNumber, normalisePersonalNumber } from '@frilo/ui/swedish-ids';
import * as icons from '@frilo/ui/icons';

/**
 * The customer's identifiers as its type and country call for them: a personal identity number, an
 * organisation number or a foreign registration number; the VAT number where there is one; reverse
 * VAT where it can apply. A government id that invoices were sent with is shown read-only.
 */
export function IdentityFields({
  idPrefix,
  type,
  fields,
  governmentId,
  vatNumber,
  reverseVat,
  governmentIdLocked,
}: {
  idPrefix: string;
  type: CustomerType;
  fields: CustomerFields;
  governmentId: Bound<string>;
  vatNumber: Bound<string>;
  /** Left out where the form does not decide it (the contact's corrections). */
  reverseVat?: Bound<boolean>;
  governmentIdLocked: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const kind = fields.governmentId.kind;
  const idHint =
    kind === 'personal_identity_number'
      ? t('fields.governmentIdHint.personal_identity_number')
      : kind === 'organisation_number'
        ? type === 'organization'
          ? t('fields.governmentIdHint.organisation_number_organization')
          : t('fields.governmentIdHint.organisation_number_non_profit')
        : t('fields.governmentIdHint.registration_number');
  // A Swedish number is written in its usual form on leaving the field, however it was typed (a sole
  // trader's organisation number is the owner's personal number).
  const tidyGovernmentId = () => {
    const typed = governmentId.value;
    const tidy =
      kind === 'personal_identity_number'
        ? normalisePersonalNumber(typed)
        : kind === 'organisation_number'
          ? normaliseOrganisationNumber(typed, type === 'organization')
          : typed;
    if (tidy !== typed) governmentId.onChange(tidy);
  };
  const vat = fields.vatNumber;
  const vatHint = !vat
    ? undefined
    : vat.swedish
      ? t('fields.vatHint.swedish')
      : vat.prefix
        ? vat.required
          ? t('fields.vatHint.required', { prefix: vat.prefix })
          : t('fields.vatHint.prefix', { prefix: vat.prefix })
        : t('fields.vatHint.free');

  return (
    <>
      <TextField
        id={`${idPrefix}-government-id`}
        label={t(`fields.governmentId.${kind}`)}
        optional={!fields.governmentId.required && !governmentIdLocked}
        readOnly={governmentIdLocked}
        className={governmentIdLocked ? 'customers-locked' : undefined}
        hint={
          governmentIdLocked ? (
            <span className="customers-locked__note">
              <Icon icon={icons.lock} size={14} />
              {t('fields.governmentIdLocked')}
            </span>
          ) : (
            idHint
          )
        }
        autoComplete="off"
        spellCheck={false}
        {...governmentId}
        {...(governmentIdLocked ? {} : { onBlur: tidyGovernmentId })}
      />
      {vat && (
        <TextField
          id={`${idPrefix}-vat-number`}
          label={t('fields.vatNumber')}
          optional={!vat.required}
          hint={vatHint}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...vatNumber}
        />
      )}
      {reverseVat && fields.reverseVat && (
        <CheckboxField
          id={`${idPrefix}-reverse-vat`}
          label={t('fields.reverseVat.label')}
          description={fields.reverseVat.enabled ? t('fields.reverseVat.description') : t('fields.reverseVat.needsVat')}
          disabled={!fields.reverseVat.enabled}
          checked={fields.reverseVat.enabled && reverseVat.value}
          onChange={reverseVat.onChange}
          error={reverseVat.error}
          inputRef={reverseVat.inputRef}
        />
      )}
      {/* Said only for a customer abroad: for a Swedish one it goes without saying. */}
      {fields.organizationType && fields.governmentId.kind === 'registration_number' && (
        <p className="customers-derived">
          <Icon icon={icons.info} size={16} />
          <span>
            {t(`fields.organizationType.${fields.organizationType}`)}
            {fields.reverseVat === null && fields.organizationType === 'outside_eu' && (
              <> {t('fields.organizationType.outsideNote')}</>
            )}
          </span>
        </p>
      )}
    </>
  );
}
