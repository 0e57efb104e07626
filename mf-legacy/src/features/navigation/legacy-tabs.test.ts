import { test } from 'node:test';
import assert from 'node:assert/strict';
import { activeLegacyTab, LEGACY_TABS } from './legacy-tabs.ts';

test('old invoices and old payouts', () => {
  assert.deepEqual(
    LEGACY_TABS.map((tab) => tab.id),
    ['invoices', 'payouts'],
  );
  assert.equal(activeLegacyTab('/dashboard/legacy/payouts'), 'payouts');
  assert.equal(activeLegacyTab('/dashboard/legacy/invoicesx'), null);
});
