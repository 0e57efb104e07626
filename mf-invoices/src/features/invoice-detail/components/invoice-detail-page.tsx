import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '@frilo/openapi/shell-contract';
import { Button, buttonClass } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
import { failureCode } from '@frilo/ui/form/api-result';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { LoadingIndicator } from '@frilo/ui/loading';
import { MessageCard } from '@frilo/ui/message-card';
import { PageHeader } from '@frilo/ui/page-header';
import { NAMESPACE } from '../../../app/namespace.ts';
import { invoiceState } from '../../../lib/invoice-display.ts';
import { InvoiceStatusBadge } from '../../invoice-list/components/invoice-status-badge.tsx';
import { documentUrl, startBankRegistration, type Invoice } from '../api/invoice-detail.ts';
import { useShell } from '@frilo/ui/shell-context';
import { useInvoice } from '../hooks/use-invoice.ts';
import { CreditDialog } from './credit-dialog.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { InvoiceDocument } from './invoice-document.tsx';
import { LatePayment } from './late-payment.tsx';
import { StatusHistory } from './status-history.tsx';
import { StatusReason } from './status-reason.tsx';
import { SalaryCard } from './salary-card.tsx';
import { SendDialog } from '../../send-dialog/components/send-dialog.tsx';
import { SendResultDialog } from '../../invoice-wizard/components/send-result-dialog.tsx';
import { WAITING_PROBLEM_CODES } from '../../invoice-wizard/state/send-outcome.ts';
import '../invoice-detail.css';

/**
 * A draft can be sent from its page when nothing blocks it: no problem, or only those that hold it back until they
 * resolve (bank details, the customer's e-invoice acceptance), which the send dialog names.
 */
function sendable(invoice: Invoice): boolean {
  if (!invoice.editable) return false;
  return (
    invoice.canSend ||
    (invoice.problemCodes.length > 0 && invoice.problemCodes.every((code) => WAITING_PROBLEM_CODES.has(code)))
  );
}

/** States in which the documents have left: the PDF and the e-invoice exist. */
const SENT_STATES = new Set(['sent', 'partially_paid', 'paid', 'credited']);
/** States a credit invoice can be made for. */
const CREDITABLE = new Set(['sent', 'partially_paid']);

/** /dashboard/invoices/{invoiceId}: the invoice as sent, why it is where it is, its history and what can be done. */
export function InvoiceDetailPage() {
  const { invoiceId = '' } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const { locale } = useShell();
  const { state, reload, replace } = useInvoice(invoiceId);
  const [dialog, setDialog] = useState<'credit' | 'delete' | 'send' | null>(null);
  const [justSent, setJustSent] = useState<Invoice | null>(null);

  const back = (
    <Link to="/dashboard/invoices" className="invoice-detail__back">
      <Icon icon={icons.arrowLeft} size={16} />
      {t('detail.back')}
    </Link>
  );

  if (state.kind === 'loading') return <LoadingIndicator />;
  if (state.kind === 'failed') {
    const notFound = state.failure.status === 404 || state.failure.status === 400;
    return (
      <div className="invoice-detail">
        {back}
        <MessageCard
          role="alert"
          title={notFound ? t('detail.notFound.title') : t('detail.loadFailed.title')}
          actions={
            notFound ? (
              <Link to="/dashboard/invoices" className={buttonClass({ variant: 'primary' })}>
                {t('detail.notFound.toList')}
              </Link>
            ) : (
              <Button variant="primary" onClick={reload}>
                {t('list.loadFailed.retry')}
              </Button>
            )
          }
        >
          <p>
            {notFound
              ? t('detail.notFound.text')
              : t(`list.loadFailed.${failureCode(state.failure) === 'network' ? 'network' : 'generic'}`)}
          </p>
        </MessageCard>
      </div>
    );
  }

  const { invoice, events } = state;
  const status = invoiceState(invoice.status, invoice.statusName);
  const sent = SENT_STATES.has(status);
  // Without a number it is a draft only while editable; a waiting or reviewed invoice has simply not gone out yet.
  const title =
    invoice.number !== null
      ? t('detail.title', { number: invoice.number })
      : status === 'draft' || status === 'changes_requested'
        ? t('detail.titleDraft')
        : t('detail.titleUnnumbered');

  const onCredited = (credited: Invoice) => {
    setDialog(null);
    notify('success', t('detail.credit.done', { number: credited.number ?? '' }));
    replace(credited);
  };

  return (
    <div className="invoice-detail">
      {back}
      <PageHeader
        actions={
          <>
            {invoice.editable && (
              <Link to={`/quotations/edit/${invoice.id}`} className={buttonClass({})}>
                <Icon icon={icons.edit} size={18} />
                {t('detail.edit')}
              </Link>
            )}
            {sendable(invoice) && (
              <Button variant="primary" onClick={() => setDialog('send')}>
                {t('detail.send')}
              </Button>
            )}
            {status === 'draft' && (
              <Button variant="danger-quiet" onClick={() => setDialog('delete')}>
                <Icon icon={icons.trash} size={18} />
                {t('detail.delete.open')}
              </Button>
            )}
            {CREDITABLE.has(status) && (
              <Button onClick={() => setDialog('credit')}>
                <Icon icon={icons.refresh} size={18} />
                {t('detail.credit.open')}
              </Button>
            )}
          </>
        }
      >
        <h1>{title}</h1>
        <p className="invoice-detail__status">
          <InvoiceStatusBadge status={invoice.status} statusName={invoice.statusName} overdue={invoice.overdue} />
          <span>{invoice.recipient.name}</span>
        </p>
      </PageHeader>

      <StatusReason invoice={invoice} events={events} onChanged={replace} />

      {sent && (
        <section className={cardClass({ className: 'invoice-detail__section' })} aria-labelledby="invoice-documents">
          <h2 id="invoice-documents">{t('detail.documents.title')}</h2>
          <p className="invoice-detail__muted">{t('detail.documents.text')}</p>
          <div className="invoice-detail__downloads">
            <a href={documentUrl(invoice.id, 'pdf', 'invoice')} download className={buttonClass({})}>
              <Icon icon={icons.invoice} size={18} />
              {t('detail.documents.pdf')}
            </a>
            <a href={documentUrl(invoice.id, 'xml', 'invoice')} download className={buttonClass({})}>
              <Icon icon={icons.archive} size={18} />
              {t('detail.documents.xml')}
            </a>
          </div>
          {status === 'credited' && (
            <div className="invoice-detail__credit-note">
              <h3 className="invoice-detail__subheading">{t('detail.documents.creditNote')}</h3>
              <p className="invoice-detail__muted">{t('detail.documents.creditNoteText')}</p>
              <div className="invoice-detail__downloads">
                <a href={documentUrl(invoice.id, 'pdf', 'credit_note')} download className={buttonClass({})}>
                  <Icon icon={icons.invoice} size={18} />
                  {t('detail.documents.creditNotePdf')}
                </a>
                <a href={documentUrl(invoice.id, 'xml', 'credit_note')} download className={buttonClass({})}>
                  <Icon icon={icons.archive} size={18} />
                  {t('detail.documents.creditNoteXml')}
                </a>
              </div>
            </div>
          )}
        </section>
      )}

      <LatePayment
        invoice={invoice}
        onSent={(interest) => {
          notify('success', t('detail.late.done', { number: interest.number ?? '' }));
          reload();
        }}
      />
      <InvoiceDocument invoice={invoice} />
      {status !== 'draft' && status !== 'deleted' && <SalaryCard invoice={invoice} />}
      <StatusHistory events={events} currency={invoice.currency} />

      {invoice.editable && (
        <SendDialog
          invoice={invoice}
          open={dialog === 'send'}
          onClose={() => setDialog(null)}
          onSent={(after) => {
            setDialog(null);
            setJustSent(after);
            replace(after);
          }}
          onRefused={() => {
            // Something blocks it after all: the review step lists what, each with the way to fix it.
            setDialog(null);
            void navigate(`/quotations/edit/${invoice.id}?step=4`);
          }}
        />
      )}
      <SendResultDialog
        invoice={justSent}
        onClose={() => setJustSent(null)}
        onRegisterBank={() => {
          void startBankRegistration(locale).then((result) => {
            if (result.ok) window.location.assign(result.data.redirectUrl);
            else notify('error', t('detail.reason.bankFailed'));
          });
        }}
      />

      <CreditDialog
        invoice={invoice}
        open={dialog === 'credit'}
        onClose={() => setDialog(null)}
        onCredited={onCredited}
      />
      <DeleteDialog
        invoiceId={invoice.id}
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        onDeleted={() => {
          setDialog(null);
          notify('success', t('detail.delete.done'));
          void navigate('/dashboard/invoices');
        }}
      />
    </div>
  );
}
