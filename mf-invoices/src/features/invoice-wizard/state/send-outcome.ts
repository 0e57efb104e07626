// What happened to a sent invoice, for the success dialog: on its way (by email or as an e-invoice),
// waiting for the freelancer's bank details, waiting for the customer to accept e-invoices, or
// waiting for an admin's review (spec §4; docs/product/sending.md).
import type { components } from '@frilo/openapi/client';

type Invoice = components['schemas']['Invoice'];

export type SendOutcome = 'email' | 'e_invoice' | 'bank_details' | 'e_invoice_acceptance' | 'admin_review' | 'other';

/** Problems that hold a send back without refusing it: no bank details (4), e-invoice acceptance pending (16, 13). */
export const WAITING_PROBLEM_CODES: ReadonlySet<number> = new Set([4, 13, 16]);

export function sendOutcome(invoice: Pick<Invoice, 'statusName' | 'problemCodes' | 'recipient'>): SendOutcome {
  switch (invoice.statusName) {
    case 'need_admin_approval':
      return 'admin_review';
    case 'quoted':
      if (invoice.problemCodes.includes(4)) return 'bank_details';
      if (invoice.problemCodes.includes(16) || invoice.problemCodes.includes(13)) return 'e_invoice_acceptance';
      return 'other';
    case 'sending':
    case 'sent':
      return invoice.recipient.snapshot?.eInvoice ? 'e_invoice' : 'email';
    default:
      return 'other';
  }
}

/** The problems that refuse a send (the waiting ones only hold it back once sent). */
export function blockingProblems<P extends { problemCode: number | null }>(problems: readonly P[]): P[] {
  return problems.filter((problem) => problem.problemCode === null || !WAITING_PROBLEM_CODES.has(problem.problemCode));
}

/** A key for one send: retries of the same send (a double click, a lost answer) reuse it, a new version gets another. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `send-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
