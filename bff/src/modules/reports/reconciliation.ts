// The reconciliation of a period (docs/product/back-office.md#reconciliation): every identity between what was
// invoiced, paid in, paid out, declared and booked, each side computed from a different source, to the öre.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import { accountTotals, ACCOUNTS, type AccountKey, type LedgerVoucher } from '../../domain/bookkeeping.ts';
import { employerDeclarationFigures } from '../../domain/employer-declaration.ts';
import { ecSalesList } from '../../domain/vat-return.ts';
import { payoutFiles, type ReportPayout } from '../payments/public.ts';
import { ACCOUNT_NAMES, booksOf, rangeOf } from './books.ts';
import { paidByPayout, paidSalaries } from './employer-declarations.ts';
import { vatFiguresOf } from './vat.ts';

type Check = components['schemas']['ReconciliationCheck'];

function check(id: string, left: number, right: number, terms: Record<string, number> = {}): Check {
  return { id, ok: left === right, left, right, difference: left - right, terms };
}

/**
 * Tax withheld and contributions a payout made due, read straight from the stored columns (not through the
 * declaration's arithmetic): a salary payout's items as paid, a vacation pay payout's own tax and contributions.
 */
function owedBy(payout: ReportPayout): number {
  if (payout.vacationPay) return payout.vacationPay.incomeTaxAmount + payout.vacationPay.socialFeeAmount;
  return payout.items.reduce((s, i) => s + i.incomeTaxAmount + i.socialFeeAmount - i.savedVacationPaySocialFee, 0);
}

export async function reconciliation(
  em: EntityManager,
  fromText: string,
  toText: string,
): Promise<components['schemas']['Reconciliation']> {
  const { from, to } = rangeOf(fromText, toText);
  const { vouchers, payments, payouts } = await booksOf(em, from, to);
  const { documents, figures } = await vatFiguresOf(em, from, to);
  const { parts } = await paidSalaries(em, from, to);
  const declaration = employerDeclarationFigures(parts);
  const files = await payoutFiles(em, from, to);

  const totals = accountTotals(vouchers);
  const debit = (key: AccountKey) => totals.get(ACCOUNTS[key].number)?.debit ?? 0;
  const credit = (key: AccountKey) => totals.get(ACCOUNTS[key].number)?.credit ?? 0;
  const netCredit = (...keys: AccountKey[]) => keys.reduce((s, k) => s + credit(k) - debit(k), 0);
  const ofKinds = (kinds: LedgerVoucher['kind'][], account: AccountKey) =>
    vouchers
      .filter((v) => kinds.includes(v.kind))
      .flatMap((v) => v.transactions)
      .filter((t) => t.account === ACCOUNTS[account].number)
      .reduce((s, t) => s + t.amount, 0);

  const boxes = figures.boxes;
  const checks: Check[] = [
    check('vat_box_05', boxes['05'], netCredit('sales25', 'sales12', 'sales6')),
    check('vat_box_10', boxes['10'], netCredit('outputVat25')),
    check('vat_box_11', boxes['11'], netCredit('outputVat12')),
    check('vat_box_12', boxes['12'], netCredit('outputVat6')),
    check('vat_box_36', boxes['36'], netCredit('goodsOutsideEu')),
    check('vat_box_39', boxes['39'], netCredit('servicesEu')),
    check('vat_box_40', boxes['40'], netCredit('servicesOutsideEu')),
    check('vat_box_41', boxes['41'], netCredit('domesticReverseCharge')),
    check('vat_box_42', boxes['42'], netCredit('salesExempt')),
    check('vat_box_48', boxes['48'], -netCredit('inputVat')),
    check(
      'ec_sales_list',
      ecSalesList(documents).reduce((s, l) => s + l.services, 0),
      boxes['39'],
    ),
  ];

  // Paid in: the payments' own SEK (a deduction taking money out) against the bank lines of the payment vouchers.
  const inPeriod = payments.filter((p) => p.paymentDate >= from && p.paymentDate <= to);
  const paidIn = inPeriod.reduce((s, p) => s + (p.kind === 'deduction' ? -p.sekAmount : p.sekAmount), 0);
  checks.push(check('paid_in', paidIn, ofKinds(['payment', 'deduction'], 'bank')));

  // The payout files of the period against the bank lines of their payouts.
  const fileSums = files.reduce((s, f) => s + f.controlSum, 0);
  checks.push(check('payout_files', fileSums, -ofKinds(['payout'], 'bank')));

  // Salaries paid out: the declaration's cash gross less tax against the files, less the payouts denied since, less the
  // tax-free reimbursements the payouts carried.
  const executed = payouts.filter((p) => p.executionDate >= from && p.executionDate <= to);
  const denied = executed.filter((p) => p.status === 'failed_after_complete');
  const paidOut = executed.filter((p) => p.status !== 'failed_after_complete');
  const deniedAmount = denied.reduce((s, p) => s + p.amount, 0);
  const reimbursements = paidOut.reduce((s, p) => s + paidByPayout(p).reimbursements, 0);
  checks.push(
    check(
      'salaries_paid_out',
      declaration.totals.cashGross - declaration.totals.taxWithheld,
      fileSums - deniedAmount - reimbursements,
      { payoutFiles: fileSums, denied: -deniedAmount, reimbursements: -reimbursements },
    ),
  );

  // Owed to Skatteverket: the declaration's 487 + 497 against the salary items' own stored figures.
  const stored = paidOut.reduce((s, p) => s + owedBy(p), 0);
  checks.push(check('owed_to_skatteverket', declaration.totals.toPay, stored));

  // …and against the books (2710 + 2731): a denial is booked on its day, so a payout of the period denied after it is
  // still in the books of the period, and a denial in the period of an earlier payout is in them too.
  const reversalDay = (p: ReportPayout) => (p.deniedOn && p.deniedOn > p.executionDate ? p.deniedOn : p.executionDate);
  const deniedAfter = denied.filter((p) => reversalDay(p) > to).reduce((s, p) => s + owedBy(p), 0);
  const deniedOfEarlier = payouts
    .filter((p) => p.executionDate < from && p.status === 'failed_after_complete' && reversalDay(p) >= from)
    .reduce((s, p) => s + owedBy(p), 0);
  const books = netCredit('withheldTax', 'employerContributions');
  checks.push(
    check('skatteverket_in_books', declaration.totals.toPay, books - deniedAfter + deniedOfEarlier, {
      books,
      deniedAfterPeriod: -deniedAfter,
      deniedInPeriodOfEarlierPayouts: deniedOfEarlier,
    }),
  );

  const unbalanced = vouchers.filter((v) => v.transactions.reduce((s, t) => s + t.amount, 0) !== 0).length;
  checks.push(check('vouchers_balance', vouchers.length, vouchers.length - unbalanced));

  return {
    from,
    to,
    ok: checks.every((c) => c.ok),
    checks,
    vouchers: { count: vouchers.length, unbalanced },
    accounts: [...totals.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([account, t]) => ({
        account,
        name: ACCOUNT_NAMES.get(account) ?? account,
        debit: t.debit,
        credit: t.credit,
      })),
  };
}
