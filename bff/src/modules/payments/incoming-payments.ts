// Incoming payments: BgMax files and payments registered by hand, matched to invoices and booked exactly once.
//
// Booking a payment (one transaction with whatever brought it): the owner's salary lock, the invoice row locked, then
// what the payment does (domain/payment-allocation.ts) → the invoice's state through the status machine with the
// actor (the admin, or the system for a file) and the payment as the event's idempotency key → its paid amount →
// the salary item → the email to the freelancer. A payment that cannot be booked (no or an unknown reference, a
// credited invoice, a salary that cannot be computed) is kept as unmatched with the reason, for an admin.
import { randomUUID } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BgMaxError, parseBgMax, type BgMaxFile, type BgMaxPayment } from '../../domain/bgmax.ts';
import { formatIsoDate, toCalendarDate } from '../../domain/calendar-date.ts';
import { INVOICE_STATES, type InvoiceState } from '../../domain/invoice-status.ts';
import { allocatePayment } from '../../domain/payment-allocation.ts';
import { matchCandidates } from '../../domain/payment-matching.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import {
  Invoice,
  loadFreelancer,
  type EventActor,
  type Freelancer,
  type InvoiceServices,
  type IsoCurrency,
} from '../invoices/public.ts';
import type { Admin } from './access.ts';
import { SYSTEM } from './access.ts';
import type { EmailRecipient, PaymentEmails } from './emails.ts';
import {
  BgMaxImportRecord,
  IncomingPayment,
  type MatchMethod,
  type PayerDetails,
  type UnmatchedReason,
} from './entities.ts';
import {
  bgMaxConflict,
  bgMaxInvalid,
  currencyMismatch,
  deductionNotMatchable,
  exchangeRateUnavailable,
  invoiceAmountRequired,
  invoiceNotFound,
  invoiceNotPayable,
  paymentAlreadyMatched,
  paymentDateOutOfRange,
  paymentNotFound,
  salaryNotComputable,
  sekAmountRequired,
} from './errors.ts';
import { lockOwnerSalary, type Payouts } from './payouts.ts';
import { SalaryItems, SalaryNotComputable, type SalaryItemValues } from './salary-items.ts';

const PAYABLE: readonly InvoiceState[] = ['sent', 'partially_paid', 'paid'];
const IMPORT_LOCK = `hashtextextended('frilo:bgmax-import', 0)`;
/** How far back a payment by hand may be dated. */
const MAX_PAYMENT_AGE_DAYS = 366;

export interface PaymentRow {
  id: string;
  source: 'bgmax' | 'manual';
  kind: 'payment' | 'deduction';
  status: 'matched' | 'unmatched';
  unmatched_reason: UnmatchedReason | null;
  import_id: string | null;
  payment_date: string;
  currency: IsoCurrency;
  amount: string;
  sek_amount: string;
  reference: string | null;
  information_text: string[];
  payer: PayerDetails;
  match_method: MatchMethod | null;
  applied_amount: string;
  overpaid_amount: string;
  fee_amount: string;
  note: string | null;
  registered_by: string | null;
  created_at: string;
  invoice_id: string | null;
  invoice_number: string | null;
  invoice_state: InvoiceState | null;
  invoice_currency: IsoCurrency | null;
  invoice_total: string | null;
  invoice_paid: string | null;
  salary_item_id: string | null;
}

const PAYMENT_COLUMNS = `m."id", m."source", m."kind", m."status", m."unmatched_reason", m."import_id",
  to_char(m."payment_date", 'YYYY-MM-DD') as "payment_date", m."currency", m."amount", m."sek_amount", m."reference",
  m."information_text", m."payer", m."match_method", m."applied_amount", m."overpaid_amount", m."fee_amount", m."note",
  m."registered_by", m."created_at", m."invoice_id", i."number" as "invoice_number", i."state" as "invoice_state",
  i."currency" as "invoice_currency", i."total_incl_vat" as "invoice_total", i."paid_amount" as "invoice_paid",
  s."id" as "salary_item_id"`;
const PAYMENT_FROM = `"incoming_payment" m left join "invoice" i on i."id" = m."invoice_id"
  left join "salary_item" s on s."payment_id" = m."id"`;

export interface ImportResult {
  record: BgMaxImportRecord;
  duplicate: boolean;
  counts: {
    payments: number;
    paid: number;
    partiallyPaid: number;
    overpaid: number;
    unmatched: number;
    alreadyBooked: number;
  };
  payments: PaymentRow[];
}

export interface PaymentListQuery {
  status?: 'matched' | 'unmatched' | undefined;
  overpaid?: boolean | undefined;
  importId?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

export interface RegisterPaymentInput {
  invoiceId: string;
  amount: number;
  currency: IsoCurrency;
  paymentDate: string;
  sekAmount?: number | undefined;
  note?: string | undefined;
}

export interface PayableInvoiceRow {
  id: string;
  number: string | null;
  ocr_number: string | null;
  state: InvoiceState;
  currency: IsoCurrency;
  total_incl_vat: string;
  paid_amount: string;
  customer_name: string;
  owner_name: string;
  owner_email: string;
}

interface BookOptions {
  method: MatchMethod;
  actor: EventActor;
  registeredBy: string | null;
  /** What the payment covers in the invoice's currency; default its own amount (same currency). */
  invoiceAmount?: number | undefined;
  /** An admin's booking refuses with a problem; a file's leaves the payment unmatched with the reason. */
  strict: boolean;
  context: BookingContext;
}

type BookResult = { booked: true; settles: boolean; overpaid: boolean } | { booked: false; reason: UnmatchedReason };

/**
 * What one transaction's bookings read once per freelancer, not once per payment: a file books thousands. Lives as
 * long as the transaction (the owner's lock is held to its end, so what is read stays true for it).
 */
class BookingContext {
  readonly #freelancers = new Map<string, Promise<Freelancer>>();
  readonly #users = new Map<string, Promise<EmailRecipient>>();
  readonly #payoutDays = new Map<string, Promise<string | null>>();
  readonly #em: EntityManager;
  readonly #payouts: Payouts;
  readonly today: string;

  constructor(em: EntityManager, payouts: Payouts, today: string) {
    this.#em = em;
    this.#payouts = payouts;
    this.today = today;
  }

  freelancer(ownerId: string): Promise<Freelancer> {
    let found = this.#freelancers.get(ownerId);
    if (!found) this.#freelancers.set(ownerId, (found = loadFreelancer(this.#em, ownerId, this.today)));
    return found;
  }

  recipient(ownerId: string): Promise<EmailRecipient> {
    let found = this.#users.get(ownerId);
    if (!found) {
      found = sqlRow<{ email: string; first_name: string | null; preferred_locale: string | null }>(
        this.#em,
        `select "email", "first_name", "preferred_locale" from "app_user" where "id" = ?`,
        [ownerId],
      ).then((user) => ({ email: user!.email, firstName: user!.first_name, preferredLocale: user!.preferred_locale }));
      this.#users.set(ownerId, found);
    }
    return found;
  }

  /** When a salary registered today leaves for this owner; null without bank details. */
  payoutDay(ownerId: string): Promise<string | null> {
    let found = this.#payoutDays.get(ownerId);
    if (!found) {
      found = this.freelancer(ownerId).then((f) =>
        this.#payouts.expectedPayoutDate(this.#em, ownerId, f.payoutPreference, this.today),
      );
      this.#payoutDays.set(ownerId, found);
    }
    return found;
  }
}

export class IncomingPayments {
  readonly #invoices: InvoiceServices;
  readonly #salaries: SalaryItems;
  readonly #payouts: Payouts;
  readonly #emails: PaymentEmails;
  readonly #files: FileStorage;

  constructor(deps: { invoices: InvoiceServices; payouts: Payouts; emails: PaymentEmails; files: FileStorage }) {
    this.#invoices = deps.invoices;
    this.#salaries = new SalaryItems(deps.invoices);
    this.#payouts = deps.payouts;
    this.#emails = deps.emails;
    this.#files = deps.files;
  }

  #today(): string {
    return formatIsoDate(toCalendarDate(this.#payouts.now()));
  }

  /** Parses, then books every payment of the file in one transaction; the same file twice changes nothing. */
  async importBgMax(
    em: EntityManager,
    by: Admin,
    upload: { fileName: string; bytes: Uint8Array },
  ): Promise<ImportResult> {
    let file: BgMaxFile;
    try {
      file = parseBgMax(upload.bytes);
    } catch (error) {
      if (error instanceof BgMaxError) throw bgMaxInvalid(error);
      throw error;
    }
    // Money that reached the account: not on a day to come, and (as a payment by hand) at most a year back.
    const today = this.#today();
    for (const deposit of file.deposits) {
      const tooOld = deposit.paymentDate < daysBefore(today, MAX_PAYMENT_AGE_DAYS);
      if (deposit.paymentDate > today || tooOld) {
        const when = tooOld ? `more than ${MAX_PAYMENT_AGE_DAYS} days ago` : 'after today';
        throw bgMaxInvalid(
          new BgMaxError(0, 'invalid_date', `deposit ${deposit.serialNumber} is dated ${deposit.paymentDate}, ${when}`),
        );
      }
    }
    return em.transactional(async (tx) => {
      // One import at a time: the identity check and the serial numbers need no race with another upload.
      await sqlRows(tx, `select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const earlier = await tx.findOne(BgMaxImportRecord, { identityKey: file.identity.key });
      if (earlier) {
        if (earlier.sha256 !== file.identity.sha256) throw bgMaxConflict();
        return this.#importResult(tx, earlier, true);
      }
      const id = randomUUID();
      const storageKey = `bgmax/${this.#today().slice(0, 4)}/${id}.bgmax`;
      const totalAmount = file.deposits.reduce((sum, d) => sum + d.amountMinor, 0);
      await sqlRows(
        tx,
        `insert into "bgmax_import" ("id", "identity_key", "sha256", "file_name", "storage_key", "file_timestamp", "test",
           "line_count", "deposit_count", "total_amount", "imported_by") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          file.identity.key,
          file.identity.sha256,
          upload.fileName.slice(0, 200) || 'bgmax',
          storageKey,
          file.timestamp,
          file.test,
          file.lineCount,
          file.deposits.length,
          totalAmount,
          by.adminId,
        ],
      );
      let alreadyBooked = 0;
      const inserted: string[] = [];
      for (const deposit of file.deposits) {
        for (const payment of deposit.payments) {
          const row = await this.#insertFromFile(tx, id, deposit.paymentDate, deposit.currency, payment);
          if (row) inserted.push(row);
          else alreadyBooked++;
        }
      }
      const context = new BookingContext(tx, this.#payouts, this.#today());
      for (const paymentId of inserted) {
        await this.#autoMatch(tx, paymentId, context);
        // Each booking reads its rows afresh: an identity map grown over thousands of payments would make every
        // further query check all of them for changes.
        tx.clear();
      }
      await this.#files.put(storageKey, upload.bytes, 'application/octet-stream');
      const record = await tx.findOneOrFail(BgMaxImportRecord, { id });
      const result = await this.#importResult(tx, record, false, alreadyBooked);
      await recordAuditEvent(tx, {
        actorUserId: by.adminId,
        subjectUserId: null,
        action: 'payment.bgmax_imported',
        data: { importId: id, fileName: record.fileName, identity: file.identity.key, counts: result.counts },
        ip: by.ip,
      });
      return result;
    });
  }

  async #importResult(
    em: EntityManager,
    record: BgMaxImportRecord,
    duplicate: boolean,
    alreadyBooked?: number,
  ): Promise<ImportResult> {
    const payments = await sqlRows<PaymentRow>(
      em,
      `select ${PAYMENT_COLUMNS} from ${PAYMENT_FROM} where m."import_id" = ? order by m."line"`,
      [record.id],
    );
    const counts = {
      payments: payments.length,
      paid: payments.filter((p) => p.status === 'matched' && p.invoice_state === 'paid').length,
      partiallyPaid: payments.filter((p) => p.status === 'matched' && p.invoice_state === 'partially_paid').length,
      overpaid: payments.filter((p) => Number(p.overpaid_amount) > 0).length,
      unmatched: payments.filter((p) => p.status === 'unmatched').length,
      // A repeat answers the first import, whose file-to-file repeats were not kept; a new import counts them.
      alreadyBooked: alreadyBooked ?? 0,
    };
    return { record, duplicate, counts, payments };
  }

  /** Inserts a file's payment as unmatched; null when Bankgirot's serial number was booked before (another file). */
  async #insertFromFile(
    em: EntityManager,
    importId: string,
    paymentDate: string,
    currency: string,
    payment: BgMaxPayment,
  ): Promise<string | null> {
    const extra = payment.extraReferences.filter((r) => !r.negative).map((r) => r.reference);
    const payer: PayerDetails = {
      ...(payment.payer.name ? { name: payment.payer.name } : {}),
      ...(payment.payer.city ? { city: payment.payer.city } : {}),
      ...(payment.payer.country ? { country: payment.payer.country } : {}),
      ...(payment.payer.organisationNumber ? { organisationNumber: payment.payer.organisationNumber } : {}),
    };
    const row = await sqlRow<{ id: string }>(
      em,
      `insert into "incoming_payment" ("source", "kind", "import_id", "line", "bgc_serial_number", "payment_date",
         "currency", "amount", "sek_amount", "reference", "reference_code", "extra_references", "information_text",
         "payer", "sender_bankgiro", "status", "unmatched_reason", "search_text")
       values ('bgmax', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, 'unmatched', 'no_reference', ?)
       on conflict ("bgc_serial_number") where "bgc_serial_number" is not null do nothing returning "id"`,
      [
        payment.kind,
        importId,
        payment.line,
        payment.bgcSerialNumber,
        paymentDate,
        currency,
        payment.amountMinor,
        currency === 'SEK' ? payment.amountMinor : 0,
        payment.reference || null,
        payment.referenceCode,
        JSON.stringify(extra),
        JSON.stringify(payment.informationText),
        JSON.stringify(payer),
        payment.senderBankgiro,
        searchText([payment.reference, ...extra, ...payment.informationText, payer.name ?? '']),
      ],
    );
    return row?.id ?? null;
  }

  /** Matches a file's payment by its references and books it, or records why it waits for an admin. */
  async #autoMatch(em: EntityManager, paymentId: string, context: BookingContext): Promise<void> {
    const payment = await em.findOneOrFail(IncomingPayment, { id: paymentId });
    const unmatched = (reason: UnmatchedReason) =>
      sqlRows(em, `update "incoming_payment" set "unmatched_reason" = ? where "id" = ?`, [reason, paymentId]);
    if (payment.kind === 'deduction') return void (await unmatched('deduction'));
    const candidates = matchCandidates({
      reference: payment.reference ?? '',
      checkedOcr: payment.referenceCode === 'ocr',
      extraReferences: payment.extraReferences,
      informationText: payment.informationText,
    });
    if (candidates.ocrReferences.length === 0 && candidates.invoiceNumbers.length === 0) {
      // A reference that names nothing we could look up is still a reference: someone must read it.
      return void (await unmatched(payment.reference ? 'unknown_reference' : 'no_reference'));
    }
    let method: MatchMethod = 'ocr';
    let found = candidates.ocrReferences.length
      ? await sqlRows<{ id: string }>(em, `select "id" from "invoice" where "ocr_number" in (?)`, [
          candidates.ocrReferences,
        ])
      : [];
    if (found.length === 0 && candidates.invoiceNumbers.length) {
      method = 'invoice_number';
      found = await sqlRows<{ id: string }>(em, `select "id" from "invoice" where "number" in (?)`, [
        candidates.invoiceNumbers,
      ]);
    }
    if (found.length === 0) return void (await unmatched('unknown_reference'));
    if (found.length > 1) return void (await unmatched('ambiguous_reference'));
    const result = await this.#book(em, payment, found[0]!.id, {
      method,
      actor: SYSTEM,
      registeredBy: null,
      strict: false,
      context,
    });
    if (!result.booked) await unmatched(result.reason);
  }

  /** Books `payment` on the invoice (see the header). */
  async #book(
    em: EntityManager,
    payment: IncomingPayment,
    invoiceId: string,
    options: BookOptions,
  ): Promise<BookResult> {
    const owner = await sqlRow<{ owner_id: string }>(em, `select "owner_id" from "invoice" where "id" = ?`, [
      invoiceId,
    ]);
    if (!owner) throw invoiceNotFound();
    await lockOwnerSalary(em, owner.owner_id);
    const invoice = await em.findOneOrFail(
      Invoice,
      { id: invoiceId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    const refuse = (reason: UnmatchedReason, problem: () => Error): BookResult => {
      if (options.strict) throw problem();
      return { booked: false, reason };
    };
    if (invoice.state === 'credited') {
      return refuse('invoice_credited', () => invoiceNotPayable(INVOICE_STATES.credited.statusName));
    }
    if (!PAYABLE.includes(invoice.state)) {
      return refuse('invoice_not_payable', () => invoiceNotPayable(INVOICE_STATES[invoice.state].statusName));
    }
    if (options.invoiceAmount === undefined && payment.currency !== invoice.currency) {
      return refuse('currency_mismatch', () => currencyMismatch(payment.currency, invoice.currency));
    }
    const amount = options.invoiceAmount ?? payment.amount;
    // The invoice first, then a reminder fee its reminder charged (the platform's, not salary), then overpayment.
    const outcome = allocatePayment(invoice.totalInclVat, invoice.paidAmount, amount, {
      charged: invoice.reminderFeeCharged,
      paid: invoice.reminderFeePaid,
    });
    const { context } = options;
    let salary: SalaryItemValues | null = null;
    let customerName = invoice.recipientSnapshot?.name ?? null;
    if (outcome.applied > 0) {
      const details = await this.#invoices.invoices.load(em, invoice);
      customerName ??= details.recipient.name;
      try {
        salary = await this.#salaries.compute(
          em,
          details,
          {
            paymentDate: payment.paymentDate,
            registeredOn: context.today,
            paidBefore: invoice.paidAmount,
            paidAfter: outcome.paidAfter,
          },
          await context.freelancer(invoice.ownerId),
        );
      } catch (error) {
        if (!(error instanceof SalaryNotComputable)) throw error;
        return refuse(error.reason, () =>
          error.reason === 'exchange_rate_unavailable'
            ? exchangeRateUnavailable(invoice.currency, payment.paymentDate)
            : salaryNotComputable(error.message),
        );
      }
      const paidAt = new Date();
      await this.#invoices.invoices.repository.transition(
        em,
        invoice,
        { type: outcome.settles ? 'full_payment' : 'partial_payment' },
        options.actor,
        {
          data: {
            paymentId: payment.id,
            paymentDate: payment.paymentDate,
            amount: outcome.applied,
            fee: outcome.feeApplied,
            overpaid: outcome.overpaid,
            method: options.method,
          },
          idempotencyKey: `payment:${payment.id}`,
          ...(outcome.settles ? { set: { paidAt } } : {}),
        },
      );
      await sqlRows(em, `update "invoice" set "paid_amount" = ? where "id" = ?`, [outcome.paidAfter, invoice.id]);
    }
    if (outcome.feeApplied > 0) {
      await sqlRows(em, `update "invoice" set "reminder_fee_paid" = "reminder_fee_paid" + ? where "id" = ?`, [
        outcome.feeApplied,
        invoice.id,
      ]);
    }
    const salaryItemId = salary ? await this.#salaries.insert(em, salary, payment.id) : null;
    await sqlRows(
      em,
      `update "incoming_payment" set "status" = 'matched', "unmatched_reason" = null, "invoice_id" = ?, "owner_id" = ?,
         "match_method" = ?, "applied_amount" = ?, "overpaid_amount" = ?, "fee_amount" = ?,
         "registered_by" = coalesce(?, "registered_by"),
         "matched_at" = now(), "search_text" = "search_text" || ' ' || ? where "id" = ?`,
      [
        invoice.id,
        invoice.ownerId,
        options.method,
        outcome.applied,
        outcome.overpaid,
        outcome.feeApplied,
        options.registeredBy,
        invoice.number === null ? '' : String(invoice.number),
        payment.id,
      ],
    );
    if (salaryItemId && salary) {
      await this.#emails.invoicePaid(em, await context.recipient(invoice.ownerId), {
        customerName: customerName ?? '',
        invoiceNumber: invoice.number ?? null,
        currency: invoice.currency,
        amount: outcome.applied,
        outstanding: invoice.totalInclVat - outcome.paidAfter,
        paymentDate: payment.paymentDate,
        salary: salary.salary,
        payoutDate: await context.payoutDay(invoice.ownerId),
      });
    }
    return { booked: true, settles: outcome.settles, overpaid: outcome.overpaid > 0 };
  }

  /** An admin books a payment that came another way than a file. */
  async register(
    em: EntityManager,
    by: Admin,
    input: RegisterPaymentInput,
    idempotencyKey: string | null,
  ): Promise<{ payment: PaymentRow; created: boolean }> {
    if (idempotencyKey) {
      const earlier = await this.#paymentWhere(em, `m."idempotency_key" = ?`, [idempotencyKey]);
      if (earlier) return { payment: earlier, created: false };
    }
    const today = this.#today();
    if (input.paymentDate > today) throw paymentDateOutOfRange('too_large');
    if (input.paymentDate < daysBefore(today, MAX_PAYMENT_AGE_DAYS)) throw paymentDateOutOfRange('too_small');
    if (input.currency !== 'SEK' && input.sekAmount === undefined) throw sekAmountRequired();
    try {
      const id = await em.transactional(async (tx) => {
        const invoice = await tx.findOne(Invoice, { id: input.invoiceId });
        if (!invoice) throw invoiceNotFound();
        if (invoice.currency !== input.currency) throw currencyMismatch(input.currency, invoice.currency);
        const id = randomUUID();
        await sqlRows(
          tx,
          `insert into "incoming_payment" ("id", "source", "payment_date", "currency", "amount", "sek_amount", "note",
             "status", "unmatched_reason", "registered_by", "idempotency_key", "search_text")
           values (?, 'manual', ?, ?, ?, ?, ?, 'unmatched', 'no_reference', ?, ?, ?)`,
          [
            id,
            input.paymentDate,
            input.currency,
            input.amount,
            input.currency === 'SEK' ? input.amount : input.sekAmount,
            input.note ?? null,
            by.adminId,
            idempotencyKey,
            searchText([input.note ?? '']),
          ],
        );
        const payment = await tx.findOneOrFail(IncomingPayment, { id });
        await this.#book(tx, payment, invoice.id, {
          method: 'manual',
          actor: by.actor,
          registeredBy: by.adminId,
          strict: true,
          context: new BookingContext(tx, this.#payouts, this.#today()),
        });
        await recordAuditEvent(tx, {
          actorUserId: by.adminId,
          subjectUserId: invoice.ownerId,
          action: 'payment.registered',
          data: {
            paymentId: id,
            invoiceId: invoice.id,
            amount: input.amount,
            currency: input.currency,
            sekAmount: input.sekAmount ?? null,
            paymentDate: input.paymentDate,
          },
          ip: by.ip,
        });
        return id;
      });
      return { payment: (await this.#paymentWhere(em, `m."id" = ?`, [id]))!, created: true };
    } catch (error) {
      // Two requests with one key at once: the loser finds the winner's payment.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await this.#paymentWhere(em, `m."idempotency_key" = ?`, [idempotencyKey]);
        if (earlier) return { payment: earlier, created: false };
      }
      throw error;
    }
  }

  /** An admin books an unmatched payment on an invoice. */
  async match(
    em: EntityManager,
    by: Admin,
    paymentId: string,
    input: { invoiceId: string; invoiceAmount?: number | undefined; note?: string | undefined },
  ): Promise<PaymentRow> {
    await em.transactional(async (tx) => {
      const payment = await tx.findOne(
        IncomingPayment,
        { id: paymentId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (!payment) throw paymentNotFound();
      if (payment.status === 'matched') throw paymentAlreadyMatched();
      if (payment.kind === 'deduction') throw deductionNotMatchable();
      const invoice = await tx.findOne(Invoice, { id: input.invoiceId });
      if (!invoice) throw invoiceNotFound();
      if (payment.currency !== invoice.currency && input.invoiceAmount === undefined) throw invoiceAmountRequired();
      if (input.note !== undefined) {
        await sqlRows(tx, `update "incoming_payment" set "note" = ? where "id" = ?`, [input.note, paymentId]);
      }
      await this.#book(tx, payment, invoice.id, {
        method: 'manual',
        actor: by.actor,
        registeredBy: by.adminId,
        invoiceAmount: input.invoiceAmount,
        strict: true,
        context: new BookingContext(tx, this.#payouts, this.#today()),
      });
      await recordAuditEvent(tx, {
        actorUserId: by.adminId,
        subjectUserId: invoice.ownerId,
        action: 'payment.matched',
        data: { paymentId, invoiceId: invoice.id, invoiceAmount: input.invoiceAmount ?? null },
        ip: by.ip,
      });
    });
    return (await this.#paymentWhere(em, `m."id" = ?`, [paymentId]))!;
  }

  #paymentWhere(em: EntityManager, where: string, params: unknown[]): Promise<PaymentRow | undefined> {
    return sqlRow<PaymentRow>(em, `select ${PAYMENT_COLUMNS} from ${PAYMENT_FROM} where ${where}`, params);
  }

  async list(em: EntityManager, query: PaymentListQuery): Promise<{ items: PaymentRow[]; total: number }> {
    const where: string[] = ['true'];
    const params: unknown[] = [];
    if (query.status) {
      where.push(`m."status" = ?`);
      params.push(query.status);
    }
    if (query.overpaid !== undefined)
      where.push(query.overpaid ? `m."overpaid_amount" > 0` : `m."overpaid_amount" = 0`);
    if (query.importId) {
      where.push(`m."import_id" = ?`);
      params.push(query.importId);
    }
    for (const word of (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
      where.push(`strpos(m."search_text", ?) > 0`);
      params.push(word);
    }
    const filter = where.join(' and ');
    const rows = await sqlRows<PaymentRow & { total: number }>(
      em,
      `select ${PAYMENT_COLUMNS}, count(*) over ()::int as "total" from ${PAYMENT_FROM} where ${filter}
       order by m."created_at" desc, m."id" desc limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    if (rows.length || query.page === 1) return { items: rows, total: rows[0]?.total ?? 0 };
    const count = await sqlRow<{ n: number }>(
      em,
      `select count(*)::int as "n" from "incoming_payment" m where ${filter}`,
      params,
    );
    return { items: [], total: count?.n ?? 0 };
  }

  /** An invoice by its number or OCR reference, for an admin matching or registering a payment. */
  async findPayable(em: EntityManager, reference: string): Promise<PayableInvoiceRow> {
    const number = reference.length <= 15 ? Number(reference) : null;
    const row = await sqlRow<PayableInvoiceRow>(
      em,
      `select i."id", i."number", i."ocr_number", i."state", i."currency", i."total_incl_vat", i."paid_amount",
         coalesce(i."recipient_snapshot" ->> 'name', c."name") as "customer_name",
         trim(coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '')) as "owner_name", u."email" as "owner_email"
       from "invoice" i join "customer" c on c."id" = i."customer_id" join "app_user" u on u."id" = i."owner_id"
       where (i."number" = ? or i."ocr_number" = ?) order by (i."number" = ?) desc limit 1`,
      [number ?? -1, reference, number ?? -1],
    );
    if (!row) throw invoiceNotFound();
    return row;
  }
}

function searchText(parts: string[]): string {
  return parts.join(' ').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 2000);
}

/** A unique index refused a row (through the ORM, or pg's own error from plain SQL). */
function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof UniqueConstraintViolationException ||
    (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505')
  );
}

/** The day `days` before `day` (`YYYY-MM-DD`). */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
