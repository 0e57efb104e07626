import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { StatusBadge } from '@frilo/ui/status-badge';

/** The contact confirmed the customer's details through the verification link. */
export function VerifiedBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StatusBadge tone="success" icon="verified">
      {t('list.verified')}
    </StatusBadge>
  );
}
