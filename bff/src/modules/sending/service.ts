// Sending and crediting invoices, each exactly once: the invoice row locked for the send, the number from a counter row
// locked in the same transaction, the delivery job queued in that transaction with the status change. The delivery
// itself (delivery.ts) runs in the job queue.
//
// The counter row is one for the whole platform, so every send of every freelancer passes through its lock: it is
// held for the least time (docs/decisions/0035-number-taken-last.md). The documents are made and checked before the
// transaction, with a stand-in number (no rule reads the number's digits); the number is taken by the transaction's
// last statement, which writes it, its OCR reference and the document, and travels with the COMMIT.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { invalidDocumentText, type InvoiceDocument, type Seller } from '../../domain/invoice-document.ts';
import { INVOICE_STATES, type InvoiceEvent, type InvoiceState } from '../../domain/invoice-status.ts';
import type { EInvoiceWait } from '../../domain/e-invoice-wait.ts';
import { datedValueAt } from '../../domain/dated-table.ts';
import { E_INVOICE_ACCEPTANCE_WAIT_BANK_DAYS } from '../../domain/rates.ts';
import { peppolAddressOf } from '../../domain/peppol-participant.ts';
import { ocrReferenceFor } from '../../domain/ocr.ts';
import { convertToSek } from '../../domain/exchange-rates.ts';
import { buildUbl } from '../../domain/ubl.ts';
import { checkEInvoice, hasFatalFailure } from '../../domain/ubl-rules.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { preparedRow, runSql, sqlRow, sqlRows, type SqlRunner } from '../../platform/db/sql.ts';
import { sqlTransaction, type SqlTransaction } from '../../platform/db/transaction.ts';
import { observeNumberSeriesHold } from '../../platform/metrics.ts';
import {
  ConflictError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
  fieldError,
} from '../../platform/errors.ts';
import { customerMessage } from '../../platform/mail/user-text.ts';
import { isSwedishPublicBody } from '../../domain/e-invoicing.ts';
import { userContact } from '../auth/public.ts';
import { lockGovernmentId } from '../customers/public.ts';
import {
  eventActorOf,
  illegalTransition,
  Invoice,
  InvoiceEventRecord,
  versionConflict,
  type EventActor,
  type InvoiceActor,
  type InvoiceDetails,
  type InvoiceProblem,
  type InvoiceRepository,
  type InvoiceService,
  type TransitionOptions,
} from '../invoices/public.ts';
import { BlockedRecipient, OutgoingDocument, type DeliveryChannel, type DocumentKind } from './entities.ts';
import { buildSnapshot, creditNoteOf } from './snapshot.ts';
import { waitOf, waitStart } from './e-invoice-waits.ts';
import { renderInvoicePdf } from '../../platform/pdf/invoice-pdf.ts';

export const DELIVERY_QUEUE = 'deliver-document';
export const RELEASE_QUEUE = 'release-waiting-invoices';
export const SWEEP_QUEUE = 'sweep-pending-deliveries';

/** Problems that hold an invoice back as Waiting instead of refusing it: they resolve without the user's edit. */
const PENDING_PROBLEM_CODES = new Set([4, 16]);

export const CREDIT_FAILED = "We can't credit this invoice. Please contact support.";

export interface SendingSettings {
  /** Review a freelancer's first invoice before it leaves. */
  reviewFirstInvoice: boolean;
  /** Review invoices whose total excluding VAT exceeds this many SEK öre; null: no limit. */
  reviewAboveSek: number | null;
  /** Delivery attempts before a passing failure becomes −3 Not sent. */
  maxAttempts: number;
}

export interface SendOptions {
  idempotencyKey?: string | null;
  version?: number;
  /** The freelancer's message to the customer (plain text, no links), shown in the invoice email. */
  message?: string | null;
}

/** The contract's `InvoiceDelivery`, with moments as dates. */
export interface InvoiceDelivery {
  channel: 'email' | 'e_invoice';
  email: string | null;
  participantId: string | null;
  eInvoiceAccepted: boolean;
  waitingFor: ('bank_details' | 'e_invoice_acceptance')[];
  reviewRequired: boolean;
  message: string | null;
  waitLimitBankDays: number;
  eInvoiceWait:
    | (EInvoiceWait & {
        since: Date;
        notifiedAt: Date | null;
        emailFallback: { possible: boolean; reason: EmailFallbackRefusal | null };
      })
    | null;
}

/** Why a waiting e-invoice cannot go as a PDF by email instead (the contract's `EmailFallbackRefusal`). */
export type EmailFallbackRefusal = 'not_waiting' | 'bank_details' | 'no_email' | 'public_body';

/** How the document goes: the customer's channel, or email when the freelancer stops waiting for e-invoices. */
type DispatchOptions = { message: string | null; channel?: 'email' };

/** The message as it is sent (customerMessage's rules), or a 400 on `body.message` naming the links it holds. */
export function messageToSend(raw: string | null | undefined): string | null {
  const message = customerMessage(raw);
  if (message.ok) return message.text;
  throw new ValidationError(
    [
      fieldError(
        'body.message',
        'message_link',
        'A message to the customer cannot hold links, web or email addresses; the customer can reply to the email',
        { links: message.links },
      ),
    ],
    { detail: 'The message holds a link' },
  );
}

const SENDABLE: readonly InvoiceState[] = ['draft', 'changes_requested', 'not_sent'];
/** States whose document has not gone out yet: their freelancer may see it as it will go. */
const PREVIEWABLE: readonly InvoiceState[] = [...SENDABLE, 'need_admin_approval', 'waiting'];

const EMAIL_FALLBACK_REFUSED: Readonly<Record<EmailFallbackRefusal, string>> = {
  not_waiting: 'The invoice is not waiting for the customer to accept e-invoices',
  bank_details: 'Register your bank details first: the invoice waits for them too',
  no_email: 'The customer has no invoice email address: add one to the customer first',
  public_body: 'A Swedish public body must receive e-invoices',
};

function characterProblems(problems: ReturnType<typeof invalidDocumentText>): InvoiceProblem[] {
  return problems.map((p) => ({
    code: 'invalid_characters',
    problemCode: 18,
    field: p.field,
    message: `Characters an invoice cannot carry: ${p.characters.join(' ')}`,
    fix: { screen: 'invoice', step: 4, customerId: null },
    params: { characters: [...p.characters] },
  }));
}
const CREDITABLE: readonly InvoiceState[] = ['sent', 'partially_paid'];

function notSendable(problems: InvoiceProblem[], detail = 'Something blocks sending this invoice'): UnprocessableError {
  const codes = [...new Set(problems.flatMap((p) => (p.problemCode === null ? [] : [p.problemCode])))];
  return new UnprocessableError('invoice_not_sendable', detail, { problemCodes: codes, extensions: { problems } });
}

const notFound = (detail: string) => new NotFoundError('not_found', detail);

/** The blocklist as a problem of the invoice (17), for getInvoiceProblems and the send. */
export async function blocklistProblems(em: EntityManager, details: InvoiceDetails): Promise<InvoiceProblem[]> {
  const recipient = details.recipient;
  const email = recipient.email?.trim().toLowerCase() ?? null;
  const candidates: { kind: BlockedRecipient['kind']; value: string }[] = [];
  if (email) {
    candidates.push({ kind: 'email', value: email }, { kind: 'email_domain', value: email.split('@')[1] ?? '' });
  }
  if (recipient.governmentId) {
    candidates.push({ kind: 'organisation_number', value: recipient.governmentId.replace(/\D/g, '') });
  }
  if (recipient.vatNumber) candidates.push({ kind: 'vat_number', value: recipient.vatNumber.toUpperCase() });
  if (candidates.length === 0) return [];
  // Plain SQL: every invoice read and write asks this (problem 17); the ORM's count costs several times the query.
  const row = await preparedRow<{ blocked: boolean }>(
    em,
    `select exists (select 1 from "recipient_blocklist" where ("kind", "value") in (${candidates.map(() => '(?, ?)').join(', ')})) as "blocked"`,
    candidates.flatMap((candidate) => [candidate.kind, candidate.value]),
  );
  return row?.blocked === true
    ? [
        {
          code: 'recipient_blocked',
          problemCode: 17,
          field: 'recipient',
          message: 'This recipient is on the blocklist; contact support',
          fix: { screen: 'customer', step: null, customerId: recipient.id },
        },
      ]
    : [];
}

export class SendingService {
  readonly #invoices: InvoiceService;
  readonly #repository: InvoiceRepository;
  readonly #jobs: Jobs;
  readonly #seller: Seller;
  readonly #settings: SendingSettings;
  readonly #now: () => Date;

  constructor(deps: {
    invoices: InvoiceService;
    jobs: Jobs;
    seller: Seller;
    settings: SendingSettings;
    now?: () => Date;
  }) {
    this.#invoices = deps.invoices;
    this.#repository = deps.invoices.repository;
    this.#jobs = deps.jobs;
    this.#seller = deps.seller;
    this.#settings = deps.settings;
    this.#now = deps.now ?? (() => new Date());
  }

  get settings(): SendingSettings {
    return this.#settings;
  }

  /**
   * Sends the invoice, or routes it to review or waiting. Returns the details it was sent from (its values, rows,
   * expenses and customer, unchanged by the send: the transaction checked the version they were read at), for the
   * caller's view with `InvoiceService.afterChange`; null when a request with an idempotency key the invoice has seen
   * returned without acting (the caller reads the invoice anew).
   */
  async send(
    em: EntityManager,
    actor: InvoiceActor,
    invoiceId: string,
    options: SendOptions = {},
  ): Promise<SentInvoice | null> {
    const key = options.idempotencyKey ?? null;
    const message = messageToSend(options.message);
    const details = await this.#invoices.get(em, actor.userId, invoiceId);
    if (key && (await this.#seenKey(em, invoiceId, key))) return null;
    if (!SENDABLE.includes(details.invoice.state)) {
      throw illegalTransition(`An invoice in state "${details.invoice.state}" cannot be sent`);
    }
    // The freelancer's contact (the documents' reply-to) is asked for with the problems, so the reads travel together.
    const [problems, owner] = await Promise.all([
      this.#invoices.liveProblems(em, details),
      userContact(em, details.invoice.ownerId),
    ]);
    const blocking = problems.filter((p) => p.problemCode === null || !PENDING_PROBLEM_CODES.has(p.problemCode));
    if (blocking.length > 0) throw notSendable(blocking);
    const pendingCodes = [...new Set(problems.map((p) => p.problemCode as number))];
    const reviewRequired = await this.#reviewRequired(em, details);
    // Made from what the transaction will find unchanged (it checks the invoice's version under its lock).
    const documents = reviewRequired || pendingCodes.length > 0 ? null : await this.#prepare(em, details, owner);

    const acted = await sqlTransaction(em, async (tx): Promise<SentInvoice | null> => {
      const locked = await this.#lock(tx, actor.userId, invoiceId);
      if (key && (await this.#seenKey(tx, invoiceId, key))) return null;
      if (locked.state !== details.invoice.state || locked.version !== details.invoice.version) throw versionConflict();
      if (options.version !== undefined && options.version !== locked.version) throw versionConflict();
      // The campaign code's use is taken here, whichever way the invoice goes (review, waiting, out now).
      await this.#countCampaignCodeUse(tx, locked);
      const event = { type: 'send' as const, reviewRequired, preconditionsPending: pendingCodes.length > 0 };
      if (!documents) {
        await this.#setProblemCodes(tx, invoiceId, reviewRequired ? [] : pendingCodes);
        await this.#repository.transition(tx, locked, event, eventActorOf(actor), {
          idempotencyKey: key,
          data: { problemCodes: reviewRequired ? [] : pendingCodes, ...(message ? { message } : {}) },
        });
        return { details, row: null };
      }
      const { row } = await this.#dispatch(tx, details, locked, event, eventActorOf(actor), key, documents, {
        message,
      });
      return { details, row };
    });
    // What the request's EntityManager read before is stale now (the transaction wrote in plain SQL).
    em.clear();
    return acted;
  }

  /**
   * The freelancer stops waiting for the customer's e-invoice acceptance (problem 16) and sends the invoice as a PDF by
   * email now (docs/product/sending.md#waiting-for-e-invoice-acceptance): once, through the status machine (waiting →
   * sending, `send_by_email`), with the message sent with the invoice, like any send to an email customer.
   */
  async sendByEmail(
    em: EntityManager,
    actor: InvoiceActor,
    invoiceId: string,
    options: { idempotencyKey?: string | null; version?: number } = {},
  ): Promise<void> {
    const key = options.idempotencyKey ?? null;
    const details = await this.#invoices.get(em, actor.userId, invoiceId);
    if (key && (await this.#seenKey(em, invoiceId, key))) return;
    if (details.invoice.state !== 'waiting') {
      throw illegalTransition(`An invoice in state "${details.invoice.state}" is not waiting`);
    }
    const refusal = await this.emailFallbackRefusal(em, details);
    if (refusal) {
      throw new ConflictError('email_fallback_not_possible', EMAIL_FALLBACK_REFUSED[refusal], {
        extensions: { reason: refusal },
      });
    }
    // Made and checked before the lock, like any send's (the transaction checks the version they were made from).
    const documents = await this.#prepare(em, details, undefined, 'email');
    const message = await this.sentMessage(em, invoiceId);
    await sqlTransaction(em, async (tx) => {
      const locked = await this.#lock(tx, actor.userId, invoiceId);
      if (key && (await this.#seenKey(tx, invoiceId, key))) return;
      if (locked.state !== 'waiting') throw illegalTransition(`An invoice in state "${locked.state}" is not waiting`);
      if (locked.version !== details.invoice.version) throw versionConflict();
      if (options.version !== undefined && options.version !== locked.version) throw versionConflict();
      // Counted at the send already (a no-op then); kept so no invoice goes out without its use.
      await this.#countCampaignCodeUse(tx, locked);
      await this.#dispatch(tx, details, locked, { type: 'send_by_email' }, eventActorOf(actor), key, documents, {
        message,
        channel: 'email',
      });
    });
    em.clear();
  }

  /**
   * Why a waiting invoice cannot go as a PDF by email instead; null when it can. Anything else that now blocks it (the
   * customer's details changed, a blocklist entry) refuses with its problems, as a send would.
   */
  async emailFallbackRefusal(em: EntityManager, details: InvoiceDetails): Promise<EmailFallbackRefusal | null> {
    if (details.invoice.state !== 'waiting' || !details.recipient.eInvoice) return 'not_waiting';
    const problems = await this.#invoices.liveProblems(em, details);
    const codes = new Set(problems.map((p) => p.problemCode));
    if (!codes.has(16)) return 'not_waiting';
    if (codes.has(4)) return 'bank_details';
    const blocking = problems.filter((p) => p.problemCode === null || !PENDING_PROBLEM_CODES.has(p.problemCode));
    if (blocking.length > 0) throw notSendable(blocking);
    if (!details.recipient.email) return 'no_email';
    if (
      isSwedishPublicBody({
        type: details.recipient.type,
        governmentId: details.recipient.governmentId ?? null,
        address: details.recipient.address,
      })
    ) {
      return 'public_body';
    }
    return null;
  }

  /** The message the freelancer sent the invoice with (its latest `send` event's), for a send that goes out later. */
  async sentMessage(em: EntityManager, invoiceId: string): Promise<string | null> {
    const row = await sqlRow<{ message: string | null }>(
      em,
      `select "data" ->> 'message' as "message" from "invoice_event"
       where "invoice_id" = ? and "event" = 'send' order by "id" desc limit 1`,
      [invoiceId],
    );
    return row?.message ?? null;
  }

  /**
   * An admin approves an invoice waiting for review (−1; docs/product/back-office.md#approval-queue): it goes out as a
   * send without review would (numbered, the delivery queued in the same transaction), or waits (2) while bank details
   * or the customer's e-invoice acceptance are pending. Anything else that now blocks it (a blocklisted customer, a
   * changed rule) refuses with the problems, and the admin requests changes instead. The admin is the event's actor.
   */
  async approve(
    em: EntityManager,
    adminId: string,
    invoiceId: string,
    options: { version?: number | undefined } = {},
  ): Promise<{ state: InvoiceState; version: number }> {
    // The owner by a plain read, so no half-loaded invoice sits in the unit of work.
    const [owner] = await em
      .getConnection()
      .execute<{ ownerId: string }[]>(
        `select "owner_id" as "ownerId" from "invoice" where "id" = ?`,
        [invoiceId],
        'all',
      );
    if (!owner) throw notFound('No such invoice');
    const details = await this.#invoices.get(em, owner.ownerId, invoiceId);
    if (details.invoice.state !== 'need_admin_approval') {
      throw illegalTransition(`An invoice in state "${details.invoice.state}" is not waiting for review`);
    }
    const problems = await this.#invoices.liveProblems(em, details);
    const blocking = problems.filter((p) => p.problemCode === null || !PENDING_PROBLEM_CODES.has(p.problemCode));
    if (blocking.length > 0) throw notSendable(blocking);
    const pendingCodes = [...new Set(problems.map((p) => p.problemCode as number))];
    const documents = pendingCodes.length > 0 ? null : await this.#prepare(em, details);
    // The message the freelancer sent it with (their send event's: it does not change while the invoice is reviewed).
    const message = await this.sentMessage(em, invoiceId);
    const result = await sqlTransaction(em, async (tx) => {
      const locked = await this.#lock(tx, owner.ownerId, invoiceId);
      if (locked.state !== 'need_admin_approval') {
        throw illegalTransition(`An invoice in state "${locked.state}" is not waiting for review`);
      }
      if (locked.version !== details.invoice.version) throw versionConflict();
      if (options.version !== undefined && options.version !== locked.version) throw versionConflict();
      // Counted at the send already (a no-op then); kept so no invoice leaves review without its use.
      await this.#countCampaignCodeUse(tx, locked);
      const event = { type: 'approve' as const, preconditionsPending: pendingCodes.length > 0 };
      const actor: EventActor = { type: 'admin', userId: adminId };
      if (!documents) {
        await this.#setProblemCodes(tx, invoiceId, pendingCodes);
        const moved = await this.#repository.transition(tx, locked, event, actor, {
          data: { problemCodes: pendingCodes },
        });
        return { state: moved.state, version: moved.version };
      }
      return this.#dispatch(tx, details, locked, event, actor, null, documents, { message });
    });
    em.clear();
    return result;
  }

  /**
   * The PDF the customer would get, for an admin reviewing an invoice (−1) before it is numbered: the number and
   * the OCR reference it does not have yet are left out, everything else is as it would be sent.
   */
  async previewPdf(em: EntityManager, invoiceId: string): Promise<Uint8Array> {
    const [owner] = await em
      .getConnection()
      .execute<{ ownerId: string }[]>(
        `select "owner_id" as "ownerId" from "invoice" where "id" = ?`,
        [invoiceId],
        'all',
      );
    if (!owner) throw notFound('No such invoice');
    const details = await this.#invoices.get(em, owner.ownerId, invoiceId);
    if (details.invoice.state !== 'need_admin_approval') throw notFound('This invoice is not waiting for review');
    return this.#preview(em, details);
  }

  /**
   * The PDF the customer will get, for its freelancer before it goes out (the send dialog): made like the document the
   * send freezes, from the invoice as it is now. Without a number yet it says where the number goes; never stored.
   */
  async ownerPreviewPdf(em: EntityManager, ownerId: string, invoiceId: string): Promise<Uint8Array> {
    const details = await this.#invoices.get(em, ownerId, invoiceId);
    if (!PREVIEWABLE.includes(details.invoice.state)) throw notFound('This invoice has gone out: open its PDF');
    return this.#preview(em, details);
  }

  async #preview(em: EntityManager, details: InvoiceDetails): Promise<Uint8Array> {
    const freelancer = await userContact(em, details.invoice.ownerId);
    const rate =
      details.values.currency === 'SEK'
        ? null
        : await this.#invoices.exchangeRate(em, details.values.currency, details.invoice.invoiceDate);
    const number = details.invoice.number;
    const snapshot = buildSnapshot({
      details,
      kind: 'invoice',
      number: number ?? 0,
      ocrReference: number ? ocrReferenceFor(number) : '',
      issueDate: details.invoice.invoiceDate,
      seller: this.#seller,
      freelancerName: freelancer.name,
      exchangeRate: rate,
    });
    const textProblems = invalidDocumentText(snapshot);
    if (textProblems.length > 0) throw notSendable(characterProblems(textProblems));
    return renderInvoicePdf(number ? snapshot : { ...snapshot, number: '', ocrReference: undefined }, {
      numberPending: number === null,
    });
  }

  /**
   * Where the invoice goes and what it waits for (the send dialog; a waiting invoice's page): the customer's channel and
   * address, what would hold it (or holds it) as Waiting, whether it is reviewed first, the message, and for an invoice
   * waiting for the customer's e-invoice acceptance how long it has waited and whether it can go by email instead.
   */
  async delivery(em: EntityManager, ownerId: string, invoiceId: string): Promise<InvoiceDelivery> {
    const details = await this.#invoices.get(em, ownerId, invoiceId);
    const { recipient, invoice } = details;
    const document = await em.findOne(OutgoingDocument, { invoiceId, kind: 'invoice' });
    const pending = invoice.state === 'waiting' || INVOICE_STATES[invoice.state].editable;
    const codes = pending
      ? new Set((await this.#invoices.liveProblems(em, details)).map((p) => p.problemCode))
      : new Set<number | null>();
    const waitingFor: InvoiceDelivery['waitingFor'] = [];
    if (codes.has(4)) waitingFor.push('bank_details');
    if (codes.has(16)) waitingFor.push('e_invoice_acceptance');
    const channel = document?.channel ?? (recipient.eInvoice ? 'e_invoice' : 'email');
    let eInvoiceWait: InvoiceDelivery['eInvoiceWait'] = null;
    if (invoice.state === 'waiting' && codes.has(16)) {
      const start = await waitStart(em, invoiceId);
      if (start) {
        let refusal: EmailFallbackRefusal | null;
        try {
          refusal = await this.emailFallbackRefusal(em, details);
        } catch (error) {
          if (!(error instanceof UnprocessableError)) throw error;
          refusal = 'not_waiting';
        }
        eInvoiceWait = {
          since: start.since,
          notifiedAt: start.notifiedAt,
          ...waitOf(start.since, this.#now()),
          emailFallback: { possible: refusal === null, reason: refusal },
        };
      }
    }
    return {
      channel,
      email: document ? (document.recipientEmail ?? null) : (recipient.email ?? null),
      participantId:
        channel === 'e_invoice'
          ? (recipient.eInvoiceParticipantId ??
            peppolAddressOf({
              country: recipient.address.country,
              governmentId: recipient.governmentId ?? null,
              vatNumber: recipient.vatNumber ?? null,
              email: recipient.email ?? null,
            }))
          : null,
      eInvoiceAccepted: recipient.eInvoice && Boolean(recipient.eInvoiceConnectedAt),
      waitingFor,
      reviewRequired: INVOICE_STATES[invoice.state].editable ? await this.#reviewRequired(em, details) : false,
      message: document ? (document.message ?? null) : pending ? await this.sentMessage(em, invoiceId) : null,
      waitLimitBankDays: datedValueAt(E_INVOICE_ACCEPTANCE_WAIT_BANK_DAYS, this.#invoices.today()),
      eInvoiceWait,
    };
  }

  /** Waiting invoices whose preconditions have arrived go out (the release job; `ownerId` narrows it to one user). */
  async releaseWaiting(em: EntityManager, ownerId?: string): Promise<number> {
    const waiting = await em.find(
      Invoice,
      { state: 'waiting', ...(ownerId ? { ownerId } : {}) },
      { fields: ['id', 'ownerId'], limit: 500 },
    );
    let released = 0;
    for (const { id, ownerId: owner } of waiting) {
      const fork = em.fork();
      const details = await this.#invoices.get(fork, owner, id);
      const problems = await this.#invoices.liveProblems(fork, details);
      if (problems.length > 0) continue;
      try {
        const documents = await this.#prepare(fork, details);
        const message = await this.sentMessage(fork, id);
        await sqlTransaction(fork, async (tx) => {
          const locked = await this.#lock(tx, owner, id);
          if (locked.state !== 'waiting') return;
          // The documents were made from the invoice as it was read; an edit since (none is possible while it waits)
          // would have changed its version.
          if (locked.version !== details.invoice.version) return;
          // Counted at the send already (a no-op then); kept so no invoice goes out without its use.
          await this.#countCampaignCodeUse(tx, locked);
          await this.#dispatch(
            tx,
            details,
            locked,
            { type: 'preconditions_met' },
            { type: 'system', userId: null },
            null,
            documents,
            { message },
          );
          released++;
        });
      } catch (error) {
        // One invoice that cannot go out (nothing of it was written) does not hold back the others'.
        if (!(error instanceof UnprocessableError)) throw error;
      }
    }
    return released;
  }

  /** Credits a sent invoice: a credit note with the next number, sent like the invoice; the invoice → 6 Credited. */
  async credit(
    em: EntityManager,
    actor: InvoiceActor,
    invoiceId: string,
    options: { idempotencyKey?: string | null; reason?: string | null } = {},
  ): Promise<void> {
    const key = options.idempotencyKey ?? null;
    const invoice = await this.#repository.findOwned(em, actor.userId, invoiceId);
    if (!invoice) throw notFound('No such invoice');
    if (key && (await this.#seenKey(em, invoiceId, key))) return;
    const refused = () => new ConflictError('credit_not_possible', CREDIT_FAILED);
    await sqlTransaction(em, async (tx) => {
      const locked = await this.#lock(tx, actor.userId, invoiceId);
      if (key && (await this.#seenKey(tx, invoiceId, key))) return;
      if (!CREDITABLE.includes(locked.state)) throw refused();
      const [original] = await tx.rows<{
        channel: DeliveryChannel;
        deliveryState: string;
        snapshot: InvoiceDocument;
        recipientEmail: string | null;
        replyTo: string | null;
      }>(
        `select "channel", "delivery_state" as "deliveryState", "snapshot", "recipient_email" as "recipientEmail",
           "reply_to" as "replyTo" from "outgoing_document" where "invoice_id" = ? and "kind" = 'invoice'`,
        [invoiceId],
      );
      if (!original || original.deliveryState !== 'delivered') throw refused();
      // Made and checked with a stand-in number; the number is taken last (see #dispatch).
      const snapshot = creditNoteOf(original.snapshot, STAND_IN_NUMBER, this.#today());
      const clean = JSON.parse(JSON.stringify(snapshot)) as InvoiceDocument;
      if (original.channel === 'e_invoice' && hasFatalFailure(checkEInvoice(buildUbl(clean)))) throw refused();
      const moved = await this.#repository.transition(tx, locked, { type: 'credit' }, eventActorOf(actor), {
        idempotencyKey: key,
        reason: options.reason ?? null,
        data: {},
      });
      const documentId = randomUUID();
      await this.#jobs.send(DELIVERY_QUEUE, { documentId }, { tx });
      const document = upsertDocument(
        {
          id: documentId,
          invoiceId,
          ownerId: locked.ownerId,
          kind: 'credit_note',
          issueDate: clean.issueDate,
          channel: original.channel,
          ubl: null,
          recipientEmail: original.recipientEmail,
          replyTo: original.replyTo,
          message: null,
          at: this.#now(),
        },
        { text: `"n"."number"`, values: [] },
        {
          text: `?::jsonb || jsonb_build_object('number', "n"."number"::text)`,
          values: [JSON.stringify(clean)],
        },
        `from "n"`,
      );
      const { rows, committedAt } = await tx.commitWith<{ number: string; takenAt: number; one: number }>(
        `with "n" as (${TAKE_NUMBER}),
         "d" as (${document.text}),
         "e" as (update "invoice_event" set "data" = "data" || jsonb_build_object('creditNoteNumber', "n"."number")
                 from "n" where "invoice_event"."id" = ?)
         select "n"."number", "n"."takenAt", 1 / (select count(*)::int from "d") as "one" from "n"`,
        [...document.values, moved.eventId],
        { releaseBeforeFlush: true },
      );
      observeNumberSeriesHold(committedAt - rows[0]!.takenAt);
    });
    em.clear();
  }

  async document(em: EntityManager, ownerId: string, invoiceId: string, kind: DocumentKind): Promise<OutgoingDocument> {
    const document = await em.findOne(OutgoingDocument, { invoiceId, ownerId, kind });
    if (!document)
      throw notFound(kind === 'invoice' ? 'This invoice has not been sent' : 'This invoice has no credit note');
    return document;
  }

  async events(em: EntityManager, ownerId: string, invoiceId: string): Promise<InvoiceEventRecord[]> {
    const invoice = await this.#repository.findOwned(em, ownerId, invoiceId);
    if (!invoice) throw notFound('No such invoice');
    return this.#repository.eventsOf(em, invoiceId);
  }

  #today(): string {
    return this.#invoices.today();
  }

  async #seenKey(db: SqlRunner, invoiceId: string, key: string): Promise<boolean> {
    const [row] = await runSql<{ seen: boolean }>(
      db,
      `select exists (select 1 from "invoice_event" where "invoice_id" = ? and "idempotency_key" = ?) as "seen"`,
      [invoiceId, key],
    );
    return row?.seen === true;
  }

  /** The owner's invoice, locked for the transaction, as the send needs it. */
  async #lock(tx: SqlTransaction, ownerId: string, invoiceId: string): Promise<LockedInvoice> {
    const [row] = await tx.rows<LockedInvoice & { number: string | null }>(
      `select "id", "owner_id" as "ownerId", "state", "version", "number", "campaign_code_id" as "campaignCodeId",
         "campaign_code_counted_at" as "campaignCodeCountedAt"
       from "invoice" where "id" = ? and "owner_id" = ? for update`,
      [invoiceId, ownerId],
    );
    if (!row) throw notFound('No such invoice');
    return { ...row, number: row.number === null ? null : Number(row.number) };
  }

  async #reviewRequired(em: EntityManager, details: InvoiceDetails): Promise<boolean> {
    const { reviewFirstInvoice, reviewAboveSek } = this.#settings;
    if (reviewFirstInvoice) {
      // Whether any invoice of the owner was ever numbered: an index probe, not a count of all of them.
      const [sent] = await sqlRows<{ any: boolean }>(
        em,
        `select exists (select 1 from "invoice" where "owner_id" = ? and "number" is not null) as "any"`,
        [details.invoice.ownerId],
      );
      if (sent?.any !== true) return true;
    }
    if (reviewAboveSek !== null) {
      const currency = details.values.currency;
      let totalSek = details.totals.totalExclVat;
      if (currency !== 'SEK') {
        const rate = await this.#invoices.exchangeRate(em, currency, this.#today());
        totalSek = rate ? convertToSek(totalSek, rate).sekAmount : Number.MAX_SAFE_INTEGER;
      }
      if (totalSek > reviewAboveSek) return true;
    }
    return false;
  }

  /**
   * The use of its campaign code the invoice takes as it is sent (docs/product/invoices.md#campaign-codes): atomic on
   * the code's row, before the invoice is numbered, once per invoice. A code used up by the sends before this one (or
   * expired) refuses the send with its problem, and the transaction rolls back: nothing goes out at a fee the
   * freelancer was not shown.
   */
  async #countCampaignCodeUse(tx: SqlTransaction, locked: LockedInvoice): Promise<void> {
    const problem = await this.#invoices.countCampaignCodeUse(tx, locked);
    if (problem) throw notSendable([problem], 'The campaign code cannot be used any more');
  }

  async #setProblemCodes(tx: SqlTransaction, invoiceId: string, codes: number[]): Promise<void> {
    await tx.rows(`update "invoice" set "send_problem_codes" = ?::smallint[] where "id" = ? returning "id"`, [
      `{${codes.join(',')}}`,
      invoiceId,
    ]);
  }

  /**
   * The invoice's documents, made and checked before the send's transaction (nothing here needs a lock): the snapshot
   * of what is sent and its e-invoice, with the invoice's number when it has one (a resend) or a stand-in number that
   * the transaction's last statement replaces. The e-invoice rules read no digit of the number or of the OCR reference
   * made from it (a property test holds the checks equal for any two numbers), so the stand-in's check is the real
   * one's. What blocks sending is kept as `refusal`, thrown where the transaction used to find it: after the invoice's
   * lock, its version and its campaign code.
   */
  async #prepare(
    em: EntityManager,
    details: InvoiceDetails,
    contact?: { email: string; name: string },
    channelChoice?: 'email',
  ): Promise<PreparedDocuments> {
    const number = details.invoice.number ?? STAND_IN_NUMBER;
    const owner = contact ?? (await userContact(em, details.invoice.ownerId));
    const rate =
      details.values.currency === 'SEK'
        ? null
        : await this.#invoices.exchangeRate(em, details.values.currency, details.invoice.invoiceDate);
    const snapshot = buildSnapshot({
      details,
      kind: 'invoice',
      number,
      ocrReference: ocrReferenceFor(number),
      issueDate: details.invoice.invoiceDate,
      seller: this.#seller,
      freelancerName: owner.name,
      exchangeRate: rate,
    });
    const channel: DeliveryChannel = channelChoice ?? (details.recipient.eInvoice ? 'e_invoice' : 'email');
    const prepared = {
      snapshot,
      channel,
      replyTo: owner.email,
      ubl: null as string | null,
      refusal: null as Error | null,
    };
    const textProblems = invalidDocumentText(snapshot);
    if (textProblems.length > 0) {
      prepared.refusal = notSendable(characterProblems(textProblems));
      return prepared;
    }
    // Made for every channel (a document that cannot be written as an e-invoice is refused whatever its channel);
    // checked against the rules where it is what the customer gets.
    const ubl = buildUbl(snapshot);
    if (details.invoice.number !== null) prepared.ubl = ubl;
    const failures = channel === 'e_invoice' ? checkEInvoice(ubl).filter((f) => f.flag !== 'warning') : [];
    if (failures.length > 0) {
      prepared.refusal = notSendable(
        [
          {
            code: 'e_invoice_rules',
            problemCode: 0,
            field: 'invoice',
            message: `The e-invoice breaks ${failures.map((f) => f.rule).join(', ')}`,
            fix: { screen: 'invoice', step: 4, customerId: null },
            params: { rules: failures.map((f) => ({ rule: f.rule, message: f.message, location: f.location })) },
          },
        ],
        'The e-invoice does not pass the EN 16931 / Peppol BIS 3 rules',
      );
    }
    return prepared;
  }

  /**
   * Numbers the invoice (once: a resend keeps its number), moves it to sending, queues the delivery and stores the
   * documents made by #prepare, all in the caller's transaction. A new number is taken by the transaction's last
   * statement, which travels with the COMMIT: the one series is held for that statement and the commit alone.
   */
  async #dispatch(
    tx: SqlTransaction,
    details: InvoiceDetails,
    invoice: LockedInvoice,
    event: InvoiceEvent,
    actor: EventActor,
    key: string | null,
    documents: PreparedDocuments,
    options: DispatchOptions,
  ): Promise<{ state: InvoiceState; version: number; row: Record<string, unknown> | null }> {
    if (documents.refusal) throw documents.refusal;
    const recipient = details.recipient;
    const known = invoice.number;
    // The recipient as sent and no problems left, written with the state in the transition's one update of the row.
    const transition: TransitionOptions = {
      idempotencyKey: key,
      data: {
        ...(known === null ? {} : { number: known }),
        ...(event.type === 'send' && options.message ? { message: options.message } : {}),
        ...(options.channel ? { channel: options.channel } : {}),
      },
      set: { recipientSnapshot: JSON.stringify(recipientSnapshot(recipient)), clearSendProblemCodes: true },
    };
    if (!recipient.governmentIdLockedAt) await lockGovernmentId(tx, recipient.id, this.#now());
    // A resend writes over the document that went before (same id, so its delivery job finds it). An invoice without
    // a number has none: its document is written in the transaction that numbers it.
    const [existing] =
      known === null
        ? []
        : await tx.rows<{ id: string }>(
            `select "id" from "outgoing_document" where "invoice_id" = ? and "kind" = 'invoice'`,
            [invoice.id],
          );
    const documentId = existing?.id ?? randomUUID();
    await this.#jobs.send(DELIVERY_QUEUE, { documentId }, { tx });
    const document: DocumentRow = {
      id: documentId,
      invoiceId: invoice.id,
      ownerId: invoice.ownerId,
      kind: 'invoice',
      issueDate: documents.snapshot.issueDate,
      channel: documents.channel,
      ubl: documents.ubl,
      recipientEmail: recipient.email ?? null,
      replyTo: documents.replyTo,
      // An e-invoice carries no message: it is read by a bookkeeping system, not a person.
      message: documents.channel === 'email' ? options.message : null,
      at: this.#now(),
    };
    if (known !== null) {
      const moved = await this.#repository.transition(tx, invoice, event, actor, transition);
      const upsert = upsertDocument(
        document,
        { text: '?::bigint', values: [known] },
        { text: '?::jsonb', values: [JSON.stringify(documents.snapshot)] },
      );
      await tx.rows(upsert.text, upsert.values);
      return { state: moved.state, version: moved.version, row: null };
    }
    // A first send moves the invoice in the statement that numbers it: the row gets one new version, not two (a second
    // update of a row this transaction wrote would also check its foreign keys again), and the event is written with
    // its number, all while the series is held. Every caller checked the idempotency key under the invoice's lock
    // (and the event's unique key refuses a second), and the lock keeps the invoice in the state it was read in.
    const move = this.#repository.transitionStatement(
      invoice,
      event,
      actor,
      transition,
      `jsonb_build_object('number', "i"."number")`,
    );
    const upsert = upsertDocument(
      document,
      { text: `"i"."number"`, values: [] },
      {
        text: `?::jsonb || jsonb_build_object('number', "i"."number"::text, 'ocrReference', "i"."ocr_number")`,
        values: [JSON.stringify(documents.snapshot)],
      },
      `from "i"`,
    );
    // The invoice's row as the send leaves it comes back with the number, for the answer (no read after the commit).
    // Should nothing move, the division by zero fails the statement and the transaction: no number is taken for nothing.
    const { rows, committedAt } = await tx.commitWith<{ takenAt: number; one: number } & Record<string, unknown>>(
      `with "n" as (${TAKE_NUMBER}),
       "i" as (update "invoice" set ${move.sets}, "number" = "n"."number",
                 "ocr_number" = invoice_ocr_reference("n"."number")
               from "n" where "invoice"."id" = ? and "invoice"."state" = ? returning "invoice".*),
       "e" as (insert into "invoice_event" (${move.event.columns}) select ${move.event.values} from "i" returning "id"),
       "d" as (${upsert.text})
       select "i".*, "n"."takenAt", 1 / ((select count(*)::int from "d") * (select count(*)::int from "e")) as "one"
       from "n" left join "i" on true`,
      [...move.setParams, invoice.id, invoice.state, ...move.event.params, ...upsert.values],
      { releaseBeforeFlush: true },
    );
    const { takenAt, one: _, ...row } = rows[0]!;
    observeNumberSeriesHold(committedAt - takenAt);
    return { state: move.to, version: Number(row.version), row };
  }
}

/**
 * What a send did: the details it sent from, and the invoice's row as its transaction left it when its last statement
 * returned it (a first send), else null (the answer reads it).
 */
export interface SentInvoice {
  details: InvoiceDetails;
  row: Record<string, unknown> | null;
}

/** The invoice as the send reads it under its lock. */
interface LockedInvoice {
  id: string;
  ownerId: string;
  state: InvoiceState;
  version: number;
  number: number | null;
  campaignCodeId: string | null;
  campaignCodeCountedAt: Date | null;
}

interface PreparedDocuments {
  /** With the stand-in number until the transaction's last statement writes the real one into it. */
  snapshot: InvoiceDocument;
  channel: DeliveryChannel;
  replyTo: string;
  /** The e-invoice when the number is known (a resend); otherwise made from the stored snapshot when first needed. */
  ubl: string | null;
  /** Why the invoice cannot go out as it is, thrown in the transaction where the send used to find it. */
  refusal: Error | null;
}

/**
 * The number documents are made and checked with before the transaction takes the real one. Any positive number
 * would do (no rule reads its digits); this one has the digits of the numbers of years to come.
 */
export const STAND_IN_NUMBER = 9_999_999;

/** The next number of the one series, with the moment its row was locked (the database's clock, epoch seconds). */
const TAKE_NUMBER = `update "invoice_number_series" set "next_number" = "next_number" + 1 where "id" = 'invoices'
  returning "next_number" - 1 as "number", extract(epoch from clock_timestamp())::float8 as "takenAt"`;

/** SQL with the values of its `?` placeholders, in order. */
interface Sql {
  text: string;
  values: unknown[];
}

/** A document as the send stores it (its number and snapshot are given as SQL: the last statement makes them). */
interface DocumentRow {
  id: string;
  invoiceId: string;
  ownerId: string;
  kind: DocumentKind;
  issueDate: string;
  channel: DeliveryChannel;
  ubl: string | null;
  recipientEmail: string | null;
  replyTo: string | null;
  /** The freelancer's message to the customer (email only). */
  message: string | null;
  at: Date;
}

/**
 * Writes a document, pending delivery; a resend writes over the one before (the same row and id, so its delivery job
 * finds it). `number` and `snapshot` are SQL for those columns; `from` a FROM clause they read (the statement that took
 * the number). Returns the document's id.
 */
function upsertDocument(document: DocumentRow, number: Sql, snapshot: Sql, from = ''): Sql {
  const at = document.at.toISOString();
  return {
    text: `insert into "outgoing_document" ("id", "invoice_id", "owner_id", "kind", "number", "snapshot", "issue_date",
        "channel", "ubl", "pdf_key", "recipient_email", "reply_to", "message", "delivery_state", "attempts",
        "delivery_lease_until", "last_error", "problem_code", "delivered_at", "created_at", "updated_at")
      select ?::uuid, ?::uuid, ?::uuid, ?::text, ${number.text}, ${snapshot.text}, ?::date,
        ?::text, ?::text, null, ?::text, ?::text, ?::text, 'pending', 0,
        null, null, null, null, ?::timestamptz, ?::timestamptz ${from}
      on conflict ("invoice_id", "kind") do update set "number" = excluded."number", "snapshot" = excluded."snapshot",
        "issue_date" = excluded."issue_date", "channel" = excluded."channel", "ubl" = excluded."ubl", "pdf_key" = null,
        "recipient_email" = excluded."recipient_email", "reply_to" = excluded."reply_to", "message" = excluded."message",
        "delivery_state" = 'pending',
        "attempts" = 0, "delivery_lease_until" = null, "last_error" = null, "problem_code" = null,
        "delivered_at" = null, "updated_at" = excluded."updated_at"
      returning "id"`,
    values: [
      document.id,
      document.invoiceId,
      document.ownerId,
      document.kind,
      ...number.values,
      ...snapshot.values,
      document.issueDate,
      document.channel,
      document.ubl,
      document.recipientEmail,
      document.replyTo,
      document.message,
      at,
      at,
    ],
  };
}

function recipientSnapshot(recipient: InvoiceDetails['recipient']) {
  return {
    type: recipient.type,
    name: recipient.name,
    governmentId: recipient.governmentId ?? null,
    vatNumber: recipient.vatNumber ?? null,
    email: recipient.email ?? null,
    invoiceLanguage: recipient.invoiceLanguage,
    reverseVat: recipient.reverseVat,
    eInvoice: recipient.eInvoice,
    address: { ...recipient.address },
  };
}
