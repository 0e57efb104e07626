import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@frilo/ui/status-badge';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { AdminUserSummary } from '../api/users.ts';

/** What is special about an account at a glance: disabled, admin, unconfirmed, legacy. */
export function UserBadges({ user }: { user: AdminUserSummary }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="auth-admin__badges">
      {user.disabledAt ? (
        <StatusBadge tone="danger">{t('admin.users.badges.disabled')}</StatusBadge>
      ) : (
        <StatusBadge tone="success">{t('admin.users.badges.active')}</StatusBadge>
      )}
      {user.isAdmin && <StatusBadge tone="info">{t('admin.users.badges.admin')}</StatusBadge>}
      {!user.emailConfirmedAt && <StatusBadge tone="attention">{t('admin.users.badges.unconfirmed')}</StatusBadge>}
      {user.legacy && <StatusBadge>{t('admin.users.badges.legacy')}</StatusBadge>}
    </span>
  );
}
