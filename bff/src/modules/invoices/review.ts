// The admin's review of invoices waiting in −1 (docs/product/back-office.md#approval-queue): the queue, one invoice
// as the review needs it, and sending it back with a comment. Approving hands the invoice to the sending module,
// which numbers and sends it (the back office calls the sending module's public entry).
import type { EntityManager } from '@mikro-orm/postgresql';
import { INVOICE_STATES } from '../../domain/invoice-status.ts';
import { ValidationError, fieldError } from '../../platform/errors.ts';
import { sqlRows } from '../../platform/db/sql.ts';
import type { InvoiceEmails } from './emails.ts';
import { Invoice, type InvoiceEventRecord } from './entities.ts';
import { invoiceNotFound, versionConflict } from './errors.ts';
import type { InvoiceService, InvoiceDetails } from './service.ts';

export interface ReviewQueueRow {
  invoiceId: string;
  ownerId: string;
  recipientName: string;
  reference: string | null;
  invoiceDate: string;
  dueDate: string;
  currency: Invoice['currency'];
  totalExclVat: number;
  totalInclVat: number;
  submittedAt: Date;
  earlierRequests: number;
  version: number;
}

interface QueueSqlRow {
  id: string;
  owner_id: string;
  recipient_name: string;
  reference: string | null;
  invoice_date: string;
  due_date: string;
  currency: Invoice['currency'];
  total_excl_vat: string;
  total_incl_vat: string;
  updated_at: Date;
  earlier_requests: number;
  version: number;
  total: number;
}

export interface ReviewedInvoice {
  details: InvoiceDetails;
  events: InvoiceEventRecord[];
}

/** The admin acting in the back office. */
export interface Reviewer {
  userId: string;
}

const WAITING = 'need_admin_approval';

export class InvoiceReview {
  readonly #invoices: InvoiceService;
  readonly #emails: InvoiceEmails;

  constructor(invoices: InvoiceService, emails: InvoiceEmails) {
    this.#invoices = invoices;
    this.#emails = emails;
  }

  /** The invoices waiting for review, oldest first (the time they entered −1 is their last update). */
  async queue(em: EntityManager, page: number, pageSize: number): Promise<{ items: ReviewQueueRow[]; total: number }> {
    const rows = await sqlRows<QueueSqlRow>(
      em,
      `select i."id", i."owner_id", c."name" as "recipient_name", i."reference",
         to_char(i."invoice_date", 'YYYY-MM-DD') as "invoice_date", to_char(i."due_date", 'YYYY-MM-DD') as "due_date",
         i."currency", i."total_excl_vat", i."total_incl_vat", i."updated_at", i."version",
         (select count(*)::int from "invoice_event" e where e."invoice_id" = i."id" and e."event" = 'request_changes')
           as "earlier_requests",
         count(*) over ()::int as "total"
       from "invoice" i join "customer" c on c."id" = i."customer_id"
       where i."state" = '${WAITING}'
       order by i."updated_at", i."id" limit ? offset ?`,
      [pageSize, (page - 1) * pageSize],
    );
    const total = rows[0]?.total ?? (page > 1 ? await em.count(Invoice, { state: WAITING }) : 0);
    return {
      total,
      items: rows.map((row) => ({
        invoiceId: row.id,
        ownerId: row.owner_id,
        recipientName: row.recipient_name,
        reference: row.reference,
        invoiceDate: row.invoice_date,
        dueDate: row.due_date,
        currency: row.currency,
        totalExclVat: Number(row.total_excl_vat),
        totalInclVat: Number(row.total_incl_vat),
        submittedAt: new Date(row.updated_at),
        earlierRequests: row.earlier_requests,
        version: row.version,
      })),
    };
  }

  /** An invoice waiting for review with its history; any other invoice is not found here. */
  async get(em: EntityManager, invoiceId: string): Promise<ReviewedInvoice> {
    const invoice = await em.findOne(Invoice, { id: invoiceId, state: WAITING });
    if (!invoice) throw invoiceNotFound();
    const [details, events] = await Promise.all([
      this.#invoices.load(em, invoice),
      this.#invoices.repository.eventsOf(em, invoiceId),
    ]);
    return { details, events };
  }

  /**
   * Sends the invoice back to its freelancer (→ 7) with the comment, which the invoice shows and an email carries;
   * the event, its admin and the email commit together.
   */
  async requestChanges(
    em: EntityManager,
    reviewer: Reviewer,
    invoiceId: string,
    input: { comment: string; version?: number | undefined },
  ): Promise<{ state: Invoice['state']; version: number }> {
    const comment = input.comment.trim();
    if (!comment) throw new ValidationError([fieldError('body.comment', 'required', 'Write what to change')]);
    return em.transactional(async (tx) => {
      const invoice = await this.#lock(tx, invoiceId);
      if (input.version !== undefined && input.version !== invoice.version) throw versionConflict();
      const result = await this.#invoices.repository.transition(
        tx,
        invoice,
        { type: 'request_changes' },
        { type: 'admin', userId: reviewer.userId },
        { reason: comment },
      );
      const recipientName = invoice.recipientSnapshot?.name ?? (await this.#invoices.load(tx, invoice)).recipient.name;
      await this.#emails.changesRequested(tx, { id: invoice.id, ownerId: invoice.ownerId, recipientName }, comment);
      return { state: result.state, version: result.version };
    });
  }

  /** The invoice, locked for the transaction; not found when it does not exist. */
  async #lock(em: EntityManager, invoiceId: string): Promise<Invoice> {
    // The owner first (a plain read, so no half-loaded entity sits in the unit of work), then the row locked.
    const [owner] = await sqlRows<{ owner_id: string }>(em, `select "owner_id" from "invoice" where "id" = ?`, [
      invoiceId,
    ]);
    if (!owner) throw invoiceNotFound();
    const invoice = await this.#invoices.repository.findOwned(em, owner.owner_id, invoiceId, true);
    if (!invoice) throw invoiceNotFound();
    return invoice;
  }
}

/** The numeric status and its name, as the API shows them. */
export function statusOf(state: Invoice['state']): { status: number; statusName: string } {
  const { status, statusName } = INVOICE_STATES[state];
  return { status, statusName };
}
