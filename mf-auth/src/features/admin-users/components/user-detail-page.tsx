import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { invalidateSession, notify } from '@frilo/openapi/shell-contract';
import { Button } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { PageHeader } from '@frilo/ui/page-header';
import { PendingData } from '@frilo/ui/pending-data';
import { useShell } from '@frilo/ui/shell-context';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';
import { getUser, type AdminUser, type UserAction } from '../api/users.ts';
import { UserActionDialog } from './user-action-dialog.tsx';
import { UserBadges } from './user-badges.tsx';

/** /admin/users/:userId: one account, and what support can do with it. */
export function UserDetailPage() {
  const { t } = useTranslation(NAMESPACE);
  const { userId = '' } = useParams();
  const { session } = useShell();
  const loaded = useApiData((signal) => getUser(userId, signal), userId);
  const [changed, setChanged] = useState<AdminUser | null>(null);
  const [action, setAction] = useState<UserAction | null>(null);
  const user = changed?.id === userId ? changed : loaded.data;

  const back = (
    <Link to="/admin/users" className="auth-admin__back">
      <Icon icon={icons.arrowLeft} size={16} />
      {t('admin.user.back')}
    </Link>
  );
  if (!user) {
    return (
      <div className="auth-admin">
        {back}
        <PendingData failure={loaded.failure} onRetry={loaded.reload} />
      </div>
    );
  }

  const self = session?.user.id === user.id;
  const done = (done: UserAction, now: AdminUser | null) => {
    setAction(null);
    if (done === 'impersonate') {
      // The session is now the user's: the shell re-reads it (the bar appears) and opens their dashboard.
      invalidateSession('/dashboard/home');
      return;
    }
    if (now) setChanged(now);
    notify('success', t(`admin.user.actions.${done}.done`, { name: user.displayName }));
  };
  const rows: [string, string][] = [
    [t('admin.user.fields.email'), user.email],
    [t('admin.user.fields.governmentId'), user.governmentId ?? '–'],
    [t('admin.user.fields.phoneNumber'), user.phoneNumber ?? '–'],
    [
      t('admin.user.fields.address'),
      user.address ? `${user.address.streetName}, ${user.address.postalCode} ${user.address.city}` : '–',
    ],
    [t('admin.user.fields.language'), t(`admin.user.languages.${user.preferredLocale}`)],
    [t('admin.user.fields.createdAt'), user.createdAt.slice(0, 10)],
    [t('admin.user.fields.emailConfirmedAt'), user.emailConfirmedAt?.slice(0, 10) ?? t('admin.user.notConfirmed')],
    [t('admin.user.fields.disabledAt'), user.disabledAt?.slice(0, 10) ?? '–'],
    [t('admin.user.fields.activeSessions'), String(user.activeSessions)],
  ];

  return (
    <div className="auth-admin">
      {back}
      <PageHeader>
        <h1>{user.displayName}</h1>
        <UserBadges user={user} />
      </PageHeader>
      <div className="auth-admin__detail">
        <Card labelledBy="admin-user-details">
          <h2 id="admin-user-details">{t('admin.user.details')}</h2>
          <dl className="auth-admin__fields">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <Link to={`/admin/audit?subjectId=${user.id}`}>{t('admin.user.auditLink')}</Link>
        </Card>
        <Card labelledBy="admin-user-actions">
          <h2 id="admin-user-actions">{t('admin.user.actionsTitle')}</h2>
          {self ? (
            <p className="auth-admin__muted">{t('admin.user.self')}</p>
          ) : (
            <div className="auth-admin__actions">
              {!user.isAdmin && !user.disabledAt && user.emailConfirmedAt && (
                <Button variant="primary" onClick={() => setAction('impersonate')}>
                  <Icon icon={icons.user} size={18} />
                  {t('admin.user.actions.impersonate.button')}
                </Button>
              )}
              {user.disabledAt ? (
                <Button onClick={() => setAction('enable')}>{t('admin.user.actions.enable.button')}</Button>
              ) : (
                <Button variant="danger-quiet" onClick={() => setAction('disable')}>
                  {t('admin.user.actions.disable.button')}
                </Button>
              )}
              {user.isAdmin ? (
                <Button variant="danger-quiet" onClick={() => setAction('revokeAdmin')}>
                  {t('admin.user.actions.revokeAdmin.button')}
                </Button>
              ) : (
                !user.disabledAt &&
                user.emailConfirmedAt && (
                  <Button onClick={() => setAction('grantAdmin')}>{t('admin.user.actions.grantAdmin.button')}</Button>
                )
              )}
            </div>
          )}
        </Card>
      </div>
      <UserActionDialog user={user} action={action} onClose={() => setAction(null)} onDone={done} />
    </div>
  );
}
