// What other modules may use of the payments module (lint refuses imports of any other file in modules/payments): the
// operator's reports read its payments, salary items, payouts and files through here.
export {
  paymentsForReports,
  payoutFiles,
  payoutsInFiles,
  salaryItemsBooked,
  type ReportPayment,
  type ReportPayout,
  type ReportPayoutFile,
  type ReportSalaryItem,
} from './reporting.ts';
