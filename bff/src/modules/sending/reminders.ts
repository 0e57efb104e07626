// Payment reminders (docs/product/payments.md#payment-reminders; decision 0034): the morning run that makes the
// reminders due, and the delivery of each reminder's email.
//
// Exactly once, whatever runs at once or dies in the middle:
// - A reminder is a row unique per invoice and number (`invoice_reminder`), made in one transaction with the invoice's
//   row locked: the row, the fee it charges, its `reminder_sent` event (the system as actor, through the status
//   machine: the state stays) and its queued email commit together or not at all. A second run (the other process, a
//   retry, an admin's run) waits for the lock, then finds the row and makes nothing. A run killed midway leaves the
//   invoices it finished reminded and the others for the next run.
// - The email is delivered like a document (delivery.ts): only by the worker holding the reminder's lease, marked
//   delivered in one short transaction after the mail server took it, with a fixed Message-ID; a sweep queues again
//   what a crash left pending. A reminder whose invoice was paid or credited before its email went is cancelled, and
//   its fee given back: a paid customer is never reminded.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { InvoiceDocument, ReminderFacts } from '../../domain/invoice-document.ts';
import { parseBankgiroNumber } from '../../domain/ocr.ts';
import { reminderDueOn, reminderFeeCharged, type ReminderInterval } from '../../domain/payment-reminders.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import type { Orm } from '../../platform/db/orm.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { renderEmail } from '../../platform/mail/layout.ts';
import type { EmailMessage, Mailer } from '../../platform/mail/mailer.ts';
import { formatAmount } from '../../platform/pdf/format.ts';
import { renderInvoicePdf } from '../../platform/pdf/invoice-pdf.ts';
import { Invoice, type InvoiceRepository } from '../invoices/public.ts';
import { classifyDeliveryError } from './delivery.ts';
import { InvoiceReminder, OutgoingDocument } from './entities.ts';

/** The queue the schedule fills every morning: the reminders due today. */
export const REMINDER_RUN_QUEUE = 'payment-reminders';
/** 06:00 UTC (07:00 in Swedish winter, 08:00 in summer): the customer reads it in the working day. */
export const REMINDER_RUN_SCHEDULE = '0 6 * * *';
/** One reminder's email. */
export const REMINDER_DELIVERY_QUEUE = 'deliver-reminder';

const SYSTEM = { type: 'system' as const, userId: null };
/** The invoices looked at per round trip of a run. */
const PAGE = 500;
/** The shortest interval: nothing due earlier than this many days after its due date is ever reminded. */
const SHORTEST_INTERVAL = 7;

export interface ReminderDeps {
  orm: Orm;
  repository: InvoiceRepository;
  jobs: Jobs;
  mailer: Mailer;
  translations: Translations;
  log: Logger;
  maxAttempts: number;
  leaseSeconds: number;
  messageIdHost: string;
}

interface Candidate {
  id: string;
  due_date: string;
}

export class PaymentReminders {
  readonly #deps: ReminderDeps;

  constructor(deps: ReminderDeps) {
    this.#deps = deps;
  }

  /** Makes every reminder due on `today` (a Swedish day); returns how many this run made. */
  async run(today: string): Promise<number> {
    const em = this.#deps.orm.em.fork() as EntityManager;
    let made = 0;
    let after: Candidate | null = null;
    for (;;) {
      // Unpaid invoices with reminders on, due long enough ago, that have not had both reminders: by due date.
      const page: Candidate[] = await sqlRows<Candidate>(
        em,
        `select i."id", to_char(i."due_date", 'YYYY-MM-DD') as "due_date" from "invoice" i
         where i."reminder_interval" is not null and i."state" in ('sent', 'partially_paid')
           and i."due_date" <= ?::date - ?::int and i."due_date" + i."reminder_interval" <= ?::date
           and i."kind" = 'invoice'
           and not exists (select 1 from "invoice_reminder" r where r."invoice_id" = i."id" and r."sequence" = 2)
           ${after ? `and (i."due_date", i."id") > (?::date, ?::uuid)` : ''}
         order by i."due_date", i."id" limit ?`,
        [today, SHORTEST_INTERVAL, today, ...(after ? [after.due_date, after.id] : []), PAGE],
      );
      for (const candidate of page) {
        try {
          if (await this.#remind(candidate.id, today)) made++;
        } catch (error) {
          // One invoice that cannot be reminded (nothing of it was written) does not hold back the others'.
          this.#deps.log.error({ err: error, invoiceId: candidate.id }, 'payment reminder not made');
        }
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]!;
    }
    if (made) this.#deps.jobs.wake(REMINDER_DELIVERY_QUEUE);
    return made;
  }

  /** The reminder of one invoice due today, made once (see the header); false when none is due or another run made it. */
  async #remind(invoiceId: string, today: string): Promise<boolean> {
    return (this.#deps.orm.em.fork() as EntityManager).transactional(async (tx) => {
      const invoice = await tx.findOne(
        Invoice,
        { id: invoiceId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (!invoice || invoice.kind !== 'invoice') return false;
      if (invoice.state !== 'sent' && invoice.state !== 'partially_paid') return false;
      const interval = (invoice.reminderInterval ?? null) as ReminderInterval | null;
      const sent = await sqlRows<{ sequence: number; sentOn: string }>(
        tx,
        `select "sequence", to_char("sent_on", 'YYYY-MM-DD') as "sentOn" from "invoice_reminder"
         where "invoice_id" = ? order by "sequence"`,
        [invoiceId],
      );
      const due = reminderDueOn({ dueDate: invoice.dueDate, interval, sent, today });
      if (!due) return false;
      // The address the invoice went to (an e-invoice customer's email too), else the customer's as sent.
      const to = await sqlRow<{ recipient_email: string | null; reply_to: string | null }>(
        tx,
        `select "recipient_email", "reply_to" from "outgoing_document" where "invoice_id" = ? and "kind" = 'invoice'`,
        [invoiceId],
      );
      const email = to?.recipient_email ?? invoice.recipientSnapshot?.email ?? null;
      if (!email) {
        this.#deps.log.warn({ invoiceId }, 'no address to send a payment reminder to');
        return false;
      }
      const outstanding = invoice.totalInclVat - invoice.paidAmount;
      if (outstanding <= 0) return false;
      const fee = reminderFeeCharged(due.sequence, invoice.reminderFee ?? null);
      const [made] = await sqlRows<{ id: string }>(
        tx,
        `insert into "invoice_reminder" ("invoice_id", "owner_id", "sequence", "sent_on", "currency", "outstanding",
           "fee", "recipient_email", "reply_to")
         values (?, ?, ?, ?::date, ?, ?, ?, ?, ?)
         on conflict ("invoice_id", "sequence") do nothing returning "id"`,
        [
          invoiceId,
          invoice.ownerId,
          due.sequence,
          today,
          invoice.currency,
          outstanding,
          fee,
          email,
          to?.reply_to ?? null,
        ],
      );
      if (!made) return false;
      if (fee > 0) {
        await sqlRows(tx, `update "invoice" set "reminder_fee_charged" = "reminder_fee_charged" + ? where "id" = ?`, [
          fee,
          invoiceId,
        ]);
      }
      await this.#deps.repository.transition(tx, invoice, { type: 'reminder_sent' }, SYSTEM, {
        idempotencyKey: `reminder:${due.sequence}`,
        data: {
          reminderId: made.id,
          sequence: due.sequence,
          sentOn: today,
          outstanding,
          fee,
          currency: invoice.currency,
        },
      });
      await this.#deps.jobs.send(REMINDER_DELIVERY_QUEUE, { reminderId: made.id }, { em: tx });
      return true;
    });
  }

  /** The queue job: delivers a pending reminder's email once; throws to be retried after a passing failure. */
  async deliver(reminderId: string): Promise<void> {
    const em = this.#deps.orm.em.fork() as EntityManager;
    const claimed = await em.getConnection().execute<{ id: string }[]>(
      `update "invoice_reminder" set "delivery_lease_until" = now() + make_interval(secs => ?)
          where "id" = ? and "delivery_state" = 'pending'
            and ("delivery_lease_until" is null or "delivery_lease_until" < now()) returning "id"`,
      [this.#deps.leaseSeconds, reminderId],
    );
    if (claimed.length === 0) return;
    const reminder = await em.findOne(InvoiceReminder, { id: reminderId });
    if (!reminder || reminder.deliveryState !== 'pending') return;
    if (await this.#cancelledByPayment(em, reminder)) return;
    const document = await em.findOne(OutgoingDocument, { invoiceId: reminder.invoiceId, kind: 'invoice' });
    let failure: unknown = null;
    try {
      if (!document) throw new Error('The reminded invoice has no document');
      await this.#deps.mailer.deliver(await this.message(reminder, document.snapshot));
    } catch (error) {
      failure = error;
    }
    if (failure === null) {
      await em.fork().transactional(async (tx) => {
        const locked = await tx.findOne(InvoiceReminder, { id: reminderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!locked || locked.deliveryState !== 'pending') return;
        tx.assign(locked, {
          deliveryState: 'delivered',
          deliveryLeaseUntil: null,
          deliveredAt: new Date(),
          attempts: locked.attempts + 1,
          updatedAt: new Date(),
        });
        await tx.flush();
      });
      return;
    }
    const classified = classifyDeliveryError(failure);
    const retry = await em.fork().transactional(async (tx) => {
      const locked = await tx.findOne(InvoiceReminder, { id: reminderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!locked || locked.deliveryState !== 'pending') return false;
      const again = classified.temporary && locked.attempts + 1 < this.#deps.maxAttempts;
      tx.assign(locked, {
        attempts: locked.attempts + 1,
        deliveryLeaseUntil: null,
        lastError: classified.message,
        updatedAt: new Date(),
        ...(again ? {} : { deliveryState: 'failed' as const }),
      });
      await tx.flush();
      return again;
    });
    this.#deps.log.warn({ reminderId, err: failure, retry }, 'payment reminder delivery failed');
    if (retry) throw failure;
  }

  /**
   * A reminder whose invoice is no longer unpaid (a payment booked, a credit) between the run and its email is
   * cancelled, not sent, and the fee it charged is given back (unless a payment already paid it).
   */
  async #cancelledByPayment(em: EntityManager, reminder: InvoiceReminder): Promise<boolean> {
    return em.fork().transactional(async (tx) => {
      const invoice = await tx.findOne(
        Invoice,
        { id: reminder.invoiceId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (invoice && (invoice.state === 'sent' || invoice.state === 'partially_paid')) return false;
      const locked = await tx.findOne(InvoiceReminder, { id: reminder.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!locked || locked.deliveryState !== 'pending') return true;
      await sqlRows(
        tx,
        `update "invoice_reminder" set "delivery_state" = 'cancelled', "delivery_lease_until" = null,
           "updated_at" = now() where "id" = ?`,
        [reminder.id],
      );
      if (locked.fee > 0) {
        await sqlRows(
          tx,
          `update "invoice" set "reminder_fee_charged" = "reminder_fee_charged" - ?
           where "id" = ? and "reminder_fee_charged" - ? >= "reminder_fee_paid"`,
          [locked.fee, reminder.invoiceId, locked.fee],
        );
      }
      return true;
    });
  }

  /** Queues the delivery of every pending reminder nobody is delivering (after a restart, or a job lost with its worker). */
  async sweep(queue: (reminderId: string, startAfterSeconds: number) => Promise<unknown>): Promise<number> {
    const em = this.#deps.orm.em.fork() as EntityManager;
    const pending = await em.getConnection().execute<{ id: string; wait: number }[]>(
      `select "id", greatest(0, ceil(extract(epoch from ("delivery_lease_until" - now()))))::int as "wait"
           from "invoice_reminder" where "delivery_state" = 'pending' order by "created_at" limit 1000`,
    );
    for (const { id, wait } of pending) await queue(id, wait > 0 ? wait + 1 : 0);
    return pending.length;
  }

  /** The reminder's PDF: the invoice as sent, titled and boxed as a reminder (the same bytes for every attempt). */
  pdf(reminder: InvoiceReminder, snapshot: InvoiceDocument): Promise<Uint8Array> {
    const facts: ReminderFacts = {
      sequence: reminder.sequence,
      remindedOn: reminder.sentOn,
      outstandingMinor: reminder.outstanding,
      feeMinor: reminder.fee,
    };
    return renderInvoicePdf(snapshot, { reminder: facts, createdAt: reminder.createdAt });
  }

  /** The reminder's email, in the invoice's language, reply-to the freelancer, with its PDF. */
  async message(reminder: InvoiceReminder, doc: InvoiceDocument): Promise<EmailMessage> {
    const language = doc.language;
    const t = (key: string, values: Record<string, string | number> = {}) =>
      this.#deps.translations.t(language, 'email', `paymentReminder.${key}`, values);
    const bankgiro = parseBankgiroNumber(doc.seller.bankgiro);
    const values = {
      number: doc.number,
      seller: doc.seller.name,
      freelancer: doc.freelancer.name,
      dueDate: doc.dueDate ? longDate(doc.dueDate, language) : '',
      amount: formatAmount(reminder.outstanding + reminder.fee, language),
      currency: doc.currency,
      fee: reminder.fee % 100 === 0 ? String(reminder.fee / 100) : formatAmount(reminder.fee, language),
      bankgiro: bankgiro.valid ? bankgiro.formatted : doc.seller.bankgiro,
      ocr: doc.ocrReference ?? '',
      reference: doc.buyerReference ?? '',
    };
    const paragraphs = [
      await this.#deps.translations.t(language, 'email', 'invoiceDocument.greeting'),
      await t('body', values),
      ...(doc.buyerReference ? [await t('reference', values)] : []),
      await t(reminder.fee > 0 ? 'paymentWithFee' : 'payment', values),
      await t('alreadyPaid'),
      await this.#deps.translations.t(language, 'email', 'invoiceDocument.reply', values),
    ];
    const { html, text } = renderEmail(
      {
        brandName: doc.seller.name,
        heading: await t('heading', values),
        paragraphs,
        footer: await this.#deps.translations.t(language, 'email', 'invoiceDocument.footer', values),
      },
      language,
    );
    const pdf = await this.pdf(reminder, doc);
    return {
      to: reminder.recipientEmail,
      subject: await t(doc.buyerReference ? 'subjectWithReference' : 'subject', values),
      text,
      html,
      ...(reminder.replyTo ? { replyTo: reminder.replyTo } : {}),
      messageId: `<reminder-${reminder.id}@${this.#deps.messageIdHost}>`,
      attachments: [
        {
          filename: `${language === 'sv' ? 'Paminnelse' : 'Reminder'}-${doc.number}-${reminder.sequence}.pdf`,
          contentType: 'application/pdf',
          contentBase64: Buffer.from(pdf).toString('base64'),
        },
      ],
    };
  }
}

/** `2026-11-01` as the reader writes it: "1 november 2026" / "1 November 2026". */
function longDate(iso: string, language: 'sv' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'sv' ? 'sv-SE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}
