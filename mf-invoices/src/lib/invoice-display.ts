// How an invoice's status, money and dates read on every screen of mf-invoices (list, invoice, dashboard). Pure.
import type { BadgeTone } from '@frilo/ui/status-badge';

export type DisplayLocale = 'sv' | 'en';

/**
 * The twelve states of the status machine. The API sends the spec's number and name; they do not pair up one to
 * one (2 is waiting or sending, 7 is named `drafted`, −2 is named `sending`), so the pair decides the state.
 */
export const INVOICE_STATES = [
  'draft',
  'changes_requested',
  'need_admin_approval',
  'waiting',
  'sending',
  'temporary_error',
  'not_sent',
  'sent',
  'partially_paid',
  'paid',
  'credited',
  'deleted',
] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export function invoiceState(status: number, statusName: string): InvoiceState {
  switch (status) {
    case 0:
      return 'deleted';
    case 1:
      return 'draft';
    case 2:
      return statusName === 'sending' ? 'sending' : 'waiting';
    case 3:
      return 'sent';
    case 4:
      return 'partially_paid';
    case 5:
      return 'paid';
    case 6:
      return 'credited';
    case 7:
      return 'changes_requested';
    case -1:
      return 'need_admin_approval';
    case -2:
      return 'temporary_error';
    case -3:
      return 'not_sent';
    default:
      // A number this screen does not know yet (a newer BFF): its name is the best guess.
      return statusName === 'drafted' ? 'draft' : 'sent';
  }
}

/** The colour of a state's badge: money in (success), something for the user to do (danger/attention), on its way (info). */
export const STATE_TONE: Readonly<Record<InvoiceState, BadgeTone>> = {
  draft: 'neutral',
  changes_requested: 'attention',
  need_admin_approval: 'info',
  waiting: 'attention',
  sending: 'info',
  temporary_error: 'attention',
  not_sent: 'danger',
  sent: 'info',
  partially_paid: 'attention',
  paid: 'success',
  credited: 'neutral',
  deleted: 'neutral',
};

/** The states whose problem the user has to act on (the invoice page says why and how). */
export function needsAction(state: InvoiceState): boolean {
  return (
    state === 'not_sent' ||
    state === 'waiting' ||
    state === 'changes_requested' ||
    state === 'need_admin_approval' ||
    state === 'temporary_error'
  );
}

/** A calendar day (`YYYY-MM-DD`) as the language writes it, without moving it through a time zone. */
export function formatDay(iso: string, locale: DisplayLocale): string {
  const [year, month, day] = iso.split('-').map(Number);
  if (!year || !month || !day) return iso;
  return new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** A moment (an event's time) in Sweden's time, as the language writes it. */
export function formatMoment(iso: string, locale: DisplayLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Stockholm',
  }).format(date);
}
