// The one place the invoices module reads the customers module (through its public entry): which customer an invoice
// may go to, and what about that customer blocks sending.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerProblem } from '../../domain/customer-rules.ts';
import { customerById, sendingProblemsOf, type Customer, type CustomerService } from '../customers/public.ts';

export type Recipient = Customer;

export class Recipients {
  readonly #customers: CustomerService;

  constructor(customers: CustomerService) {
    this.#customers = customers;
  }

  /** A live customer of the owner: not found for an unknown or another owner's, gone (`recipient_unavailable`) if deleted. */
  selectable(em: EntityManager, ownerId: string, id: string): Promise<Recipient> {
    return this.#customers.getSelectableCustomer(em, ownerId, id);
  }

  /** The invoice's customer, deleted or not (an invoice keeps its customer). */
  async ofInvoice(em: EntityManager, customerId: string): Promise<Recipient> {
    return customerById(em, customerId);
  }

  /** What blocks sending to this customer (docs/product/errors.md#problem-codes), as the customers module's rules say. */
  problems(customer: Recipient, today: string): CustomerProblem[] {
    return sendingProblemsOf(customer, today);
  }
}
