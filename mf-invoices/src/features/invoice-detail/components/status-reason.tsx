import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@frilo/ui/button';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { Alert, type AlertKind } from '@frilo/ui/alert';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatMoment, invoiceState } from '../../../lib/invoice-display.ts';
import { startBankRegistration, type Invoice, type InvoiceEvent } from '../api/invoice-detail.ts';
import { EInvoiceWait } from './e-invoice-wait.tsx';

/** Bank details missing: the one code whose fix is the bank registration, not the invoice. */
const BANK_DETAILS = 4;
/** The customer has not accepted e-invoices yet: the wait has a time frame (EInvoiceWait). */
const E_INVOICE_PENDING = 16;

/** The problem codes that explain the invoice's state: the invoice's own, and those its latest change recorded. */
export function reasonCodes(invoice: Invoice, events: InvoiceEvent[] | null): number[] {
  const latest = events?.filter((event) => event.status === invoice.status).at(-1);
  return [...new Set([...(latest?.problemCodes ?? []), ...invoice.problemCodes])].sort((a, b) => a - b);
}

/**
 * Why an invoice is not on its way (−3 Not sent, 2 Waiting, −1 Waiting for review, −2 Temporary error, 7 Changes
 * requested with the admin's comment), and the action that fixes it: editing the invoice, or registering bank details.
 */
export function StatusReason({
  invoice,
  events,
  onChanged,
}: {
  invoice: Invoice;
  events: InvoiceEvent[] | null;
  /** The invoice changed here (sent as a PDF by email instead of waiting). */
  onChanged: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const state = invoiceState(invoice.status, invoice.statusName);
  const [opening, setOpening] = useState(false);
  const [bankFailed, setBankFailed] = useState(false);
  const codes = reasonCodes(invoice, events);

  const registerBank = async () => {
    setOpening(true);
    setBankFailed(false);
    const result = await startBankRegistration(locale);
    if (result.ok) {
      window.location.assign(result.data.redirectUrl);
      return;
    }
    setOpening(false);
    setBankFailed(true);
  };

  const editLink = (
    <Link to={`/quotations/edit/${invoice.id}`} className={buttonClass({ variant: 'primary' })}>
      <Icon icon={icons.edit} size={18} />
      {t('detail.reason.edit')}
    </Link>
  );
  const problems = codes.length > 0 && (
    <ul className="invoice-detail__problems">
      {codes.map((code) => (
        <li key={code}>{t(`sending.problems.${code}`, { defaultValue: t('sending.problems.0') })}</li>
      ))}
    </ul>
  );

  switch (state) {
    case 'not_sent':
      return (
        <ReasonPanel kind="error" title={t('detail.reason.notSent.title')} actions={editLink}>
          <p>{t('detail.reason.notSent.text')}</p>
          {problems}
        </ReasonPanel>
      );
    case 'waiting': {
      const bank = codes.includes(BANK_DETAILS);
      const eInvoice = codes.includes(E_INVOICE_PENDING);
      return (
        <ReasonPanel
          kind="warning"
          title={t('detail.reason.waiting.title')}
          actions={
            bank && (
              <Button variant="primary" onClick={() => void registerBank()} busy={opening} disabled={opening}>
                <Icon icon={icons.wallet} size={18} />
                {t('detail.reason.registerBank')}
              </Button>
            )
          }
        >
          <p>{t(eInvoice && !bank ? 'detail.reason.waiting.eInvoice' : 'detail.reason.waiting.text')}</p>
          {problems}
          {eInvoice && !bank && <EInvoiceWait invoice={invoice} onSent={onChanged} />}
          {bankFailed && <p className="invoice-detail__bank-failed">{t('detail.reason.bankFailed')}</p>}
        </ReasonPanel>
      );
    }
    case 'need_admin_approval':
      return (
        <ReasonPanel kind="info" title={t('detail.reason.review.title')}>
          <p>{t('detail.reason.review.text')}</p>
        </ReasonPanel>
      );
    case 'temporary_error':
      return (
        <ReasonPanel kind="warning" title={t('detail.reason.temporary.title')}>
          <p>{t('detail.reason.temporary.text')}</p>
          {problems}
        </ReasonPanel>
      );
    case 'changes_requested':
      return (
        <ReasonPanel kind="warning" title={t('detail.reason.changes.title')} actions={editLink}>
          <p>{t('detail.reason.changes.text')}</p>
          {invoice.changesRequested && (
            <figure className="invoice-detail__comment">
              <blockquote>{invoice.changesRequested.comment}</blockquote>
              <figcaption>
                {t('detail.reason.changes.by', { time: formatMoment(invoice.changesRequested.requestedAt, locale) })}
              </figcaption>
            </figure>
          )}
        </ReasonPanel>
      );
    default:
      return null;
  }
}

/** A reason in the invoice's page: a heading, what it means, and the action that fixes it. */
function ReasonPanel({
  kind,
  title,
  actions,
  children,
}: {
  kind: AlertKind;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert kind={kind} className="invoice-detail__reason">
      <h2 className="invoice-detail__reason-title">{title}</h2>
      {children}
      {actions && <div className="invoice-detail__reason-actions">{actions}</div>}
    </Alert>
  );
}
