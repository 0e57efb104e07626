import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { StatusIcon } from '@frilo/ui/status-icon';
import type { PublicRecipientConfirmed } from '../api/public-recipient.ts';

/** Thank you: confirmed, with what the contact corrected. */
export function RecipientConfirmed({
  confirmed,
  requestedBy,
}: {
  confirmed: PublicRecipientConfirmed;
  requestedBy: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  // organizationType follows the country (already listed); anything else unforeseen reads as "other details".
  const corrected = confirmed.correctedFields
    .filter((field) => field !== 'organizationType')
    .map((field) => t([`verify.correctedField.${field}`, 'verify.correctedField.other']));
  return (
    <div className="recipient-state">
      <StatusIcon kind="success" />
      <h2 tabIndex={-1}>{t('verify.thanks.title')}</h2>
      <p>{t('verify.thanks.text', { name: requestedBy })}</p>
      {corrected.length > 0 && (
        <p>
          {t('verify.thanks.corrected')} <strong>{corrected.join(', ')}</strong>
        </p>
      )}
      <p className="recipient-muted">{t('verify.thanks.close')}</p>
    </div>
  );
}
