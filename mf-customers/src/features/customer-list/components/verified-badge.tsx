import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '../../../components/icon.tsx';

/** The contact confirmed the customer's details through the verification link. */
export function VerifiedBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="badge customers-badge--verified">
      <Icon name="verified" size={14} />
      {t('list.verified')}
    </span>
  );
}
