import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@frilo/ui/button';
import { MessageCard } from '@frilo/ui/message-card';
import { StatusBadge } from '@frilo/ui/status-badge';
import { NAMESPACE } from '../../../app/namespace.ts';

/** /dashboard/pinebucket-confirmation: where the bank registration flow returns. */
export function BankReturn() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <MessageCard
      eyebrow={<StatusBadge>{t('comingSoon')}</StatusBadge>}
      title={t('bankReturn.title')}
      actions={
        <Link to="/dashboard/salaries/transactions" className={buttonClass({ variant: 'primary' })}>
          {t('bankReturn.continue')}
        </Link>
      }
    >
      <p>{t('bankReturn.text')}</p>
    </MessageCard>
  );
}
