import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@frilo/ui/button';
import { EmptyState } from '@frilo/ui/empty-state';
import { SelectField } from '@frilo/ui/form/select-field';
import { TextField } from '@frilo/ui/form/text-field';
import { PageHeader } from '@frilo/ui/page-header';
import { PendingData } from '@frilo/ui/pending-data';
import { PagerNav } from '@frilo/ui/pager';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';

import { listUsers, USERS_PAGE_SIZE, type UserQuery, type UserStatus } from '../api/users.ts';
import { UserBadges } from './user-badges.tsx';

function readQuery(params: URLSearchParams): UserQuery {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    status: status === 'active' || status === 'disabled' ? status : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function toSearch(query: UserQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** /admin/users: find an account by name, email or personal identity number. */
export function UserListPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const [typed, setTyped] = useState(query.q);
  const users = useApiData((signal) => listUsers(query, signal), toSearch(query).toString());
  const go = (next: UserQuery) => setParams(toSearch(next));

  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ ...query, q: typed, page: 1 });
  };

  return (
    <div className="auth-admin">
      <PageHeader>
        <h1>{t('admin.users.title')}</h1>
        <p>{t('admin.users.lead')}</p>
      </PageHeader>
      <form className="auth-admin__filters" role="search" onSubmit={search}>
        <TextField
          id="admin-user-search"
          type="search"
          label={t('admin.users.search')}
          hint={t('admin.users.searchHint')}
          value={typed}
          onChange={setTyped}
          maxLength={100}
        />
        <SelectField
          id="admin-user-status"
          label={t('admin.users.status')}
          value={query.status}
          onChange={(status) => go({ ...query, q: typed, status: status as UserStatus | '', page: 1 })}
          options={[
            { value: '', label: t('admin.users.statuses.all') },
            { value: 'active', label: t('admin.users.statuses.active') },
            { value: 'disabled', label: t('admin.users.statuses.disabled') },
          ]}
        />
        <Button type="submit" variant="primary">
          {t('admin.users.searchButton')}
        </Button>
      </form>

      {!users.data ? (
        <PendingData failure={users.failure} onRetry={users.reload} />
      ) : users.data.items.length === 0 ? (
        <EmptyState variant="answer" title={t('admin.users.none')}>
          <p>{t('admin.users.noneText')}</p>
        </EmptyState>
      ) : (
        <div aria-busy={users.loading}>
          <p className="auth-admin__count" role="status">
            {t('admin.users.count', { count: users.data.page.total })}
          </p>
          <ResponsiveTable
            caption={t('admin.users.title')}
            rows={users.data.items}
            rowKey={(user) => user.id}
            columns={[
              {
                key: 'name',
                header: t('admin.users.columns.name'),
                cell: (user) => <Link to={`/admin/users/${user.id}`}>{user.displayName}</Link>,
              },
              { key: 'email', header: t('admin.users.columns.email'), cell: (user) => user.email },
              {
                key: 'governmentId',
                header: t('admin.users.columns.governmentId'),
                cell: (user) => user.governmentId ?? '–',
              },
              { key: 'status', header: t('admin.users.columns.status'), cell: (user) => <UserBadges user={user} /> },
              {
                key: 'createdAt',
                header: t('admin.users.columns.createdAt'),
                cell: (user) => user.createdAt.slice(0, 10),
              },
            ]}
            card={(user) => (
              <>
                <h2 className="auth-admin__card-title">
                  <Link to={`/admin/users/${user.id}`}>{user.displayName}</Link>
                </h2>
                <p className="auth-admin__muted">{user.email}</p>
                {user.governmentId && <p className="auth-admin__muted">{user.governmentId}</p>}
                <UserBadges user={user} />
              </>
            )}
          />
          <PagerNav
            page={query.page}
            pageSize={USERS_PAGE_SIZE}
            total={users.data.page.total}
            onPage={(page) => go({ ...query, page })}
          />
        </div>
      )}
    </div>
  );
}
