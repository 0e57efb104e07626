// The payments module's services, as module.ts builds them (createPaymentServices) and its routes and seed use them;
// in a file of its own so that those do not import module.ts, which imports them.
import type { PaymentEmails } from './emails.ts';
import type { IncomingPayments } from './incoming-payments.ts';
import type { Payouts } from './payouts.ts';
import type { Payslips } from './payslips.ts';
import type { Salaries } from './salaries.ts';
import type { UpcomingPayouts } from './upcoming-payouts.ts';
import type { VacationPay } from './vacation-pay.ts';

export interface PaymentServices {
  incoming: IncomingPayments;
  payouts: Payouts;
  salaries: Salaries;
  payslips: Payslips;
  emails: PaymentEmails;
  vacationPay: VacationPay;
  upcoming: UpcomingPayouts;
}
