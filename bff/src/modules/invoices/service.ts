// The invoices module's rules in action: drafts written and changed, their totals through the one totals function,
// every status change through the status machine, and what blocks sending. HTTP lives in routes.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import type { CustomerProblem } from '../../domain/customer-rules.ts';
import { parseIsoDate, swedishToday } from '../../domain/calendar-date.ts';
import { datedValueAt } from '../../domain/dated-table.ts';
import { divide, formatDecimal, parseDecimal, ratio, ONE } from '../../domain/exact-decimal.ts';
import { convertToSek, type ExchangeRate } from '../../domain/exchange-rates.ts';
import { INVOICE_STATES, isInvoiceEditable, type InvoiceState } from '../../domain/invoice-status.ts';
import { invalidInvoiceCharacters } from '../../domain/invoice-text.ts';
import { mixesOutsideScopeWithSwedishVat } from '../../domain/vat-treatment.ts';
import {
  MAX_INVOICE_AMOUNT,
  checkedInvoiceTotals,
  computeInvoiceTotals,
  type InvoiceTotals,
  type InvoiceTotalsInput,
  type VatPercentage,
} from '../../domain/invoice-totals.ts';
import { mileageAllowance } from '../../domain/mileage.ts';
import { multiplyMinorUnits } from '../../domain/money.ts';
import { plainOf, type SqlRunner } from '../../platform/db/sql.ts';
import { sqlTransaction } from '../../platform/db/transaction.ts';
import { maxReminderFee, type ReminderInterval } from '../../domain/payment-reminders.ts';
import { MINIMUM_INVOICE_AMOUNT } from '../../domain/rates.ts';
import type { FieldError } from '../../platform/errors.ts';
import type { CampaignCodes } from './campaign-codes.ts';
import {
  fieldError,
  interestInvoiceNotEditable,
  invalidFields,
  invoiceNotEditable,
  invoiceNotFound,
  versionConflict,
} from './errors.ts';
import {
  Invoice,
  Receipt,
  type CampaignCode,
  type InvoiceExpense,
  type InvoiceRow,
  type InvoiceUnit,
  type IsoCurrency,
} from './entities.ts';
import { loadFreelancer, reminderDefaultsOf } from './freelancer.ts';
import type { Recipient, Recipients } from './recipients.ts';
import type { AfterSending, EventActor, InvoiceListQuery, InvoiceRepository } from './repository.ts';

type Schemas = components['schemas'];
export type InvoiceCreateInput = Schemas['InvoiceCreate'];
export type InvoiceUpdateInput = Schemas['InvoiceUpdate'];
export type InvoiceProblem = Schemas['InvoiceProblem'];

/** Who asks: the freelancer whose invoices these are, and the person acting (an impersonating admin). */
export interface InvoiceActor {
  userId: string;
  actorUserId: string;
  impersonating: boolean;
}

export function eventActorOf(actor: InvoiceActor): EventActor {
  return actor.impersonating
    ? { type: 'impersonating_admin', userId: actor.actorUserId }
    : { type: 'user', userId: actor.userId };
}

/**
 * Checks that can block sending, added by other modules: the freelancer's bank details (problem 4) and the recipient
 * blocklist (17) come from the banking and sending modules. They are asked together with the freelancer's profile, so
 * their reads travel in one message (`preparedRows`): a check reads as soon as it is called.
 */
export type OwnerCheck = (em: EntityManager, ownerId: string, details: InvoiceDetails) => Promise<InvoiceProblem[]>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far an invoice date may be from today: a year either way (older work is invoiced with today's date). */
const INVOICE_DATE_RANGE_DAYS = 366;

export interface RowValues {
  description: string;
  unitPrice: number;
  quantityHundredths: number;
  unit: InvoiceUnit;
  vatPercentage: VatPercentage;
}

export interface MileageValues {
  date: string;
  from: string;
  to: string;
  /** Hundredths of a km. */
  kmHundredths: number;
  purpose: string;
}

export interface ExpenseValues {
  type: 'receipt' | 'mileage';
  description: string;
  /** A receipt's amount incl. VAT (invoice currency); computed for mileage. */
  amount: number;
  vatPercentage: VatPercentage | null;
  receiptId: string | null;
  mileage: (MileageValues & { ratePer10Km: number; allowanceSek: number }) | null;
}

/** An invoice as its rules see it: the stored columns and its rows and expenses in plain values. */
export interface InvoiceValues {
  customerId: string;
  reference: string | null;
  paymentTermsDays: number;
  invoiceDate: string;
  currency: IsoCurrency;
  /** The yearly rate typed on the invoice ("12.00"); null: the statutory rate (reference rate + 8 points). */
  latePaymentInterest: string | null;
  /** Days between the due date and each payment reminder; null: none. */
  reminderInterval: ReminderInterval | null;
  /** The reminder fee the invoice states (SEK öre); null: none. */
  reminderFee: number | null;
  campaignCodeId: string | null;
  rows: RowValues[];
  expenses: ExpenseValues[];
}

/** Everything a view or a check needs about one invoice. */
export interface InvoiceDetails {
  invoice: Invoice;
  values: InvoiceValues;
  totals: InvoiceTotals;
  recipient: Recipient;
  receipts: Map<string, Receipt>;
  campaignCode: string | null;
  /** The code the invoice carries (whether it still applies: `CampaignCodes.applying`). */
  campaign: CampaignCode | null;
  /** While the invoice is in 7 Changes requested: the reviewer's comment and when it was made. */
  changesRequested: { comment: string; requestedAt: Date } | null;
  /** What happened to it after it was sent: its reminders, payments and interest invoice (decision 0034). */
  afterSending: AfterSending;
}

const NOTHING_AFTER_SENDING: AfterSending = { reminders: [], payments: [], interestInvoice: null, interestFor: null };

const hundredths = (text: string): number => {
  const value = parseDecimal(text, 2);
  if (!value) throw new RangeError(`Not a decimal with at most 2 decimals: ${text}`);
  return Number((value.numerator * 100n) / value.denominator);
};
export const fromHundredths = (value: number): number => value / 100;
const decimalOfHundredths = (value: number) => formatDecimal(ratio(value, 100), 2);

/** A JSON number the user typed as at most two decimals, in hundredths; null when it has more. */
function exactHundredths(value: number): number | null {
  const text = String(value);
  return /e/i.test(text) || !parseDecimal(text, 2) ? null : hundredths(text);
}

export function addDays(date: string, days: number): string {
  const day = parseIsoDate(date)!;
  return new Date(Date.UTC(day.year, day.month - 1, day.day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A settled promise's value, or its reason thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** The stored rows and expenses as values. */
export function valuesOf(invoice: Invoice, rows: InvoiceRow[], expenses: InvoiceExpense[]): InvoiceValues {
  return {
    customerId: invoice.customerId,
    reference: invoice.reference ?? null,
    paymentTermsDays: invoice.paymentTermsDays,
    invoiceDate: invoice.invoiceDate,
    currency: invoice.currency,
    latePaymentInterest: invoice.latePaymentInterestStatutory ? null : (invoice.latePaymentInterest ?? null),
    reminderInterval: invoice.reminderInterval ?? null,
    reminderFee: invoice.reminderFee ?? null,
    campaignCodeId: invoice.campaignCodeId ?? null,
    rows: rows.map((row) => ({
      description: row.description,
      unitPrice: row.unitPrice,
      quantityHundredths: hundredths(row.quantity),
      unit: row.unit,
      vatPercentage: row.vatPercentage,
    })),
    expenses: expenses.map((expense) => ({
      type: expense.type,
      description: expense.description,
      amount: expense.amount,
      vatPercentage: expense.vatPercentage ?? null,
      receiptId: expense.receiptId ?? null,
      mileage:
        expense.type === 'mileage'
          ? {
              date: expense.mileageDate!,
              from: expense.mileageFrom!,
              to: expense.mileageTo!,
              kmHundredths: hundredths(expense.mileageKm!),
              purpose: expense.mileagePurpose!,
              ratePer10Km: expense.mileageRatePer10Km!,
              allowanceSek: expense.mileageAllowanceSek!,
            }
          : null,
    })),
  };
}

function totalsInput(values: InvoiceValues, reverseVat: boolean): InvoiceTotalsInput {
  const receipts = values.expenses.filter((e) => e.type === 'receipt');
  const trips = values.expenses.filter((e) => e.type === 'mileage');
  return {
    rows: values.rows,
    expenses: receipts.map((e) => ({ amountInclVat: e.amount, vatPercentage: e.vatPercentage ?? 0 })),
    mileage: trips.map((e) => ({ allowance: e.amount })),
    ...(reverseVat ? { reinvoicedVatPercentage: 0 as const } : {}),
  };
}

/** THE totals of an invoice (domain/invoice-totals.ts); a reverse VAT customer's expenses are re-invoiced at 0 %. */
export function totalsOf(values: InvoiceValues, reverseVat: boolean): InvoiceTotals {
  return computeInvoiceTotals(totalsInput(values, reverseVat));
}

/** Whether the invoice's totals pass MAX_INVOICE_AMOUNT (a draft stored before the ceiling, or a new VAT rate). */
const overCeiling = (totals: InvoiceTotals) =>
  [totals.totalExclVat, totals.totalVat, totals.totalInclVat].some((amount) => Math.abs(amount) > MAX_INVOICE_AMOUNT);

/**
 * The totals of values about to be saved: a line or a total over the ceiling is a 400 naming the row or expense (or
 * the rows, for a total), never an overflow.
 */
function checkedTotalsOf(values: InvoiceValues, reverseVat: boolean): InvoiceTotals {
  const checked = checkedInvoiceTotals(totalsInput(values, reverseVat));
  if (checked.ok) return checked.totals;
  let field = 'body.rows';
  if (checked.over !== 'total') {
    const { kind, index } = checked.over;
    if (kind === 'row') field = `body.rows.${index}`;
    else {
      const type = kind === 'expense' ? 'receipt' : 'mileage';
      const position = values.expenses.map((e, i) => (e.type === type ? i : -1)).filter((i) => i >= 0)[index];
      field = `body.expenses.${position ?? 0}`;
    }
  }
  throw invalidFields([
    fieldError(
      field,
      'invoice_amount_too_large',
      `An invoice's lines and totals are at most ${MAX_INVOICE_AMOUNT / 100} in its currency`,
      { limit: MAX_INVOICE_AMOUNT },
    ),
  ]);
}

/** Each expense's net on the invoice, in the order of `values.expenses` (the totals list receipts, then trips). */
export function expenseNets(values: InvoiceValues, totals: InvoiceTotals): number[] {
  const receiptNets = totals.lines.filter((l) => l.kind === 'expense').map((l) => l.netAmount);
  const tripNets = totals.lines.filter((l) => l.kind === 'mileage').map((l) => l.netAmount);
  let receipt = 0;
  let trip = 0;
  return values.expenses.map((e) => (e.type === 'receipt' ? receiptNets[receipt++]! : tripNets[trip++]!));
}

const text = (value: string) => value.trim();

export interface InvoiceServiceOptions {
  repository: InvoiceRepository;
  recipients: Recipients;
  campaignCodes: CampaignCodes;
  ownerChecks?: OwnerCheck[];
  now?: () => Date;
}

export class InvoiceService {
  readonly #repository: InvoiceRepository;
  readonly #recipients: Recipients;
  readonly #campaignCodes: CampaignCodes;
  readonly #ownerChecks: OwnerCheck[];
  readonly #now: () => Date;

  constructor(options: InvoiceServiceOptions) {
    this.#repository = options.repository;
    this.#recipients = options.recipients;
    this.#campaignCodes = options.campaignCodes;
    this.#ownerChecks = options.ownerChecks ?? [];
    this.#now = options.now ?? (() => new Date());
  }

  get repository(): InvoiceRepository {
    return this.#repository;
  }

  /** Today in Sweden, `YYYY-MM-DD`. */
  today(): string {
    return swedishToday(this.#now());
  }

  list(em: EntityManager, ownerId: string, query: InvoiceListQuery) {
    return this.#repository.list(em, ownerId, query);
  }

  async create(em: EntityManager, actor: InvoiceActor, input: InvoiceCreateInput): Promise<InvoiceDetails> {
    if (typeof input.campaignCode === 'string' && text(input.campaignCode))
      return this.#campaignCodes.guess(em, actor.userId, () => this.#create(em, actor, input));
    return this.#create(em, actor, input);
  }

  async #create(em: EntityManager, actor: InvoiceActor, input: InvoiceCreateInput): Promise<InvoiceDetails> {
    const today = this.today();
    // Asked for at once, so the two reads travel together (`preparedRows`); the recipient's refusal comes first.
    const [chosen, profile] = await Promise.allSettled([
      this.#recipients.selectable(em, actor.userId, input.recipientId),
      reminderDefaultsOf(em, actor.userId),
    ]);
    const recipient = settled(chosen);
    const defaults = settled(profile);
    const invoiceDate = input.invoiceDate ?? today;
    const base: InvoiceValues = {
      customerId: recipient.id,
      reference: null,
      paymentTermsDays: 30,
      invoiceDate,
      currency: 'SEK',
      // By default the statutory rate (räntelagen 6 §), following the reference rate (decision 0034).
      latePaymentInterest: null,
      reminderInterval: defaults.reminderInterval,
      reminderFee: defaults.reminderFee ? maxReminderFee(invoiceDate) : null,
      campaignCodeId: null,
      rows: [],
      expenses: [],
    };
    const values = await this.#apply(em, actor.userId, base, input, recipient, today);
    const totals = checkedTotalsOf(values, recipient.reverseVat);
    const now = this.#now();
    const invoice = await this.#repository.insertDraft(
      em,
      { ownerId: actor.userId, ...this.#columns(values, totals), createdAt: now, updatedAt: now },
      rowsOf(values),
      expensesOf(values),
      eventActorOf(actor),
    );
    return this.#details(em, invoice, values, totals, recipient);
  }

  /**
   * The draft of an interest invoice for `original`'s late payment (decision 0034): to the same customer, in its
   * currency, with its reference and payment terms, dated today, one 0 % row per interest period (`rows`), no interest,
   * reminders or fee of its own. The caller holds `original`'s row lock and has checked it has none yet (the unique
   * index on `interest_for_invoice_id` would refuse a second).
   */
  async createInterestDraft(
    em: EntityManager,
    actor: InvoiceActor,
    original: InvoiceDetails,
    rows: RowValues[],
  ): Promise<Invoice> {
    const values: InvoiceValues = {
      customerId: original.invoice.customerId,
      reference: original.values.reference,
      paymentTermsDays: original.values.paymentTermsDays,
      invoiceDate: this.today(),
      currency: original.values.currency,
      latePaymentInterest: '0.00',
      reminderInterval: null,
      reminderFee: null,
      campaignCodeId: null,
      rows,
      expenses: [],
    };
    const totals = totalsOf(values, false);
    const now = this.#now();
    return this.#repository.insertDraft(
      em,
      {
        ownerId: original.invoice.ownerId,
        ...this.#columns(values, totals),
        kind: 'interest',
        interestForInvoiceId: original.invoice.id,
        createdAt: now,
        updatedAt: now,
      },
      rowsOf(values),
      [],
      eventActorOf(actor),
    );
  }

  async get(em: EntityManager, ownerId: string, id: string): Promise<InvoiceDetails> {
    // Asked for at once, so the three reads travel together (`preparedRows`); another owner's rows are read and
    // dropped with the 404, never shown.
    const [found, rows, expenses] = await Promise.allSettled([
      this.#repository.findOwned(em, ownerId, id),
      this.#repository.rowsOf(em, id),
      this.#repository.expensesOf(em, id),
    ]);
    const invoice = settled(found);
    if (!invoice) throw invoiceNotFound();
    return this.#loaded(em, invoice, settled(rows), settled(expenses));
  }

  /**
   * The details of an invoice a send has just changed (its state, number, version), from the details it was sent from:
   * their values, rows, expenses and customer are the invoice's still (the send checked, under the invoice's lock, the
   * version they were read at), so only the invoice itself (`row`, when the send's last statement returned it) and
   * what follows from its new state are read again.
   */
  async afterSend(
    em: EntityManager,
    sent: InvoiceDetails,
    row: Record<string, unknown> | null,
  ): Promise<InvoiceDetails> {
    const invoice = row
      ? plainOf(em, Invoice, row)
      : await this.#repository.findOwned(em, sent.invoice.ownerId, sent.invoice.id);
    if (!invoice) throw invoiceNotFound();
    // An invoice numbered by this send has nothing after sending yet: no reminder, payment or interest invoice goes to
    // an invoice without a number (an interest invoice's own link is read as always).
    const firstSend = sent.invoice.number == null && invoice.kind !== 'interest';
    return this.#details(
      em,
      invoice,
      sent.values,
      sent.totals,
      sent.recipient,
      firstSend ? NOTHING_AFTER_SENDING : null,
    );
  }

  /** The details of a loaded invoice. */
  async load(em: EntityManager, invoice: Invoice): Promise<InvoiceDetails> {
    const [rows, expenses] = await Promise.all([
      this.#repository.rowsOf(em, invoice.id),
      this.#repository.expensesOf(em, invoice.id),
    ]);
    return this.#loaded(em, invoice, rows, expenses);
  }

  async #loaded(
    em: EntityManager,
    invoice: Invoice,
    rows: InvoiceRow[],
    expenses: InvoiceExpense[],
  ): Promise<InvoiceDetails> {
    const recipient = await this.#recipients.ofInvoice(em, invoice.customerId);
    const values = valuesOf(invoice, rows, expenses);
    const reverseVat = invoice.recipientSnapshot?.reverseVat ?? recipient.reverseVat;
    return this.#details(em, invoice, values, totalsOf(values, reverseVat), recipient);
  }

  async update(em: EntityManager, actor: InvoiceActor, id: string, input: InvoiceUpdateInput): Promise<InvoiceDetails> {
    if (typeof input.campaignCode === 'string' && text(input.campaignCode))
      return this.#campaignCodes.guess(em, actor.userId, () => this.#update(em, actor, id, input));
    return this.#update(em, actor, id, input);
  }

  /**
   * Read, checked and computed before the transaction, then written in a plain-SQL one (prepared statements on one
   * connection) whose first statement writes the invoice only if its version is still the one it was computed from: a
   * change in between is a version conflict, as a second save of the same version always was. So the invoice's row
   * lock is held for the writes alone, and the reads and checks cost no ORM transaction (issue 23; decision 0052).
   */
  async #update(
    em: EntityManager,
    actor: InvoiceActor,
    id: string,
    input: InvoiceUpdateInput,
  ): Promise<InvoiceDetails> {
    const today = this.today();
    const { version, ...patch } = input;
    // The reads at once (each waits for a pooled connection on a busy server); their answers are judged in the order
    // the refusals have always had: the invoice (404, 409), then the recipient chosen (404, 410).
    const [found, chosen, rows, expenses] = await Promise.allSettled([
      this.#repository.findOwned(em, actor.userId, id),
      patch.recipientId ? this.#recipients.selectable(em, actor.userId, patch.recipientId) : null,
      this.#repository.rowsOf(em, id),
      this.#repository.expensesOf(em, id),
    ]);
    const invoice = settled(found);
    if (!invoice) throw invoiceNotFound();
    if (version !== invoice.version) throw versionConflict();
    if (!isInvoiceEditable(invoice.state)) throw invoiceNotEditable(INVOICE_STATES[invoice.state].statusName);
    // An interest invoice is computed from the late payment (decision 0034): it is sent or deleted, never edited.
    if (invoice.kind === 'interest') throw interestInvoiceNotEditable();
    // A recipient sent is chosen again, so a deleted one is refused even when it is the current one.
    const recipient = settled(chosen) ?? (await this.#recipients.ofInvoice(em, invoice.customerId));
    const current = valuesOf(invoice, settled(rows), settled(expenses));
    const values = await this.#apply(em, actor.userId, current, patch, recipient, today);
    const totals = checkedTotalsOf(values, recipient.reverseVat);
    // An invoice back in the freelancer's hands (changes requested, not sent) holds the use its send took: another
    // code, or none, gives it back; the next send takes one of the new code.
    const releasing = invoice.campaignCodeCountedAt != null && values.campaignCodeId !== current.campaignCodeId;
    // Mileage is priced in the invoice's currency on its date: a new currency or date reprices it.
    const repriced = values.currency !== current.currency || values.invoiceDate !== current.invoiceDate;
    const updated = await sqlTransaction(em, async (tx) => {
      // First, so the invoice's row lock is taken before anything else is written, as it always was.
      const row = await this.#repository.writeDraft(em, tx, invoice.id, invoice.version, {
        ...this.#columns(values, totals),
        ...(releasing ? { campaignCodeCountedAt: null } : {}),
        updatedAt: this.#now(),
      });
      if (!row) throw versionConflict();
      if (releasing) await this.#campaignCodes.releaseUse(tx, current.campaignCodeId!);
      const writes = [
        ...(patch.rows !== undefined ? [this.#repository.rowsReplacement(em, invoice.id, rowsOf(values))] : []),
        ...(patch.expenses !== undefined || repriced
          ? [this.#repository.expensesReplacement(em, invoice.id, expensesOf(values))]
          : []),
      ];
      // The last write travels with the COMMIT: one round trip fewer (decision 0053).
      const last = writes.pop();
      for (const write of writes) await tx.rows(write.text, write.params);
      if (last) await tx.commitWith(last.text, last.params);
      return row;
    });
    return this.#details(em, plainOf(em, Invoice, updated), values, totals, recipient);
  }

  /** A draft becomes deleted (kept, hidden); deleting a deleted invoice again changes nothing. */
  async delete(em: EntityManager, actor: InvoiceActor, id: string): Promise<void> {
    await em.transactional(async (tx) => {
      const invoice = await this.#repository.findOwned(tx, actor.userId, id, true);
      if (!invoice) throw invoiceNotFound();
      if (invoice.state === 'deleted') return;
      await this.#repository.transition(tx, invoice, { type: 'delete' }, eventActorOf(actor));
    });
  }

  /**
   * What blocks sending, as the user sees it: for an invoice on its way, what was recorded when it was held back or
   * failed; for one that failed (−3), that record and what blocks it now; for a draft, what blocks it now.
   */
  async problems(em: EntityManager, details: InvoiceDetails): Promise<InvoiceProblem[]> {
    const { invoice, recipient } = details;
    if (!isInvoiceEditable(invoice.state)) return recordedProblems(invoice, recipient.id);
    const live = await this.liveProblems(em, details);
    if (invoice.state !== 'not_sent') return live;
    const recorded = recordedProblems(invoice, recipient.id).filter(
      (r) => !live.some((p) => p.problemCode === r.problemCode),
    );
    return [...recorded, ...live];
  }

  /** What blocks sending now, whatever the state: the recipient's problems, the invoice's own, the freelancer's. */
  async liveProblems(em: EntityManager, details: InvoiceDetails): Promise<InvoiceProblem[]> {
    const { invoice } = details;
    const today = this.today();
    // The freelancer's profile and the other modules' checks, asked for at once: their reads travel together.
    const [problems, freelancer, ...checked] = await Promise.all([
      this.#ownProblems(em, details, today),
      loadFreelancer(em, invoice.ownerId, today),
      ...this.#ownerChecks.map((check) => check(em, invoice.ownerId, details)),
    ]);
    if (!freelancer.hasGovernmentId)
      problems.push({
        code: 'owner_government_id_missing',
        problemCode: null,
        field: 'governmentId',
        message: 'Add your personal identity number to your profile',
        fix: { screen: 'profile', step: null, customerId: null },
      });
    for (const found of checked) problems.push(...found);
    return problems;
  }

  /** What blocks sending in the invoice's own values and its recipient's (the freelancer's are `liveProblems`'). */
  async #ownProblems(em: EntityManager, details: InvoiceDetails, today: string): Promise<InvoiceProblem[]> {
    const { invoice, values, totals, recipient } = details;
    const problems: InvoiceProblem[] = [];
    const atStep = (step: number) => ({ screen: 'invoice' as const, step, customerId: null });
    const atCustomer = { screen: 'customer' as const, step: null, customerId: recipient.id };
    const add = (
      code: string,
      problemCode: InvoiceProblem['problemCode'],
      field: string,
      message: string,
      fix: InvoiceProblem['fix'],
      params?: Record<string, unknown>,
    ) => problems.push({ code, problemCode, field, message, fix, ...(params ? { params } : {}) });

    if (recipient.deletedAt) {
      add(
        'recipient_unavailable',
        null,
        'recipientId',
        'The selected recipient is no longer available. Please choose another recipient.',
        atStep(0),
      );
    } else {
      for (const problem of this.#recipients.problems(recipient, today) as CustomerProblem[]) {
        add(problem.code, problem.problemCode, `recipient.${problem.field}`, problem.message, atCustomer);
      }
      const recipientTexts: [string, string][] = [
        ['recipient.name', recipient.name],
        ['recipient.address.streetName', recipient.address.streetName],
        ['recipient.address.postalCode', recipient.address.postalCode],
        ['recipient.address.city', recipient.address.city],
      ];
      for (const [field, value] of recipientTexts) invalidCharacters(add, field, value, atCustomer);
    }

    if (!values.rows.length) add('rows_required', null, 'rows', 'Add at least one row', atStep(2));
    values.rows.forEach((row, i) => {
      if (recipient.reverseVat && row.vatPercentage !== 0)
        add(
          'reverse_vat_requires_zero_rate',
          null,
          `rows[${i}].vatPercentage`,
          'This customer has reverse VAT: use 0 % VAT',
          atStep(2),
        );
      invalidCharacters(add, `rows[${i}].description`, row.description, atStep(2));
    });
    if (
      mixesOutsideScopeWithSwedishVat(
        recipient,
        values.rows.map((row) => row.vatPercentage),
      )
    )
      add(
        'vat_outside_scope_mixed',
        null,
        'rows',
        'A customer outside the EU: put the rows with Swedish VAT and the 0 % rows on separate invoices',
        atStep(2),
      );
    if (values.reference) invalidCharacters(add, 'reference', values.reference, atStep(1));
    values.expenses.forEach((expense, i) => {
      invalidCharacters(add, `expenses[${i}].description`, expense.description, atStep(3));
      if (expense.type === 'receipt' && !expense.receiptId)
        add('receipt_missing', null, `expenses[${i}].receiptId`, 'Upload the receipt of the expense', atStep(3));
      if (expense.mileage) {
        invalidCharacters(add, `expenses[${i}].mileage.from`, expense.mileage.from, atStep(3));
        invalidCharacters(add, `expenses[${i}].mileage.to`, expense.mileage.to, atStep(3));
        invalidCharacters(add, `expenses[${i}].mileage.purpose`, expense.mileage.purpose, atStep(3));
      }
    });

    const minimum = datedValueAt(MINIMUM_INVOICE_AMOUNT, today);
    const totalSek = await this.#inSek(em, totals.totalExclVat, values.currency, today);
    if (totalSek === null) {
      add(
        'exchange_rate_unavailable',
        null,
        'currency',
        `No exchange rate for ${values.currency} is known yet`,
        atStep(1),
      );
    } else if (values.rows.length && totalSek < minimum && invoice.kind !== 'interest') {
      // An interest invoice charges what the late payment cost, however little (decision 0034).
      add(
        'below_minimum_amount',
        null,
        'totals.totalExclVat',
        `The invoice total excluding VAT is below the minimum of ${formatDecimal(ratio(minimum, 100), 2)} SEK`,
        atStep(2),
        { minimum, currency: 'SEK' },
      );
    }
    if (overCeiling(totals))
      add(
        'invoice_amount_too_large',
        null,
        'totals.totalInclVat',
        `An invoice's lines and totals are at most ${MAX_INVOICE_AMOUNT / 100} in its currency`,
        atStep(2),
        { limit: MAX_INVOICE_AMOUNT },
      );
    const campaignProblem = await this.#campaignCodes.problemOf(em, invoice, today);
    if (campaignProblem) problems.push(campaignProblem);
    return problems;
  }

  /**
   * Counts the use of its campaign code the invoice takes as it is sent, in the send's transaction with its row locked
   * (`invoice` read under the lock); a problem, and nothing counted, when the code cannot be used any more.
   */
  countCampaignCodeUse(
    tx: SqlRunner,
    invoice: Pick<Invoice, 'id' | 'campaignCodeId' | 'campaignCodeCountedAt'>,
  ): Promise<InvoiceProblem | null> {
    return this.#campaignCodes.countUse(tx, invoice, this.today());
  }

  /** `amount` (minor units of `currency`) in SEK öre at the latest rate on or before `day`; null without a rate. */
  async #inSek(em: EntityManager, amount: number, currency: IsoCurrency, day: string): Promise<number | null> {
    if (currency === 'SEK') return amount;
    const rate = await this.exchangeRate(em, currency, day);
    return rate ? convertToSek(amount, rate).sekAmount : null;
  }

  /** The latest exchange rate for `currency` on or before `day`, as the domain reads it. */
  async exchangeRate(em: EntityManager, currency: IsoCurrency, day: string): Promise<ExchangeRate | null> {
    const record = await this.#repository.latestExchangeRate(em, currency, day);
    return record
      ? {
          currency: currency.toLowerCase() as ExchangeRate['currency'],
          date: record.date,
          sekPerUnit: record.sekPerUnit,
        }
      : null;
  }

  #columns(values: InvoiceValues, totals: InvoiceTotals) {
    return {
      customerId: values.customerId,
      reference: values.reference,
      paymentTermsDays: values.paymentTermsDays,
      invoiceDate: values.invoiceDate,
      dueDate: addDays(values.invoiceDate, values.paymentTermsDays),
      currency: values.currency,
      latePaymentInterest: values.latePaymentInterest,
      latePaymentInterestStatutory: values.latePaymentInterest === null,
      reminderInterval: values.reminderInterval,
      reminderFee: values.reminderFee,
      campaignCodeId: values.campaignCodeId,
      totalExclVat: totals.totalExclVat,
      totalVat: totals.totalVat,
      totalInclVat: totals.totalInclVat,
    };
  }

  async #details(
    em: EntityManager,
    invoice: Invoice,
    values: InvoiceValues,
    totals: InvoiceTotals,
    recipient: Recipient,
    known: AfterSending | null = null,
  ): Promise<InvoiceDetails> {
    const receiptIds = values.expenses.flatMap((e) => (e.receiptId ? [e.receiptId] : []));
    const receipts = new Map(
      (receiptIds.length ? await em.find(Receipt, { id: { $in: receiptIds } }) : []).map((r) => [r.id, r]),
    );
    const campaign = values.campaignCodeId ? await this.#campaignCodes.byId(em, values.campaignCodeId) : null;
    const changesRequested =
      invoice.state === 'changes_requested' ? await this.#repository.latestChangeRequest(em, invoice.id) : null;
    // A draft has no history after sending (the wizard's reads and saves skip the query), an interest draft its link.
    const afterSending =
      known ??
      (invoice.number != null || invoice.kind === 'interest'
        ? await this.#repository.afterSending(em, invoice)
        : NOTHING_AFTER_SENDING);
    return {
      invoice,
      values,
      totals,
      recipient,
      receipts,
      campaignCode: campaign?.code ?? null,
      campaign,
      changesRequested,
      afterSending,
    };
  }

  /**
   * The input's fields over `current`, checked: every bad field is named at once, nothing is half applied.
   * Rows and expenses are replaced whole; mileage is priced on its date and converted to the invoice's currency.
   */
  async #apply(
    em: EntityManager,
    ownerId: string,
    current: InvoiceValues,
    input: Omit<InvoiceUpdateInput, 'version'>,
    recipient: Recipient,
    today: string,
  ): Promise<InvoiceValues> {
    const errors: FieldError[] = [];
    const values: InvoiceValues = { ...current, customerId: recipient.id };
    if (input.reference !== undefined)
      values.reference = input.reference === null || !text(input.reference) ? null : text(input.reference);
    if (input.paymentTermsDays !== undefined) values.paymentTermsDays = input.paymentTermsDays;
    if (input.currency !== undefined) values.currency = input.currency;
    if (input.invoiceDate !== undefined) {
      const earliest = addDays(today, -INVOICE_DATE_RANGE_DAYS);
      const latest = addDays(today, INVOICE_DATE_RANGE_DAYS);
      if (input.invoiceDate < earliest)
        errors.push(fieldError('body.invoiceDate', 'too_small', 'At most a year back', { limit: earliest }));
      else if (input.invoiceDate > latest)
        errors.push(fieldError('body.invoiceDate', 'too_large', 'At most a year ahead', { limit: latest }));
      else values.invoiceDate = input.invoiceDate;
    }
    if (input.latePaymentInterest === null) values.latePaymentInterest = null;
    else if (input.latePaymentInterest !== undefined) {
      const rate = exactHundredths(input.latePaymentInterest);
      if (rate === null)
        errors.push(
          fieldError('body.latePaymentInterest', 'invalid_precision', 'At most two decimals', { decimals: 2 }),
        );
      else values.latePaymentInterest = decimalOfHundredths(rate);
    }
    if (input.reminderInterval !== undefined) values.reminderInterval = input.reminderInterval;
    // The fee is the law's maximum on the invoice date, in SEK only (docs/product/payments.md#reminder-fees).
    if (input.reminderFee === true) {
      if (values.currency !== 'SEK')
        errors.push(
          fieldError('body.reminderFee', 'reminder_fee_sek_only', 'A reminder fee can only be stated in SEK'),
        );
      else values.reminderFee = maxReminderFee(values.invoiceDate);
    } else if (input.reminderFee === false || values.currency !== 'SEK') {
      values.reminderFee = null;
    } else if (values.reminderFee !== null) {
      values.reminderFee = maxReminderFee(values.invoiceDate);
    }
    if (input.campaignCode !== undefined) {
      if (input.campaignCode === null || !text(input.campaignCode)) {
        values.campaignCodeId = null;
      } else {
        const code = await this.#campaignCodes.accepted(em, input.campaignCode, today, current.campaignCodeId);
        if (!code) errors.push(fieldError('body.campaignCode', 'campaign_code_invalid', 'Invalid campaign code'));
        else values.campaignCodeId = code.id;
      }
    }
    if (input.rows !== undefined) {
      values.rows = input.rows.map((row, i) => {
        const quantity = exactHundredths(row.quantity);
        if (quantity === null)
          errors.push(
            fieldError(`body.rows.${i}.quantity`, 'invalid_precision', 'At most two decimals', { decimals: 2 }),
          );
        if (recipient.reverseVat && row.vatPercentage !== 0)
          errors.push(
            fieldError(
              `body.rows.${i}.vatPercentage`,
              'reverse_vat_requires_zero_rate',
              'This customer has reverse VAT: use 0 % VAT',
            ),
          );
        return {
          description: text(row.description),
          unitPrice: row.unitPrice,
          quantityHundredths: quantity ?? 0,
          unit: row.unit,
          vatPercentage: row.vatPercentage,
        };
      });
    } else if (recipient.reverseVat && values.customerId !== current.customerId) {
      values.rows.forEach((row, i) => {
        if (row.vatPercentage !== 0)
          errors.push(
            fieldError(
              `body.rows.${i}.vatPercentage`,
              'reverse_vat_requires_zero_rate',
              'This customer has reverse VAT: use 0 % VAT',
            ),
          );
      });
    }
    if (input.expenses !== undefined) {
      values.expenses = await this.#expenses(em, ownerId, input.expenses, errors, today);
    }
    if (errors.length) throw invalidFields(errors);
    values.expenses = await this.#priceMileage(em, values, errors);
    if (errors.length) throw invalidFields(errors);
    return values;
  }

  async #expenses(
    em: EntityManager,
    ownerId: string,
    input: NonNullable<InvoiceUpdateInput['expenses']>,
    errors: FieldError[],
    today: string,
  ): Promise<ExpenseValues[]> {
    // A trip is dated like an invoice: at most a year from today either way (a trip in 2999 is a typing error).
    const earliest = addDays(today, -INVOICE_DATE_RANGE_DAYS);
    const latest = addDays(today, INVOICE_DATE_RANGE_DAYS);
    const receiptIds = [...new Set(input.flatMap((e) => (e.receiptId ? [e.receiptId] : [])))];
    const owned = new Set(
      receiptIds.length
        ? (await em.find(Receipt, { id: { $in: receiptIds }, ownerId }, { fields: ['id'] })).map((r) => r.id)
        : [],
    );
    return input.map((expense, i): ExpenseValues => {
      const at = (field: string) => `body.expenses.${i}.${field}`;
      if (expense.type === 'receipt') {
        if (expense.amount === undefined) errors.push(fieldError(at('amount'), 'required', 'Enter the amount'));
        if (expense.vatPercentage === undefined)
          errors.push(fieldError(at('vatPercentage'), 'required', "Enter the receipt's VAT rate"));
        if (expense.mileage !== undefined)
          errors.push(fieldError(at('mileage'), 'not_applicable', 'A receipt has no trip'));
        if (expense.receiptId && !owned.has(expense.receiptId))
          errors.push(fieldError(at('receiptId'), 'receipt_not_found', 'No such receipt; upload it again'));
        return {
          type: 'receipt',
          description: text(expense.description),
          amount: expense.amount ?? 0,
          vatPercentage: expense.vatPercentage ?? 0,
          receiptId: expense.receiptId ?? null,
          mileage: null,
        };
      }
      if (expense.amount !== undefined)
        errors.push(fieldError(at('amount'), 'not_applicable', 'Mileage is computed from the distance'));
      if (expense.vatPercentage !== undefined)
        errors.push(fieldError(at('vatPercentage'), 'not_applicable', 'Mileage has no VAT rate'));
      if (expense.receiptId) errors.push(fieldError(at('receiptId'), 'not_applicable', 'Mileage has no receipt'));
      if (!expense.mileage) {
        errors.push(fieldError(at('mileage'), 'required', 'Enter the trip'));
        return {
          type: 'mileage',
          description: text(expense.description),
          amount: 0,
          vatPercentage: null,
          receiptId: null,
          mileage: null,
        };
      }
      const km = exactHundredths(expense.mileage.km);
      if (km === null)
        errors.push(fieldError(at('mileage.km'), 'invalid_precision', 'At most two decimals', { decimals: 2 }));
      if (expense.mileage.date < earliest)
        errors.push(fieldError(at('mileage.date'), 'too_small', 'At most a year back', { limit: earliest }));
      else if (expense.mileage.date > latest)
        errors.push(fieldError(at('mileage.date'), 'too_large', 'At most a year ahead', { limit: latest }));
      return {
        type: 'mileage',
        description: text(expense.description),
        amount: 0,
        vatPercentage: null,
        receiptId: null,
        mileage: {
          date: expense.mileage.date,
          from: text(expense.mileage.from),
          to: text(expense.mileage.to),
          kmHundredths: km ?? 0,
          purpose: text(expense.mileage.purpose),
          ratePer10Km: 0,
          allowanceSek: 0,
        },
      };
    });
  }

  /** Each trip's allowance on its date (SEK), and its amount on the invoice: converted on the invoice date. */
  async #priceMileage(em: EntityManager, values: InvoiceValues, errors: FieldError[]): Promise<ExpenseValues[]> {
    const trips = values.expenses.filter((e) => e.mileage);
    if (!trips.length) return values.expenses;
    const rate = values.currency === 'SEK' ? null : await this.exchangeRate(em, values.currency, values.invoiceDate);
    return values.expenses.map((expense, i) => {
      if (!expense.mileage) return expense;
      let allowance;
      try {
        allowance = mileageAllowance(decimalOfHundredths(expense.mileage.kmHundredths), expense.mileage.date);
      } catch {
        errors.push(
          fieldError(`body.expenses.${i}.mileage.date`, 'too_small', 'No mileage rate is known for that day'),
        );
        return expense;
      }
      let amount = allowance.amount;
      if (values.currency !== 'SEK') {
        if (!rate) {
          errors.push(
            fieldError(
              `body.expenses.${i}.mileage`,
              'exchange_rate_unavailable',
              `No exchange rate for ${values.currency} yet: mileage cannot be priced`,
            ),
          );
          return expense;
        }
        // SEK → the invoice's currency: the allowance divided by the rate, rounded once.
        amount = multiplyMinorUnits(allowance.amount, divide(ONE, parseDecimal(rate.sekPerUnit)!));
      }
      return {
        ...expense,
        amount,
        mileage: { ...expense.mileage, ratePer10Km: allowance.perTenKm, allowanceSek: allowance.amount },
      };
    });
  }
}

function invalidCharacters(
  add: (
    code: string,
    problemCode: 18,
    field: string,
    message: string,
    fix: InvoiceProblem['fix'],
    params?: Record<string, unknown>,
  ) => void,
  field: string,
  value: string,
  fix: InvoiceProblem['fix'],
) {
  const characters = invalidInvoiceCharacters(value);
  if (characters.length)
    add('invalid_characters', 18, field, `Characters an invoice cannot carry: ${characters.join(' ')}`, fix, {
      characters,
    });
}

/** Codes the sending module records, with the rule they stand for and where each is fixed. */
const RECORDED_PROBLEMS: Record<number, { code: string; fix: 'customer' | 'bank_details' | 'invoice' }> = {
  0: { code: 'sending_failed', fix: 'invoice' },
  1: { code: 'currency_invalid', fix: 'invoice' },
  2: { code: 'organisation_number_invalid', fix: 'customer' },
  3: { code: 'email_required_for_sending', fix: 'customer' },
  4: { code: 'bank_details_missing', fix: 'bank_details' },
  5: { code: 'required', fix: 'customer' },
  6: { code: 'street_name_invalid', fix: 'customer' },
  7: { code: 'city_invalid', fix: 'customer' },
  9: { code: 'email_invalid', fix: 'customer' },
  11: { code: 'postal_code_invalid', fix: 'customer' },
  12: { code: 'too_long', fix: 'customer' },
  13: { code: 'e_invoice_required', fix: 'customer' },
  14: { code: 'required', fix: 'customer' },
  15: { code: 'vat_invalid', fix: 'customer' },
  16: { code: 'e_invoice_connection_pending', fix: 'customer' },
  17: { code: 'recipient_blocked', fix: 'customer' },
  18: { code: 'invalid_characters', fix: 'invoice' },
};

function recordedProblems(invoice: Invoice, customerId: string): InvoiceProblem[] {
  return (invoice.sendProblemCodes ?? []).map((problemCode) => {
    const known = RECORDED_PROBLEMS[problemCode] ?? RECORDED_PROBLEMS[0]!;
    return {
      code: known.code,
      problemCode: problemCode as InvoiceProblem['problemCode'],
      field: known.fix === 'customer' ? 'recipient' : known.fix === 'bank_details' ? 'bankDetails' : 'invoice',
      message: 'Recorded when sending was held back or failed',
      fix: {
        screen: known.fix,
        step: known.fix === 'invoice' ? 4 : null,
        customerId: known.fix === 'customer' ? customerId : null,
      },
    };
  });
}

function rowsOf(values: InvoiceValues): Omit<InvoiceRow, 'invoiceId' | 'position'>[] {
  return values.rows.map((row) => ({
    description: row.description,
    unitPrice: row.unitPrice,
    quantity: decimalOfHundredths(row.quantityHundredths),
    unit: row.unit,
    vatPercentage: row.vatPercentage,
  }));
}

function expensesOf(values: InvoiceValues): Omit<InvoiceExpense, 'invoiceId' | 'position'>[] {
  return values.expenses.map((expense) => ({
    type: expense.type,
    description: expense.description,
    amount: expense.amount,
    vatPercentage: expense.vatPercentage,
    receiptId: expense.receiptId,
    mileageDate: expense.mileage?.date ?? null,
    mileageFrom: expense.mileage?.from ?? null,
    mileageTo: expense.mileage?.to ?? null,
    mileageKm: expense.mileage ? decimalOfHundredths(expense.mileage.kmHundredths) : null,
    mileagePurpose: expense.mileage?.purpose ?? null,
    mileageRatePer10Km: expense.mileage?.ratePer10Km ?? null,
    mileageAllowanceSek: expense.mileage?.allowanceSek ?? null,
  }));
}

export type { InvoiceState };
