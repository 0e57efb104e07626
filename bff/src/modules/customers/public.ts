// What other modules may use of the customers module (lint refuses imports of any other file in modules/customers).
import type { EntityManager } from '@mikro-orm/postgresql';
import { customerProblems, type CustomerProblem } from '../../domain/customer-rules.ts';
import { runSql, type SqlRunner } from '../../platform/db/sql.ts';
import type { AppServices } from '../../platform/http/context.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import { RateLimiter } from '../../platform/rate-limit.ts';
import { CustomerEmails } from './emails.ts';
import { Customer, type CustomerRecord } from './entities.ts';
import { CustomerRepository } from './repository.ts';
import { CustomerService } from './service.ts';
import { detailsOf, evaluationContextOf } from './views.ts';

export type { Customer } from './entities.ts';
export type { CustomerCreateInput, CustomerService } from './service.ts';

/** The customers service, e.g. for the invoice module's `getSelectableCustomer`; it holds no state of its own. */
export function createCustomerService(services: AppServices, translations: Translations): CustomerService {
  return new CustomerService({
    repository: new CustomerRepository(),
    emails: new CustomerEmails(services, translations),
    limiter: new RateLimiter(services.config.rateLimits),
  });
}

/** The repository `customerById` reads through (it holds no state). */
const repository = new CustomerRepository();

/** A customer by id whatever its state, deleted included: an invoice keeps its customer. */
export async function customerById(em: EntityManager, id: string): Promise<Customer> {
  const customer = await repository.findById(em, id);
  if (!customer) throw new Error(`Customer ${id} not found`);
  return customer;
}

/** What about a stored customer blocks sending an invoice to it, by the customers rules (problem codes). */
export function sendingProblemsOf(customer: CustomerRecord, today: string): CustomerProblem[] {
  return customerProblems(detailsOf(customer), evaluationContextOf(customer, today));
}

/** The id of the owner's live customer with exactly this name, or null (demo data is created once). */
export async function liveCustomerIdByName(em: EntityManager, ownerId: string, name: string): Promise<string | null> {
  const customer = await em.findOne(Customer, { ownerId, name, deletedAt: null }, { fields: ['id'] });
  return customer?.id ?? null;
}

/** Once an invoice has been sent to a customer its government id may not change (docs/product/customers.md). */
export async function lockGovernmentId(db: SqlRunner, customerId: string, at: Date): Promise<void> {
  await runSql(
    db,
    `update "customer" set "government_id_locked_at" = ? where "id" = ? and "government_id_locked_at" is null returning "id"`,
    [at.toISOString(), customerId],
  );
}

export type EInvoiceAcceptanceSource = 'directory' | 'admin';

/** A live customer as the e-invoice acceptance reads it (sending's acceptance.ts), locked for the caller's transaction. */
export interface AcceptanceSubject {
  id: string;
  ownerId: string;
  type: string;
  name: string;
  governmentId: string | null;
  vatNumber: string | null;
  email: string | null;
  country: string;
  eInvoice: boolean;
  connectedAt: Date | null;
  participantId: string | null;
  acceptedBy: EInvoiceAcceptanceSource | null;
  /** An admin said it is not reachable (the directory does not overrule that). */
  unreachableAt: Date | null;
}

/** The live customer, its row locked until the transaction ends (acceptances of one customer take turns); null if none. */
export async function lockForEInvoiceAcceptance(
  em: EntityManager,
  customerId: string,
): Promise<AcceptanceSubject | null> {
  const [row] = await em.getConnection().execute<AcceptanceSubject[]>(
    `select "id", "owner_id" as "ownerId", "type", "name", "government_id" as "governmentId", "vat_number" as "vatNumber",
       "email", "address_country" as "country", "e_invoice" as "eInvoice", "e_invoice_connected_at" as "connectedAt",
       "e_invoice_participant_id" as "participantId", "e_invoice_accepted_by" as "acceptedBy",
       "e_invoice_unreachable_at" as "unreachableAt"
     from "customer" where "id" = ? and "deleted_at" is null for update`,
    [customerId],
    'all',
    em.getTransactionContext(),
  );
  return row
    ? {
        ...row,
        connectedAt: row.connectedAt ? new Date(row.connectedAt) : null,
        unreachableAt: row.unreachableAt ? new Date(row.unreachableAt) : null,
      }
    : null;
}

/**
 * Sets the customer's e-invoice acceptance, or (null) withdraws it, an admin having said at `unreachableAt` that it is
 * not reachable. The customer's version is left alone: acceptance is not part of what the freelancer edits, so an
 * edit open in their browser stays valid.
 */
export async function setEInvoiceAcceptance(
  em: EntityManager,
  customerId: string,
  acceptance: { connectedAt: Date; participantId: string; acceptedBy: EInvoiceAcceptanceSource } | null,
  unreachableAt: Date | null = null,
): Promise<void> {
  await em.getConnection().execute(
    `update "customer" set "e_invoice_connected_at" = ?, "e_invoice_participant_id" = ?, "e_invoice_accepted_by" = ?,
       "e_invoice_directory_checked_at" = null, "e_invoice_unreachable_at" = ? where "id" = ?`,
    [
      acceptance?.connectedAt ?? null,
      acceptance?.participantId ?? null,
      acceptance?.acceptedBy ?? null,
      acceptance ? null : unreachableAt,
      customerId,
    ],
    'run',
    em.getTransactionContext(),
  );
}

/** The directory was asked about the customer and did not list it. */
export async function markDirectoryChecked(em: EntityManager, customerId: string, at: Date): Promise<void> {
  await em.nativeUpdate(Customer, { id: customerId }, { eInvoiceDirectoryCheckedAt: at });
}
