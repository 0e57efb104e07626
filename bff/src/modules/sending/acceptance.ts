// E-invoice customers' acceptance (docs/product/back-office.md#e-invoice-recipients): an e-invoice to a customer that
// has not accepted waits (2, problem 16) until the Peppol Directory lists the customer as a receiver of Peppol BIS
// Billing 3 invoices, or an admin marks it reachable. Either records the acceptance on the customer and queues the
// release of its owner's waiting invoices in the same transaction; the release (SendingService.releaseWaiting) locks
// each invoice and sends only one still waiting, so two acceptances at once still send each invoice once.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { parseParticipantIdText, peppolAddressOf } from '../../domain/peppol-participant.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import type { ParticipantDirectory } from '../../platform/einvoice/directory.ts';
import { NotFoundError, ValidationError, fieldError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import {
  lockForEInvoiceAcceptance,
  markDirectoryChecked,
  setEInvoiceAcceptance,
  type AcceptanceSubject,
  type EInvoiceAcceptanceSource,
} from '../customers/public.ts';
import { RELEASE_QUEUE } from './service.ts';
import { waitOf } from './e-invoice-waits.ts';
import { containsPattern } from '../../platform/db/search.ts';

export const PEPPOL_LOOKUP_QUEUE = 'peppol-directory-lookup';

/** Customers the directory is asked about per run: it allows about two queries a second. */
const LOOKUPS_PER_RUN = 50;

export type RecipientStatus = 'waiting' | 'reachable';

export interface EInvoiceRecipient {
  customerId: string;
  customerName: string;
  governmentId: string | null;
  ownerId: string;
  /** The recorded participant id, or (not yet reachable) the one the customer's details give. */
  participantId: string | null;
  reachable: boolean;
  acceptedAt: Date | null;
  acceptedBy: EInvoiceAcceptanceSource | null;
  directoryCheckedAt: Date | null;
  /** An admin said it is not reachable. */
  unreachableAt: Date | null;
  waitingInvoices: number;
  /** When the longest-waiting of its waiting invoices began to wait. */
  oldestWaitingSince: Date | null;
  /** Whole bank days that invoice has waited (docs/product/sending.md#waiting-for-e-invoice-acceptance). */
  waitedBankDays: number | null;
  /** The bank days after which its freelancer is told and offered the PDF by email. */
  waitLimitBankDays: number;
}

interface Actor {
  userId: string;
  ip: string | null;
}

interface Row {
  customer_id: string;
  customer_name: string;
  government_id: string | null;
  vat_number: string | null;
  email: string | null;
  country: string;
  owner_id: string;
  participant_id: string | null;
  accepted_at: string | null;
  accepted_by: EInvoiceAcceptanceSource | null;
  checked_at: string | null;
  unreachable_at: string | null;
  waiting: number;
  oldest: string | null;
  total?: number;
}

const SELECT = `select c."id" as "customer_id", c."name" as "customer_name", c."government_id", c."vat_number", c."email",
    c."address_country" as "country", c."owner_id", c."e_invoice_participant_id" as "participant_id",
    c."e_invoice_connected_at" as "accepted_at", c."e_invoice_accepted_by" as "accepted_by",
    c."e_invoice_directory_checked_at" as "checked_at", c."e_invoice_unreachable_at" as "unreachable_at",
    coalesce(w."waiting", 0)::int as "waiting", w."oldest"
  from "customer" c
  left join lateral (select count(*)::int as "waiting",
      min(coalesce((select max(e."created_at") from "invoice_event" e
        where e."invoice_id" = i."id" and e."to_state" = 'waiting'), i."updated_at")) as "oldest"
    from "invoice" i where i."customer_id" = c."id" and i."state" = 'waiting') w on true`;

function recipientOf(row: Row, now: Date): EInvoiceRecipient {
  const oldest = row.oldest ? new Date(row.oldest) : null;
  const wait = waitOf(oldest ?? now, now);
  return {
    customerId: row.customer_id,
    customerName: row.customer_name,
    governmentId: row.government_id,
    ownerId: row.owner_id,
    participantId:
      row.participant_id ??
      peppolAddressOf({
        country: row.country,
        governmentId: row.government_id,
        vatNumber: row.vat_number,
        email: row.email,
      }),
    reachable: row.accepted_at !== null,
    acceptedAt: row.accepted_at ? new Date(row.accepted_at) : null,
    acceptedBy: row.accepted_by,
    directoryCheckedAt: row.checked_at ? new Date(row.checked_at) : null,
    unreachableAt: row.unreachable_at ? new Date(row.unreachable_at) : null,
    waitingInvoices: row.waiting,
    oldestWaitingSince: oldest,
    waitedBankDays: oldest ? wait.bankDaysWaited : null,
    waitLimitBankDays: wait.limitBankDays,
  };
}

const notFound = () => new NotFoundError('not_found', 'No such customer');

export class EInvoiceAcceptance {
  readonly #jobs: Jobs;
  readonly #directory: ParticipantDirectory | null;
  readonly #recheckMinutes: number;
  readonly #log: Logger | null;
  readonly #now: () => Date;

  constructor(deps: {
    jobs: Jobs;
    directory: ParticipantDirectory | null;
    recheckMinutes: number;
    log?: Logger;
    now?: () => Date;
  }) {
    this.#jobs = deps.jobs;
    this.#directory = deps.directory;
    this.#recheckMinutes = deps.recheckMinutes;
    this.#log = deps.log ?? null;
    this.#now = deps.now ?? (() => new Date());
  }

  /**
   * Asks the directory about the e-invoice customers that have waiting invoices and have not accepted (those it did
   * not list only after the recheck interval); a listed one accepts and its owner's waiting invoices are released.
   */
  async lookupWaiting(em: EntityManager): Promise<{ asked: number; accepted: number }> {
    const directory = this.#directory;
    if (!directory) return { asked: 0, accepted: 0 };
    const now = this.#now();
    const due = new Date(now.getTime() - this.#recheckMinutes * 60_000);
    const candidates = await sqlRows<{ id: string }>(
      em,
      `select c."id" from "customer" c
       where c."e_invoice" and c."e_invoice_connected_at" is null and c."deleted_at" is null
         and c."e_invoice_unreachable_at" is null
         and (c."e_invoice_directory_checked_at" is null or c."e_invoice_directory_checked_at" < ?)
         and exists (select 1 from "invoice" i where i."customer_id" = c."id" and i."state" = 'waiting')
       order by c."e_invoice_directory_checked_at" nulls first, c."id" limit ?`,
      [due, LOOKUPS_PER_RUN],
    );
    let asked = 0;
    let accepted = 0;
    for (const { id } of candidates) {
      const fork = em.fork();
      const subject = await sqlRow<Row>(fork, `${SELECT} where c."id" = ?`, [id]);
      const address = subject ? recipientOf(subject, now).participantId : null;
      if (!address) {
        // No Peppol address in the customer's details (no organisation or VAT number): only an admin can help.
        await markDirectoryChecked(fork, id, now);
        continue;
      }
      asked++;
      let answer;
      try {
        answer = await directory.lookup(address);
      } catch (error) {
        // The directory is down or busy: the customer is asked again on a later run.
        this.#log?.warn({ err: error, customerId: id }, 'the Peppol Directory could not be asked');
        continue;
      }
      if (!answer.receivesInvoices) {
        await markDirectoryChecked(fork, id, now);
        continue;
      }
      const recorded = await fork.transactional(async (tx) => {
        const customer = await lockForEInvoiceAcceptance(tx, id);
        // An admin may have said so meanwhile, or the customer was deleted or stopped taking e-invoices.
        if (!customer || customer.connectedAt || customer.unreachableAt || !customer.eInvoice) return false;
        await this.#accept(tx, customer, { participantId: answer.participantId, source: 'directory', actor: null });
        return true;
      });
      if (recorded) accepted++;
    }
    if (accepted) this.#jobs.wake(RELEASE_QUEUE);
    return { asked, accepted };
  }

  /**
   * An admin says the customer is reachable on Peppol at `participantId` (by default the address its details give).
   * Its owner's waiting invoices are queued for release at once. Saying it again updates the participant id.
   */
  async markReachable(
    em: EntityManager,
    actor: Actor,
    customerId: string,
    participantId: string | null | undefined,
  ): Promise<EInvoiceRecipient> {
    let given: string | null = null;
    if (participantId?.trim()) {
      const parsed = parseParticipantIdText(participantId);
      if (!parsed.valid) {
        throw new ValidationError([
          fieldError('body.participantId', 'participant_id_invalid', 'Not a Peppol participant id (0007:5560360793)', {
            reason: parsed.error,
          }),
        ]);
      }
      given = parsed.normalised;
    }
    await em.transactional(async (tx) => {
      const customer = await lockForEInvoiceAcceptance(tx, customerId);
      if (!customer) throw notFound();
      const address = given ?? customer.participantId ?? peppolAddressOf(customer);
      if (!address) {
        throw new ValidationError([
          fieldError(
            'body.participantId',
            'participant_id_required',
            'The customer has no organisation or VAT number: give its Peppol participant id',
          ),
        ]);
      }
      await this.#accept(tx, customer, { participantId: address, source: 'admin', actor });
    });
    this.#jobs.wake(RELEASE_QUEUE);
    return this.get(em, customerId);
  }

  /**
   * An admin says the customer is not reachable on Peppol: its acceptance is withdrawn, so new e-invoices to it wait
   * (16) again, and the directory no longer accepts it on its own (only an admin's "reachable" does). What already
   * left is not touched: invoices sent or being delivered stay as they are.
   */
  async markUnreachable(em: EntityManager, actor: Actor, customerId: string): Promise<EInvoiceRecipient> {
    await em.transactional(async (tx) => {
      const customer = await lockForEInvoiceAcceptance(tx, customerId);
      if (!customer) throw notFound();
      if (customer.unreachableAt && !customer.connectedAt) return;
      await setEInvoiceAcceptance(tx, customer.id, null, this.#now());
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: customer.ownerId,
        action: 'customer.e_invoice_unreachable',
        data: {
          customerId: customer.id,
          before: { participantId: customer.participantId, acceptedBy: customer.acceptedBy },
        },
        ip: actor.ip,
      });
    });
    return this.get(em, customerId);
  }

  async get(em: EntityManager, customerId: string): Promise<EInvoiceRecipient> {
    const row = await sqlRow<Row>(em, `${SELECT} where c."id" = ? and c."deleted_at" is null`, [customerId]);
    if (!row) throw notFound();
    return recipientOf(row, this.#now());
  }

  /**
   * E-invoice customers (of every freelancer): `waiting` those that have not accepted and have waiting invoices,
   * oldest wait first; `reachable` those that have accepted, latest first.
   */
  async list(
    em: EntityManager,
    query: { status: RecipientStatus; q?: string | undefined; page: number; pageSize: number },
  ): Promise<{ items: EInvoiceRecipient[]; total: number }> {
    const where = [`c."deleted_at" is null`, `c."e_invoice"`];
    const params: unknown[] = [];
    if (query.status === 'waiting') where.push(`c."e_invoice_connected_at" is null`, `w."waiting" > 0`);
    else where.push(`c."e_invoice_connected_at" is not null`);
    const q = query.q?.trim().toLowerCase();
    if (q) {
      const digits = q.replace(/\D/g, '');
      where.push(
        digits.length >= 4
          ? `(lower(c."name") like ? or regexp_replace(coalesce(c."government_id", ''), '\\D', '', 'g') like ?)`
          : `lower(c."name") like ?`,
      );
      params.push(containsPattern(q), ...(digits.length >= 4 ? [`%${digits}%`] : []));
    }
    const order =
      query.status === 'waiting' ? `r."oldest" asc, r."customer_id"` : `r."accepted_at" desc, r."customer_id"`;
    const rows = await sqlRows<Row>(
      em,
      `select *, count(*) over ()::int as "total" from (${SELECT} where ${where.join(' and ')}) r
       order by ${order} limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && query.page > 1) {
      total =
        (
          await sqlRow<{ n: number }>(
            em,
            `select count(*)::int as "n" from (${SELECT} where ${where.join(' and ')}) r`,
            params,
          )
        )?.n ?? 0;
    }
    const now = this.#now();
    return { items: rows.map((row) => recipientOf(row, now)), total };
  }

  async #accept(
    tx: EntityManager,
    customer: AcceptanceSubject,
    acceptance: { participantId: string; source: EInvoiceAcceptanceSource; actor: Actor | null },
  ): Promise<void> {
    const at = customer.connectedAt ?? this.#now();
    await setEInvoiceAcceptance(tx, customer.id, {
      connectedAt: at,
      participantId: acceptance.participantId,
      acceptedBy: acceptance.source,
    });
    await recordAuditEvent(tx, {
      actorUserId: acceptance.actor?.userId ?? null,
      subjectUserId: customer.ownerId,
      action: 'customer.e_invoice_reachable',
      data: {
        customerId: customer.id,
        participantId: acceptance.participantId,
        source: acceptance.source,
        before: customer.connectedAt
          ? { participantId: customer.participantId, acceptedBy: customer.acceptedBy }
          : null,
      },
      ip: acceptance.actor?.ip ?? null,
    });
    // Committed with the acceptance, or not at all: a crash in between loses neither.
    await this.#jobs.send(RELEASE_QUEUE, { ownerId: customer.ownerId }, { em: tx });
  }
}
