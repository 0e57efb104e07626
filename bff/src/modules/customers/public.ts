// What other modules may use of the customers module (lint refuses imports of any other file in modules/customers).
import type { EntityManager } from '@mikro-orm/postgresql';
import { customerProblems, type CustomerProblem } from '../../domain/customer-rules.ts';
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

/** A customer by id whatever its state, deleted included: an invoice keeps its customer. */
export function customerById(em: EntityManager, id: string): Promise<Customer> {
  return em.findOneOrFail(Customer, { id });
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
export async function lockGovernmentId(em: EntityManager, customerId: string, at: Date): Promise<void> {
  await em.nativeUpdate(Customer, { id: customerId, governmentIdLockedAt: null }, { governmentIdLockedAt: at });
}
