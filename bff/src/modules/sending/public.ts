// What other modules may use of the sending module (lint refuses imports of any other file in modules/sending): the
// checks it adds to an invoice's problems, which the invoices module's own service runs too.
import type { AppServices } from '../../platform/http/context.ts';
import { createBankingService } from '../banking/public.ts';
import type { InvoiceProblem, OwnerCheck } from '../invoices/public.ts';
import { blocklistProblems } from './service.ts';

/** Problem 4 (no registered bank details: the invoice then waits) and 17 (a blocklisted recipient). */
export function sendingOwnerChecks(services: AppServices): OwnerCheck[] {
  const banking = createBankingService(services);
  const bankDetails: OwnerCheck = async (em, freelancer): Promise<InvoiceProblem[]> =>
    (await banking.hasBankDetails(em, freelancer.id))
      ? []
      : [
          {
            code: 'bank_details_missing',
            problemCode: 4,
            field: 'bankDetails',
            message: 'Register your bank details: the invoice waits until they are registered',
            fix: { screen: 'bank_details', step: null, customerId: null },
          },
        ];
  const blocklist: OwnerCheck = (em, _freelancer, details) => blocklistProblems(em, details);
  return [bankDetails, blocklist];
}
