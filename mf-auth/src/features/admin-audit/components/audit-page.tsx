import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@frilo/ui/button';
import { EmptyState } from '@frilo/ui/empty-state';
import { failureCode } from '@frilo/ui/form/api-result';
import { DateField } from '@frilo/ui/form/date-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { PageHeader } from '@frilo/ui/page-header';
import { PendingData } from '@frilo/ui/pending-data';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';
import { listAuditEvents, type AuditEvent, type AuditFilters } from '../api/audit.ts';

/** The actions support filters by most; a group (`user.*`) takes every action under it. */
const ACTIONS = [
  'user.*',
  'user.viewed',
  'user.disabled',
  'user.enabled',
  'user.admin_granted',
  'user.admin_revoked',
  'impersonation.*',
  'campaign_code.*',
  'blocklist.*',
  'exchange_rate.*',
  'legacy.imported',
] as const;

const FILTERS = ['action', 'actorId', 'subjectId', 'from', 'to'] as const;

function readFilters(params: URLSearchParams): AuditFilters {
  const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
  const uuid = (value: string | null) => (value && /^[0-9a-f-]{36}$/i.test(value) ? value : '');
  return {
    action: ACTIONS.find((action) => action === params.get('action')) ?? '',
    actorId: uuid(params.get('actorId')),
    subjectId: uuid(params.get('subjectId')),
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

/** A moment in Swedish time, to the second (the log is read to reconstruct what happened when). */
function when(iso: string): string {
  return new Date(iso).toLocaleString('sv-SE', { timeZone: 'Europe/Stockholm' });
}

/** /admin/audit: what admins (and users) did, newest first, filtered by action, account and day. */
export function AuditPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [draft, setDraft] = useState(filters);
  const key = FILTERS.map((name) => filters[name]).join('|');
  const first = useApiData((signal) => listAuditEvents(filters, null, signal), key);
  const [more, setMore] = useState<{ key: string; items: AuditEvent[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState<string | null>(null);

  const older = more?.key === key ? more : null;
  const items = [...(first.data?.items ?? []), ...(older?.items ?? [])];
  const cursor = older ? older.cursor : (first.data?.nextCursor ?? null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name]) next.set(name, draft[name]);
    setParams(next);
  };
  const loadOlder = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    setMoreFailed(null);
    const result = await listAuditEvents(filters, cursor);
    setLoadingMore(false);
    if (!result.ok) {
      setMoreFailed(failureCode(result));
      return;
    }
    setMore({ key, items: [...(older?.items ?? []), ...result.data.items], cursor: result.data.nextCursor });
  };
  const person = (ref: AuditEvent['actor']) =>
    ref ? <Link to={`/admin/users/${ref.id}`}>{ref.displayName}</Link> : t('admin.audit.system');
  const details = (event: AuditEvent) => {
    const entries = Object.entries(event.data);
    if (entries.length === 0) return '–';
    return (
      <code className="auth-admin__data">
        {entries
          .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
          .join('; ')}
      </code>
    );
  };

  return (
    <div className="auth-admin">
      <PageHeader>
        <h1>{t('admin.audit.title')}</h1>
        <p>{t('admin.audit.lead')}</p>
      </PageHeader>
      <form className="auth-admin__filters" onSubmit={apply} aria-label={t('admin.audit.filters')}>
        <SelectField
          id="audit-action"
          label={t('admin.audit.action')}
          value={draft.action}
          onChange={(action) => setDraft({ ...draft, action })}
          options={[
            { value: '', label: t('admin.audit.allActions') },
            ...ACTIONS.map((action) => ({ value: action, label: action })),
          ]}
        />
        <DateField
          id="audit-from"
          label={t('admin.audit.from')}
          optional
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <DateField
          id="audit-to"
          label={t('admin.audit.to')}
          optional
          value={draft.to}
          onChange={(to) => setDraft({ ...draft, to })}
        />
        <Button type="submit" variant="primary">
          {t('admin.audit.apply')}
        </Button>
      </form>
      {(filters.subjectId || filters.actorId) && (
        <p className="auth-admin__scope">
          {filters.subjectId ? t('admin.audit.aboutOne') : t('admin.audit.byOne')}{' '}
          <Link to="/admin/audit">{t('admin.audit.everyone')}</Link>
        </p>
      )}

      {!first.data ? (
        <PendingData failure={first.failure} onRetry={first.reload} />
      ) : items.length === 0 ? (
        <EmptyState variant="answer" title={t('admin.audit.none')}>
          <p>{t('admin.audit.noneText')}</p>
        </EmptyState>
      ) : (
        <div aria-busy={first.loading}>
          <ResponsiveTable
            caption={t('admin.audit.title')}
            rows={items}
            rowKey={(event) => event.id}
            columns={[
              { key: 'createdAt', header: t('admin.audit.columns.createdAt'), cell: (event) => when(event.createdAt) },
              { key: 'action', header: t('admin.audit.columns.action'), cell: (event) => <code>{event.action}</code> },
              { key: 'actor', header: t('admin.audit.columns.actor'), cell: (event) => person(event.actor) },
              {
                key: 'subject',
                header: t('admin.audit.columns.subject'),
                cell: (event) => (event.subject ? person(event.subject) : '–'),
              },
              { key: 'data', header: t('admin.audit.columns.data'), cell: details },
              { key: 'ip', header: t('admin.audit.columns.ip'), cell: (event) => event.ip ?? '–' },
            ]}
            card={(event) => (
              <>
                <p className="auth-admin__card-title">
                  <code>{event.action}</code>
                </p>
                <p className="auth-admin__muted">{when(event.createdAt)}</p>
                <p>
                  {t('admin.audit.columns.actor')}: {person(event.actor)}
                  {event.subject && (
                    <>
                      {' · '}
                      {t('admin.audit.columns.subject')}: {person(event.subject)}
                    </>
                  )}
                </p>
                <p>{details(event)}</p>
              </>
            )}
          />
          {moreFailed && (
            <p role="alert">{t(`admin.loadFailed.${moreFailed === 'network' ? 'network' : 'generic'}`)}</p>
          )}
          {cursor && (
            <div className="auth-admin__more">
              <Button onClick={() => void loadOlder()} busy={loadingMore} disabled={loadingMore}>
                {t('admin.audit.older')}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
