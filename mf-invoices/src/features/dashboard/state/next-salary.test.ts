import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DashboardSummary } from '../api/dashboard-summary.ts';
import { nextSalary } from './next-salary.ts';

const empty = {
  outstanding: [],
  overdue: [],
  paidThisMonth: [],
  drafts: 0,
  nextPayout: { date: '2026-12-21', estimatedAmount: 0, invoiceCount: 0 },
  recentInvoices: [],
} as unknown as DashboardSummary;

test('with nothing invoiced the card says so instead of a date', () => {
  assert.deepEqual(nextSalary(empty, 'payout_monthly'), { kind: 'nothing', preference: 'payout_monthly' });
});

test('invoices out but not paid: waiting for payment, no date', () => {
  const waiting = { ...empty, outstanding: [{ currency: 'SEK', amount: 1250000 }] } as unknown as DashboardSummary;
  assert.deepEqual(nextSalary(waiting, 'payout_immediate'), { kind: 'waiting', preference: 'payout_immediate' });
});

test('paid money to pay out: the day and the estimate', () => {
  const paid = {
    ...empty,
    nextPayout: { date: '2026-12-21', estimatedAmount: 1845000, invoiceCount: 2 },
  } as unknown as DashboardSummary;
  assert.deepEqual(nextSalary(paid, 'payout_monthly'), {
    kind: 'date',
    date: '2026-12-21',
    amount: 1845000,
    invoices: 2,
    preference: 'payout_monthly',
  });
});
