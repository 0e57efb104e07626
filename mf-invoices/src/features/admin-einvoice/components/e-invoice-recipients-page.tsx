import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@frilo/openapi/shell-contract';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { EmptyState } from '@frilo/ui/empty-state';
import { SelectField } from '@frilo/ui/form/select-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { PageHeader } from '@frilo/ui/page-header';
import { PendingData } from '@frilo/ui/pending-data';
import { PagerNav } from '@frilo/ui/pager';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { StatusBadge } from '@frilo/ui/status-badge';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';
import { when } from '../../admin-shared/when.ts';
import {
  listEInvoiceRecipients,
  markReachable,
  markUnreachable,
  RECIPIENT_STATUSES,
  RECIPIENTS_PAGE_SIZE,
  type EInvoiceRecipient,
  type RecipientStatus,
} from '../api.ts';

type Values = { participantId: string };

/**
 * /admin/e-invoice-recipients: e-invoice customers whose invoices wait (2, problem 16) because they have not accepted
 * e-invoices, and those that have; mark a customer reachable on Peppol (its waiting invoices then go out) or not.
 */
export function EInvoiceRecipientsPage() {
  const { t } = useTranslation(NAMESPACE);
  const [status, setStatus] = useState<RecipientStatus>('waiting');
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const list = useApiData((signal) => listEInvoiceRecipients(status, q, page, signal), `${status}|${q}|${page}`);
  const [marking, setMarking] = useState<EInvoiceRecipient | null>(null);
  const [unmarking, setUnmarking] = useState<EInvoiceRecipient | null>(null);
  const [unmarkBusy, setUnmarkBusy] = useState(false);
  const [unmarkFailed, setUnmarkFailed] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);

  const form = useForm<Values, EInvoiceRecipient>({
    form: 'admin.eInvoice.form',
    initial: { participantId: '' },
    send: (values) => markReachable(marking!.customerId, values.participantId),
    onSent: (recipient) => {
      notify('success', t('admin.eInvoice.marked', { name: recipient.customerName }));
      setMarking(null);
      list.reload();
    },
  });

  const openMark = (recipient: EInvoiceRecipient) => {
    form.reset({ participantId: recipient.participantId ?? '' });
    setMarking(recipient);
  };

  const unmark = async () => {
    if (!unmarking) return;
    setUnmarkBusy(true);
    setUnmarkFailed(false);
    const result = await markUnreachable(unmarking.customerId);
    setUnmarkBusy(false);
    if (result.ok) {
      notify('success', t('admin.eInvoice.unmarked', { name: unmarking.customerName }));
      setUnmarking(null);
      list.reload();
    } else {
      setUnmarkFailed(true);
    }
  };

  const action = (recipient: EInvoiceRecipient) =>
    recipient.reachable ? (
      <Button size="small" variant="danger-quiet" onClick={() => setUnmarking(recipient)}>
        {t('admin.eInvoice.unmark')}
        <span className="visually-hidden"> {recipient.customerName}</span>
      </Button>
    ) : (
      <Button size="small" onClick={() => openMark(recipient)}>
        {t('admin.eInvoice.mark')}
        <span className="visually-hidden"> {recipient.customerName}</span>
      </Button>
    );

  /** Where the customer stands: accepted (by whom), marked not reachable, or not listed in the directory. */
  const source = (recipient: EInvoiceRecipient) =>
    recipient.reachable && recipient.acceptedBy && recipient.acceptedAt
      ? `${t(`admin.eInvoice.sources.${recipient.acceptedBy}`)} · ${when(recipient.acceptedAt)}`
      : recipient.unreachableAt
        ? t('admin.eInvoice.markedUnreachable', { when: when(recipient.unreachableAt) })
        : recipient.directoryCheckedAt
          ? t('admin.eInvoice.notListed', { when: when(recipient.directoryCheckedAt) })
          : '–';

  return (
    <div className="invoices-admin">
      <PageHeader>
        <h1>{t('admin.eInvoice.title')}</h1>
        <p>{t('admin.eInvoice.lead')}</p>
      </PageHeader>

      <section className="invoices-admin__section" aria-labelledby="einvoice-customers">
        <h2 id="einvoice-customers">{t(`admin.eInvoice.headings.${status}`)}</h2>
        <form
          role="search"
          className="invoices-admin__filters"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setQ(typed);
          }}
        >
          <SelectField
            id="einvoice-status"
            label={t('admin.eInvoice.show')}
            value={status}
            onChange={(value) => {
              setStatus(value as RecipientStatus);
              setPage(1);
            }}
            options={RECIPIENT_STATUSES.map((value) => ({ value, label: t(`admin.eInvoice.statuses.${value}`) }))}
          />
          <TextField
            id="einvoice-search"
            type="search"
            label={t('admin.eInvoice.search')}
            value={typed}
            onChange={setTyped}
            maxLength={100}
          />
          <Button type="submit">{t('admin.eInvoice.searchButton')}</Button>
        </form>
        {!list.data ? (
          <PendingData failure={list.failure} onRetry={list.reload} />
        ) : list.data.items.length === 0 ? (
          <EmptyState variant="answer" title={t(`admin.eInvoice.empty.${status}`)}>
            <p>{t(`admin.eInvoice.emptyText.${status}`)}</p>
          </EmptyState>
        ) : (
          <div aria-busy={list.loading}>
            <ResponsiveTable
              caption={t(`admin.eInvoice.headings.${status}`)}
              rows={list.data.items}
              rowKey={(recipient) => recipient.customerId}
              columns={[
                {
                  key: 'customer',
                  header: t('admin.eInvoice.columns.customer'),
                  cell: (recipient) => (
                    <>
                      {recipient.customerName}
                      <div className="invoices-admin__muted">{recipient.governmentId ?? '–'}</div>
                    </>
                  ),
                },
                {
                  key: 'freelancer',
                  header: t('admin.eInvoice.columns.freelancer'),
                  cell: (recipient) => (
                    <>
                      {recipient.freelancer.displayName}
                      <div className="invoices-admin__muted">{recipient.freelancer.email}</div>
                    </>
                  ),
                },
                {
                  key: 'waiting',
                  header: t('admin.eInvoice.columns.waiting'),
                  className: 'invoices-admin__number',
                  cell: (recipient) => (
                    <>
                      {recipient.waitingInvoices}
                      {recipient.oldestWaitingSince && (
                        <div className="invoices-admin__muted">
                          {t('admin.eInvoice.since', { when: when(recipient.oldestWaitingSince) })}
                        </div>
                      )}
                      <WaitedBankDays recipient={recipient} />
                    </>
                  ),
                },
                {
                  key: 'participant',
                  header: t('admin.eInvoice.columns.participant'),
                  cell: (recipient) => (
                    <>
                      {recipient.participantId ? <code>{recipient.participantId}</code> : '–'}
                      {(recipient.reachable || recipient.unreachableAt || recipient.directoryCheckedAt) && (
                        <div className="invoices-admin__muted">{source(recipient)}</div>
                      )}
                    </>
                  ),
                },
                {
                  key: 'actions',
                  header: t('admin.eInvoice.columns.action'),
                  headerHidden: true,
                  actions: true,
                  cell: action,
                },
              ]}
              card={(recipient) => (
                <>
                  <p className="invoices-admin__card-title">{recipient.customerName}</p>
                  <p className="invoices-admin__muted">
                    {recipient.governmentId ?? '–'}
                    {recipient.participantId ? (
                      <>
                        {' · '}
                        <code>{recipient.participantId}</code>
                      </>
                    ) : null}
                  </p>
                  <p>
                    {recipient.freelancer.displayName}
                    <span className="invoices-admin__muted"> · {recipient.freelancer.email}</span>
                  </p>
                  <p>
                    <StatusBadge tone={recipient.waitingInvoices > 0 ? 'attention' : 'neutral'}>
                      {t('admin.eInvoice.waitingCount', { count: recipient.waitingInvoices })}
                    </StatusBadge>
                  </p>
                  <WaitedBankDays recipient={recipient} />
                  {(recipient.reachable || recipient.unreachableAt || recipient.directoryCheckedAt) && (
                    <p className="invoices-admin__muted">{source(recipient)}</p>
                  )}
                  {action(recipient)}
                </>
              )}
            />
            <PagerNav page={page} pageSize={RECIPIENTS_PAGE_SIZE} total={list.data.page.total} onPage={setPage} />
          </div>
        )}
      </section>

      <ModalDialog
        open={marking !== null}
        onClose={() => !form.sending && setMarking(null)}
        titleId="einvoice-mark-title"
        busy={form.sending}
      >
        <h2 id="einvoice-mark-title">{t('admin.eInvoice.markTitle', { name: marking?.customerName ?? '' })}</h2>
        <p>{t('admin.eInvoice.markText', { count: marking?.waitingInvoices ?? 0 })}</p>
        <form noValidate onSubmit={(event) => void form.submit(event)}>
          {form.failure && (
            <Alert alertRef={form.alertRef}>
              <p>{t(`admin.eInvoice.errors.${form.failure.code === 'network' ? 'network' : 'generic'}`)}</p>
            </Alert>
          )}
          <TextField
            id="einvoice-participant"
            label={t('admin.eInvoice.participant')}
            hint={t('admin.eInvoice.participantHint')}
            maxLength={80}
            {...form.bind('participantId')}
          />
          <DialogActions>
            <Button onClick={() => setMarking(null)} disabled={form.sending}>
              {t('admin.cancel')}
            </Button>
            <SubmitButton sending={form.sending}>{t('admin.eInvoice.markConfirm')}</SubmitButton>
          </DialogActions>
        </form>
      </ModalDialog>

      <ModalDialog
        open={unmarking !== null}
        onClose={() => !unmarkBusy && setUnmarking(null)}
        role="alertdialog"
        titleId="einvoice-unmark-title"
        busy={unmarkBusy}
        initialFocusRef={cancel}
      >
        <h2 id="einvoice-unmark-title">{t('admin.eInvoice.unmarkTitle', { name: unmarking?.customerName ?? '' })}</h2>
        <p>{t('admin.eInvoice.unmarkText')}</p>
        {unmarkFailed && (
          <Alert>
            <p>{t('admin.eInvoice.errors.generic')}</p>
          </Alert>
        )}
        <DialogActions>
          <Button ref={cancel} onClick={() => setUnmarking(null)} disabled={unmarkBusy}>
            {t('admin.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void unmark()} busy={unmarkBusy} disabled={unmarkBusy}>
            {t('admin.eInvoice.unmark')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </div>
  );
}

/** How long the longest-waiting invoice has waited, in bank days against the limit after which its freelancer is told. */
function WaitedBankDays({ recipient }: { recipient: { waitedBankDays: number | null; waitLimitBankDays: number } }) {
  const { t } = useTranslation(NAMESPACE);
  if (recipient.waitedBankDays === null) return null;
  const over = recipient.waitedBankDays >= recipient.waitLimitBankDays;
  return (
    <div className={over ? 'invoices-admin__over' : 'invoices-admin__muted'}>
      {t(over ? 'admin.eInvoice.waitedOver' : 'admin.eInvoice.waited', {
        count: recipient.waitedBankDays,
        limit: recipient.waitLimitBankDays,
      })}
    </div>
  );
}
