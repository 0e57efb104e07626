import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@frilo/ui/button';
import { MessageCard } from '@frilo/ui/message-card';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <MessageCard
      eyebrow="404"
      title={t('notFound.title')}
      actions={
        <Link to="/dashboard/home" className={buttonClass({ variant: 'primary' })}>
          {t('notFound.home')}
        </Link>
      }
    >
      <p>{t('notFound.text')}</p>
    </MessageCard>
  );
}
