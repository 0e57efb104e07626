// The interest invoice (räntefaktura) for an invoice paid after its due date, in one action
// (docs/product/payments.md#late-payment-interest; decision 0034): the interest the invoice stated, computed per day
// (domain/late-payment-interest.ts, the same figures the invoice page shows), becomes an invoice of its own (one 0 %
// line per period, VAT category O), numbered, rendered and sent through the normal send.
//
// Once per invoice: the paid invoice's row is locked while its interest invoice is made, the `interest_invoiced` event
// is recorded on it in that transaction, and the database allows one live interest invoice per invoice. Asking again
// answers the one made (and sends it, when an earlier send was refused and it is still a draft).
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isInvoiceEditable } from '../../domain/invoice-status.ts';
import { lateInterest } from '../../domain/late-payment-interest.ts';
import { ConflictError, UnprocessableError } from '../../platform/errors.ts';
import { formatAmount, formatDecimalText } from '../../platform/pdf/format.ts';
import { fill, pdfTexts } from '../../platform/pdf/texts.ts';
import {
  eventActorOf,
  Invoice,
  interestTermsOf,
  lateness,
  type InvoiceActor,
  type InvoiceService,
  type RowValues,
} from '../invoices/public.ts';
import type { SendingService } from './service.ts';

export type InterestRefusal = 'not_paid' | 'not_late' | 'no_interest' | 'credited' | 'interest_invoice';

const DETAILS: Record<InterestRefusal, string> = {
  not_paid: 'The invoice is not paid in full yet: its interest is known once it is',
  not_late: 'The invoice was paid by its due date: there is no interest to invoice',
  no_interest: 'The late payment gives no interest (a rate of 0 %, or less than half an öre)',
  credited: 'The invoice is credited',
  interest_invoice: 'An interest invoice carries no interest of its own',
};

const notPossible = (reason: InterestRefusal) =>
  new ConflictError('interest_invoice_not_possible', DETAILS[reason], { extensions: { params: { reason } } });

export class InterestInvoices {
  readonly #invoices: InvoiceService;
  readonly #sending: SendingService;

  constructor(deps: { invoices: InvoiceService; sending: SendingService }) {
    this.#invoices = deps.invoices;
    this.#sending = deps.sending;
  }

  /**
   * Makes and sends the interest invoice of `invoiceId`, or sends again the one made before when it is still editable.
   * Returns its id and whether this call made it.
   */
  async send(
    em: EntityManager,
    actor: InvoiceActor,
    invoiceId: string,
    options: { idempotencyKey?: string | null } = {},
  ): Promise<{ id: string; created: boolean }> {
    const original = await this.#invoices.get(em, actor.userId, invoiceId);
    const existing = original.afterSending.interestInvoice;
    if (existing) {
      if (isInvoiceEditable(existing.state)) await this.#sendDraft(em, actor, existing.id, options);
      return { id: existing.id, created: false };
    }
    const rows = this.#rows(original);
    const made = await em.transactional(async (tx) => {
      const locked = await tx.findOne(
        Invoice,
        { id: invoiceId, ownerId: actor.userId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (!locked || locked.state !== 'paid') throw notPossible('not_paid');
      // A request at the same moment made it while this one waited for the lock.
      const [other] = await tx
        .getConnection()
        .execute<{ id: string }[]>(
          `select "id" from "invoice" where "interest_for_invoice_id" = ? and "state" <> 'deleted'`,
          [invoiceId],
          'all',
          tx.getTransactionContext(),
        );
      if (other) return { id: other.id, created: false };
      const draft = await this.#invoices.createInterestDraft(tx, actor, original, rows);
      await this.#invoices.repository.transition(tx, locked, { type: 'interest_invoiced' }, eventActorOf(actor), {
        idempotencyKey: `interest-invoice:${draft.id}`,
        data: { interestInvoiceId: draft.id },
      });
      return { id: draft.id, created: true };
    });
    await this.#sendDraft(em, actor, made.id, options);
    return made;
  }

  /**
   * Sends the interest invoice while it is a draft. Another request for it may be sending it at the same moment: its
   * conflict is that one's success, so this one answers the invoice as it is.
   */
  async #sendDraft(
    em: EntityManager,
    actor: InvoiceActor,
    id: string,
    options: { idempotencyKey?: string | null },
  ): Promise<void> {
    try {
      await this.#sending.send(em, actor, id, options);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const now = await this.#invoices.get(em.fork(), actor.userId, id);
      if (isInvoiceEditable(now.invoice.state)) throw error;
    }
  }

  /** The interest invoice's lines: one per period of the delay, in the customer's language; refused when none. */
  #rows(original: Awaited<ReturnType<InvoiceService['get']>>): RowValues[] {
    const { invoice, values, recipient, afterSending } = original;
    if (invoice.kind !== 'invoice') throw notPossible('interest_invoice');
    if (invoice.state === 'credited') throw notPossible('credited');
    if (invoice.state !== 'paid') throw notPossible('not_paid');
    const late = lateness(original, this.#invoices.today());
    if (!late) throw notPossible('not_late');
    const result = lateInterest({
      principal: invoice.totalInclVat,
      dueDate: invoice.dueDate,
      payments: afterSending.payments,
      until: late.until,
      terms: interestTermsOf(values.latePaymentInterest),
    });
    if (!result.ok) {
      throw new UnprocessableError(
        'interest_rate_unknown',
        `The Riksbank's reference rate for ${result.firstUnknownDay} is not known yet`,
        { extensions: { params: { from: result.firstUnknownDay } } },
      );
    }
    const periods = result.periods.filter((period) => period.amount > 0);
    if (periods.length === 0) throw notPossible('no_interest');
    const language = recipient.invoiceLanguage;
    const line = pdfTexts(language).invoice.interestLine;
    return periods.map((period) => ({
      description: fill(line, {
        number: String(invoice.number ?? ''),
        from: period.from,
        to: period.to,
        days: period.days,
        rate: formatDecimalText(period.ratePercent, language),
        balance: formatAmount(period.balance, language),
        currency: values.currency,
      }),
      unitPrice: period.amount,
      quantityHundredths: 100,
      unit: 'lump_sum' as const,
      vatPercentage: 0 as const,
    }));
  }
}
