// The home screen's figures: what customers owe, what came in this month, drafts, and the next payout's estimate
// (replaced by the payments module's real salary items once they exist).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import { monthlyPayoutDateOf, payoutDate } from '../../domain/bank-days.ts';
import { parseIsoDate } from '../../domain/calendar-date.ts';
import { INVOICE_STATE_KEYS, isInvoiceEditable } from '../../domain/invoice-status.ts';
import { loadFreelancer } from './freelancer.ts';
import type { SalaryEstimates } from './salary-estimates.ts';
import type { InvoiceService } from './service.ts';
import { invoiceSummaryView } from './views.ts';

export type DashboardSummaryView = components['schemas']['DashboardSummary'];

/** At most this many paid invoices go into the payout estimate (each is a salary computation). */
const PAYOUT_ESTIMATE_INVOICES = 50;
const EDITABLE_STATES = INVOICE_STATE_KEYS.filter(isInvoiceEditable);

/** The latest monthly payout day on or before `today`: salary paid since then goes out with the next payout. */
export function lastPayoutDay(today: string): string {
  const day = parseIsoDate(today)!;
  const thisMonth = monthlyPayoutDateOf(day.year, day.month);
  if (thisMonth <= today) return thisMonth;
  return day.month === 1 ? monthlyPayoutDateOf(day.year - 1, 12) : monthlyPayoutDateOf(day.year, day.month - 1);
}

export class Dashboard {
  readonly #invoices: InvoiceService;
  readonly #estimates: SalaryEstimates;

  constructor(invoices: InvoiceService, estimates: SalaryEstimates) {
    this.#invoices = invoices;
    this.#estimates = estimates;
  }

  async summary(em: EntityManager, userId: string): Promise<DashboardSummaryView> {
    const today = this.#invoices.today();
    const repository = this.#invoices.repository;
    const outstandingStates = ['sent', 'partially_paid'] as const;
    const [outstanding, overdue, paidThisMonth, drafts, recent, freelancer] = await Promise.all([
      repository.sumsByCurrency(em, userId, [...outstandingStates], { outstanding: true }),
      repository.sumsByCurrency(em, userId, [...outstandingStates], { outstanding: true, dueBefore: today }),
      repository.sumsByCurrency(em, userId, ['paid'], { paidSinceDay: `${today.slice(0, 8)}01` }),
      repository.countInStates(em, userId, EDITABLE_STATES),
      repository.list(em, userId, { states: [], page: 1, pageSize: 5, sort: 'updatedAt', order: 'desc' }),
      loadFreelancer(em, userId, today),
    ]);
    const paid = await repository.paidSince(em, userId, lastPayoutDay(today), PAYOUT_ESTIMATE_INVOICES);
    let estimatedAmount = 0;
    for (const invoice of paid) {
      const estimate = await this.#estimates.forInvoice(em, await this.#invoices.load(em, invoice)).catch(() => null);
      estimatedAmount += estimate?.payout ?? 0;
    }
    return {
      outstanding,
      overdue,
      paidThisMonth,
      drafts,
      nextPayout: {
        date: payoutDate(freelancer.payoutPreference, today),
        estimatedAmount,
        invoiceCount: paid.length,
      },
      recentInvoices: recent.items.map((row) => invoiceSummaryView(row, today)),
    };
  }
}
