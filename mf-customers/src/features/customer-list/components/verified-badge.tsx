import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { StatusBadge } from '@frilo/ui/status-badge';
import * as icons from '@frilo/ui/icons';

/** The contact confirmed the customer's details through the verification link. */
export function VerifiedBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <StatusBadge tone="success" icon={icons.verified}>
      {t('list.verified')}
    </StatusBadge>
  );
}
