// The delivery job: a queued document goes to its customer (the PDF by email, or the e-invoice to its transport), and
// the invoice moves on: sent, a passing failure retried with growing pauses (−2), or not sent (−3) with the problem code.
//
// Exactly once: a document is delivered only while it is `pending`, and marked delivered in one short transaction right
// after the mail server or transport took it. The PDF is made from the frozen snapshot (the same bytes every time), so
// a retry after a crash sends the same file. Emails carry a fixed Message-ID (`<document id@host>`): in the instant
// between the server's acceptance and our commit, a crash would make the retry a copy mail systems recognise as one.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { InvoiceState } from '../../domain/invoice-status.ts';
import { parseBankgiroNumber } from '../../domain/ocr.ts';
import { buildUbl } from '../../domain/ubl.ts';
import { plainOf, sqlRows } from '../../platform/db/sql.ts';
import { sqlTransaction } from '../../platform/db/transaction.ts';
import type { Orm } from '../../platform/db/orm.ts';
import { TemporaryTransportError, type EInvoiceTransport } from '../../platform/einvoice/transport.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import { formatDay, formatMoney } from '../../platform/i18n/format.ts';
import { renderEmail, type EmailQuote } from '../../platform/mail/layout.ts';
import { inlineUserText } from '../../platform/mail/user-text.ts';
import type { EmailMessage, Mailer } from '../../platform/mail/mailer.ts';
import { renderInvoicePdf } from '../../platform/pdf/invoice-pdf.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { Invoice, type InvoiceRepository } from '../invoices/public.ts';
import { OutgoingDocument } from './entities.ts';

const SYSTEM = { type: 'system' as const, userId: null };
/** Network failures nodemailer reports without an SMTP answer: worth another try. */
const TEMPORARY_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNRESET', 'EDNS', 'ECONNREFUSED', 'EPIPE']);

export interface Classified {
  temporary: boolean;
  /** Spec §8: 9 when the mail server refuses the recipient's address, else 0. */
  problemCode: number;
  message: string;
}

export function classifyDeliveryError(error: unknown): Classified {
  const e = error as { responseCode?: number; code?: string; command?: string; message?: string };
  const message = String(e.message ?? error).slice(0, 500);
  if (error instanceof TemporaryTransportError) return { temporary: true, problemCode: 0, message };
  if (typeof e.responseCode === 'number') {
    if (e.responseCode >= 400 && e.responseCode < 500) return { temporary: true, problemCode: 0, message };
    const recipientRefused = e.command === 'RCPT TO' || [550, 553].includes(e.responseCode);
    return { temporary: false, problemCode: recipientRefused ? 9 : 0, message };
  }
  if (e.code && TEMPORARY_CODES.has(e.code)) return { temporary: true, problemCode: 0, message };
  return { temporary: false, problemCode: 0, message };
}

export interface DeliveryDeps {
  orm: Orm;
  repository: InvoiceRepository;
  mailer: Mailer;
  transport: EInvoiceTransport;
  files: FileStorage;
  translations: Translations;
  log: Logger;
  maxAttempts: number;
  leaseSeconds: number;
  /** Host part of the fixed Message-IDs. */
  messageIdHost: string;
}

export class DocumentDelivery {
  readonly #deps: DeliveryDeps;

  constructor(deps: DeliveryDeps) {
    this.#deps = deps;
  }

  /** The stored PDF of a document, made (and stored) from its snapshot when it is not there yet. */
  async pdf(em: EntityManager, document: OutgoingDocument): Promise<Uint8Array> {
    if (document.pdfKey) {
      const stored = await this.#deps.files.get(document.pdfKey);
      if (stored) {
        const chunks: Buffer[] = [];
        for await (const chunk of stored.body) chunks.push(chunk as Buffer);
        return new Uint8Array(Buffer.concat(chunks));
      }
    }
    const bytes = await renderInvoicePdf(document.snapshot);
    const key = `invoices/${document.ownerId}/${document.id}.pdf`;
    await this.#deps.files.put(key, bytes, 'application/pdf');
    await em.nativeUpdate(OutgoingDocument, { id: document.id }, { pdfKey: key });
    document.pdfKey = key;
    return bytes;
  }

  /**
   * The document's e-invoice: as stored, or made from its frozen snapshot and stored when it is first needed (a send
   * takes its number last, after the documents were checked: docs/decisions/0035-number-taken-last.md). Made once: the
   * first one stored stays, so every reader gets the same bytes.
   */
  async ubl(em: EntityManager, document: OutgoingDocument): Promise<string> {
    if (document.ubl) return document.ubl;
    const [row] = await sqlRows<{ ubl: string }>(
      em,
      `update "outgoing_document" set "ubl" = coalesce("ubl", ?) where "id" = ? returning "ubl"`,
      [buildUbl(document.snapshot), document.id],
    );
    if (!row) throw new Error(`Document ${document.id} is missing`);
    return row.ubl;
  }

  /**
   * The queue job: delivers a pending document once; throws to be retried after a passing failure. Only the worker
   * holding the document's lease delivers it: a second job for the same document (a sweep, a retry after a crash)
   * finds it leased or done and leaves it.
   */
  async deliver(documentId: string): Promise<void> {
    const em = this.#deps.orm.em.fork() as EntityManager;
    // The lease and the document in one statement (it is read, not changed through the ORM).
    const [claimed] = await sqlRows<Record<string, unknown>>(
      em,
      `update "outgoing_document" set "delivery_lease_until" = now() + make_interval(secs => ?)
          where "id" = ? and "delivery_state" = 'pending'
            and ("delivery_lease_until" is null or "delivery_lease_until" < now()) returning *`,
      [this.#deps.leaseSeconds, documentId],
    );
    if (!claimed) return;
    const document = plainOf(em, OutgoingDocument, claimed);
    let failure: unknown = null;
    try {
      const pdf = await this.pdf(em, document);
      if (document.channel === 'e_invoice') {
        const receiver = document.snapshot.buyer.endpoint;
        // Never reached: the send refuses an e-invoice without a buyer endpoint (PEPPOL-EN16931-R010).
        if (!receiver) throw new Error('The customer has no Peppol address');
        await this.#deps.transport.deliver({
          id: document.id,
          number: String(document.number),
          kind: document.kind,
          xml: await this.ubl(em, document),
          receiver,
        });
      } else {
        await this.#deps.mailer.deliver(await this.#email(document, pdf));
      }
    } catch (error) {
      failure = error;
    }
    if (failure === null) {
      await this.#delivered(em, documentId);
      return;
    }
    const classified = classifyDeliveryError(failure);
    const retry = await this.#failed(em, documentId, classified);
    this.#deps.log.warn(
      { documentId, err: failure, temporary: classified.temporary, retry },
      'document delivery failed',
    );
    if (retry) throw failure;
  }

  /**
   * Queues a delivery job for every pending document nobody is delivering (after a restart, or a job lost with its
   * worker); one whose lease has not lapsed yet is queued to start when it does.
   */
  async sweep(queue: (documentId: string, startAfterSeconds: number) => Promise<unknown>): Promise<number> {
    const em = this.#deps.orm.em.fork() as EntityManager;
    const pending = await em.getConnection().execute<{ id: string; wait: number }[]>(
      `select "id", greatest(0, ceil(extract(epoch from ("delivery_lease_until" - now()))))::int as "wait"
           from "outgoing_document" where "delivery_state" = 'pending' order by "created_at" limit 1000`,
    );
    for (const { id, wait } of pending) await queue(id, wait > 0 ? wait + 1 : 0);
    return pending.length;
  }

  /**
   * The document delivered and its invoice sent, in one short plain-SQL transaction: the document only while it is still
   * pending (its row lock taken by the update, as the ORM's `for update` took it before), then the invoice's.
   */
  async #delivered(em: EntityManager, documentId: string): Promise<void> {
    const now = new Date();
    await sqlTransaction(em, async (tx) => {
      const [document] = await tx.rows<{ kind: string; invoiceId: string; channel: string }>(
        `update "outgoing_document" set "delivery_state" = 'delivered', "delivery_lease_until" = null,
           "delivered_at" = ?, "attempts" = "attempts" + 1, "updated_at" = ?
         where "id" = ? and "delivery_state" = 'pending'
         returning "kind", "invoice_id" as "invoiceId", "channel"`,
        [now, now, documentId],
      );
      if (!document || document.kind !== 'invoice') return;
      const [invoice] = await tx.rows<{ id: string; ownerId: string; state: InvoiceState }>(
        `select "id", "owner_id" as "ownerId", "state" from "invoice" where "id" = ? for update`,
        [document.invoiceId],
      );
      if (invoice && (invoice.state === 'sending' || invoice.state === 'temporary_error')) {
        await this.#deps.repository.transition(tx, invoice, { type: 'delivered' }, SYSTEM, {
          set: { sentAt: now },
          data: { channel: document.channel },
        });
      }
    });
  }

  /** Records a failure; true when the job should run again. */
  async #failed(em: EntityManager, documentId: string, failure: Classified): Promise<boolean> {
    return em.fork().transactional(async (tx) => {
      const document = await tx.findOne(OutgoingDocument, { id: documentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!document || document.deliveryState !== 'pending') return false;
      document.attempts += 1;
      document.deliveryLeaseUntil = null;
      document.lastError = failure.message;
      document.updatedAt = new Date();
      const retry = failure.temporary && document.attempts < this.#deps.maxAttempts;
      if (!retry) {
        document.deliveryState = 'failed';
        document.problemCode = failure.problemCode;
      }
      await tx.flush();
      if (document.kind !== 'invoice') return retry;
      const invoice = await tx.findOne(Invoice, { id: document.invoiceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!invoice || (invoice.state !== 'sending' && invoice.state !== 'temporary_error')) return retry;
      const data = { attempt: document.attempts, problemCodes: [failure.problemCode], error: failure.message };
      if (retry) {
        await this.#deps.repository.transition(tx, invoice, { type: 'delivery_failed_temporarily' }, SYSTEM, { data });
      } else {
        await this.#deps.repository.transition(tx, invoice, { type: 'delivery_failed' }, SYSTEM, {
          data,
          reason: failure.message,
        });
        await tx
          .getConnection()
          .execute(
            `update "invoice" set "send_problem_codes" = ?::smallint[] where "id" = ?`,
            [`{${failure.problemCode}}`, invoice.id],
            'run',
            tx.getTransactionContext(),
          );
      }
      return retry;
    });
  }

  async #email(document: OutgoingDocument, pdf: Uint8Array): Promise<EmailMessage> {
    const doc = document.snapshot;
    const language = doc.language;
    const t = (key: string, values: Record<string, string | number> = {}) =>
      this.#deps.translations.t(language, 'email', key, values);
    const bankgiro = parseBankgiroNumber(doc.seller.bankgiro);
    // The customer's own reference (their PO number) is theirs to match the invoice with: it goes in the subject
    // and the text, on one line and defused like any text a user wrote.
    const reference = doc.buyerReference ? inlineUserText(doc.buyerReference, 60) : '';
    const values = {
      number: doc.number,
      seller: doc.seller.name,
      freelancer: doc.freelancer.name,
      amount: formatMoney(doc.totals.payableMinor, doc.currency, language),
      dueDate: doc.dueDate ? formatDay(doc.dueDate, language) : '',
      bankgiro: bankgiro.valid ? bankgiro.formatted : doc.seller.bankgiro,
      ocr: doc.ocrReference ?? '',
      credited: doc.creditedInvoice?.number ?? '',
      interestFor: doc.interestFor?.number ?? '',
      reference,
    };
    const isCredit = doc.kind === 'credit_note';
    const isInterest = !isCredit && doc.interestFor !== undefined;
    const section = isCredit ? 'creditDocument' : isInterest ? 'interestDocument' : 'invoiceDocument';
    const paragraphs: (string | EmailQuote)[] = [
      await t('invoiceDocument.greeting'),
      await t(`${section}.body`, values),
    ];
    if (document.message) {
      paragraphs.push({ label: await t('invoiceDocument.messageFrom', values), quote: document.message });
    }
    if (reference) paragraphs.push(await t('invoiceDocument.reference', values));
    paragraphs.push(await t(isCredit ? 'creditDocument.noPayment' : 'invoiceDocument.payment', values));
    paragraphs.push(await t('invoiceDocument.reply', values));
    const { html, text } = renderEmail(
      {
        brandName: doc.seller.name,
        heading: await t(`${section}.heading`, values),
        paragraphs,
        footer: await t('invoiceDocument.footer', values),
      },
      language,
    );
    const prefix = isCredit
      ? language === 'sv'
        ? 'Kreditfaktura'
        : 'Credit-note'
      : isInterest
        ? language === 'sv'
          ? 'Rantefaktura'
          : 'Interest-invoice'
        : language === 'sv'
          ? 'Faktura'
          : 'Invoice';
    if (!document.recipientEmail) throw new Error('The document has no recipient email');
    return {
      to: document.recipientEmail,
      subject: await t(`${section}.${reference ? 'subjectWithReference' : 'subject'}`, values),
      text,
      html,
      ...(document.replyTo ? { replyTo: document.replyTo } : {}),
      messageId: `<${document.id}@${this.#deps.messageIdHost}>`,
      attachments: [
        {
          filename: `${prefix}-${doc.number}.pdf`,
          contentType: 'application/pdf',
          contentBase64: Buffer.from(pdf).toString('base64'),
        },
      ],
    };
  }
}
