import { test } from 'node:test';
import assert from 'node:assert/strict';
import { activeSalaryTab, SALARY_TABS } from './salary-tabs.ts';

test('transactions first, then the estimate', () => {
  assert.deepEqual(
    SALARY_TABS.map((tab) => tab.to),
    ['/dashboard/salaries/transactions', '/dashboard/salaries/estimate'],
  );
});

test('the URL picks the tab', () => {
  assert.equal(activeSalaryTab('/dashboard/salaries/estimate'), 'estimate');
  assert.equal(activeSalaryTab('/dashboard/salaries/transactions/12'), 'transactions');
  assert.equal(activeSalaryTab('/dashboard/salaries'), null);
});
