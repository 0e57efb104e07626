import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@frilo/openapi/shell-contract';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { EmptyState } from '@frilo/ui/empty-state';
import { SelectField } from '@frilo/ui/form/select-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { TextAreaField } from '@frilo/ui/form/text-area-field';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { PageHeader } from '@frilo/ui/page-header';
import { PendingData } from '@frilo/ui/pending-data';
import { PagerNav } from '@frilo/ui/pager';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useUnsavedChangesGuard } from '@frilo/ui/unsaved-changes';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';
import { when } from '../../admin-shared/when.ts';
import {
  BLOCKLIST_KINDS,
  BLOCKLIST_PAGE_SIZE,
  blockRecipient,
  listBlockedRecipients,
  unblockRecipient,
  type BlocklistEntry,
  type BlocklistKind,
} from '../api.ts';

const BLOCK_FAILURES = new Set(['already_blocked', 'network']);

type Values = { kind: BlocklistKind; value: string; reason: string };
const EMPTY: Values = { kind: 'email', value: '', reason: '' };

/** /admin/blocklist: recipients nobody may invoice (problem 17); add, see what each blocks, remove. */
export function BlocklistPage() {
  const { t } = useTranslation(NAMESPACE);
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const list = useApiData((signal) => listBlockedRecipients(q, page, signal), `${q}|${page}`);
  const [removing, setRemoving] = useState<BlocklistEntry | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeFailed, setRemoveFailed] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);

  const form = useForm<Values, BlocklistEntry>({
    form: 'admin.blocklist.form',
    initial: EMPTY,
    validate: (values) => (values.value.trim() ? {} : { value: { code: 'required' } }),
    send: (values) => blockRecipient(values.kind, values.value, values.reason),
    onSent: (entry) => {
      form.reset(EMPTY);
      notify('success', t('admin.blocklist.added', { value: entry.value }));
      setPage(1);
      list.reload();
    },
  });
  const guard = useUnsavedChangesGuard({ dirty: form.dirty, save: () => form.submit() });

  const remove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveFailed(false);
    const result = await unblockRecipient(removing.id);
    setRemoveBusy(false);
    if (result.ok || result.status === 404) {
      notify('success', t('admin.blocklist.removed', { value: removing.value }));
      setRemoving(null);
      list.reload();
    } else {
      setRemoveFailed(true);
    }
  };

  return (
    <div className="invoices-admin">
      {guard.dialog}
      <PageHeader>
        <h1>{t('admin.blocklist.title')}</h1>
        <p>{t('admin.blocklist.lead')}</p>
      </PageHeader>
      <Card labelledBy="blocklist-add">
        <h2 id="blocklist-add">{t('admin.blocklist.addTitle')}</h2>
        <form className="invoices-admin__form" noValidate onSubmit={(event) => void form.submit(event)}>
          {form.failure && (
            <Alert alertRef={form.alertRef}>
              <p>
                {t(`admin.blocklist.errors.${BLOCK_FAILURES.has(form.failure.code) ? form.failure.code : 'generic'}`)}
              </p>
            </Alert>
          )}
          <SelectField
            id="blocklist-kind"
            label={t('admin.blocklist.kind')}
            value={form.values.kind}
            onChange={(kind) => form.set('kind', kind as BlocklistKind)}
            options={BLOCKLIST_KINDS.map((kind) => ({ value: kind, label: t(`admin.blocklist.kinds.${kind}`) }))}
          />
          <TextField id="blocklist-value" label={t('admin.blocklist.value')} maxLength={254} {...form.bind('value')} />
          <TextAreaField
            id="blocklist-reason"
            label={t('admin.blocklist.reason')}
            hint={t('admin.blocklist.reasonHint')}
            optional
            rows={2}
            maxLength={500}
            value={form.values.reason}
            onChange={(reason) => form.set('reason', reason)}
          />
          <SubmitButton sending={form.sending}>{t('admin.blocklist.add')}</SubmitButton>
        </form>
      </Card>

      <section className="invoices-admin__section" aria-labelledby="blocklist-entries">
        <h2 id="blocklist-entries">{t('admin.blocklist.entries')}</h2>
        <form
          role="search"
          className="invoices-admin__filters"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setQ(typed);
          }}
        >
          <TextField
            id="blocklist-search"
            type="search"
            label={t('admin.blocklist.search')}
            value={typed}
            onChange={setTyped}
            maxLength={100}
          />
          <Button type="submit">{t('admin.blocklist.searchButton')}</Button>
        </form>
        {!list.data ? (
          <PendingData failure={list.failure} onRetry={list.reload} />
        ) : list.data.items.length === 0 ? (
          <EmptyState variant="answer" title={t('admin.blocklist.empty')}>
            <p>{t('admin.blocklist.emptyText')}</p>
          </EmptyState>
        ) : (
          <div aria-busy={list.loading}>
            <ResponsiveTable
              caption={t('admin.blocklist.entries')}
              rows={list.data.items}
              rowKey={(entry) => entry.id}
              columns={[
                { key: 'value', header: t('admin.blocklist.value'), cell: (entry) => <code>{entry.value}</code> },
                {
                  key: 'kind',
                  header: t('admin.blocklist.kind'),
                  cell: (entry) => t(`admin.blocklist.kinds.${entry.kind}`),
                },
                { key: 'reason', header: t('admin.blocklist.reason'), cell: (entry) => entry.reason ?? '–' },
                {
                  key: 'customers',
                  header: t('admin.blocklist.customers'),
                  className: 'invoices-admin__number',
                  cell: (entry) => entry.customers,
                },
                {
                  key: 'created',
                  header: t('admin.blocklist.created'),
                  cell: (entry) =>
                    `${when(entry.createdAt)}${entry.createdBy ? ` · ${entry.createdBy.displayName}` : ''}`,
                },
                {
                  key: 'actions',
                  header: t('admin.blocklist.remove'),
                  headerHidden: true,
                  actions: true,
                  cell: (entry) => (
                    <Button size="small" variant="danger-quiet" onClick={() => setRemoving(entry)}>
                      {t('admin.blocklist.remove')}
                      <span className="visually-hidden"> {entry.value}</span>
                    </Button>
                  ),
                },
              ]}
              card={(entry) => (
                <>
                  <p className="invoices-admin__card-title">
                    <code>{entry.value}</code>
                  </p>
                  <p className="invoices-admin__muted">
                    {t(`admin.blocklist.kinds.${entry.kind}`)} ·{' '}
                    {t('admin.blocklist.customersCount', { count: entry.customers })}
                  </p>
                  {entry.reason && <p>{entry.reason}</p>}
                  <Button size="small" variant="danger-quiet" onClick={() => setRemoving(entry)}>
                    {t('admin.blocklist.remove')}
                    <span className="visually-hidden"> {entry.value}</span>
                  </Button>
                </>
              )}
            />
            <PagerNav page={page} pageSize={BLOCKLIST_PAGE_SIZE} total={list.data.page.total} onPage={setPage} />
          </div>
        )}
      </section>

      <ModalDialog
        open={removing !== null}
        onClose={() => !removeBusy && setRemoving(null)}
        role="alertdialog"
        titleId="blocklist-remove-title"
        busy={removeBusy}
        initialFocusRef={cancel}
      >
        <h2 id="blocklist-remove-title">{t('admin.blocklist.removeTitle', { value: removing?.value ?? '' })}</h2>
        <p>{t('admin.blocklist.removeText', { count: removing?.customers ?? 0 })}</p>
        {removeFailed && (
          <Alert>
            <p>{t('admin.blocklist.errors.generic')}</p>
          </Alert>
        )}
        <DialogActions>
          <Button ref={cancel} onClick={() => setRemoving(null)} disabled={removeBusy}>
            {t('admin.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void remove()} busy={removeBusy} disabled={removeBusy}>
            {t('admin.blocklist.remove')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </div>
  );
}
