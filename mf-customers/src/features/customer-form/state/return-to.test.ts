import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invoiceReturnPath } from './return-to.ts';

test('after saving, back to the new invoice with the customer chosen', () => {
  assert.equal(invoiceReturnPath('', 'u-1'), '/quotations/create?recipient=u-1');
  assert.equal(invoiceReturnPath('?other=1', 'u-1'), '/quotations/create?recipient=u-1');
});

test('or to the invoice the flow came from, given as returnTo', () => {
  assert.equal(
    invoiceReturnPath(`?returnTo=${encodeURIComponent('/quotations/edit/42?step=0')}`, 'u-1'),
    '/quotations/edit/42?step=0&recipient=u-1',
  );
});

test('a returnTo that leaves the site is ignored', () => {
  for (const returnTo of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
    assert.equal(
      invoiceReturnPath(`?returnTo=${encodeURIComponent(returnTo)}`, 'u-1'),
      '/quotations/create?recipient=u-1',
    );
  }
});

test('cancelling a new customer goes back without choosing one', () => {
  assert.equal(invoiceReturnPath(''), '/quotations/create');
  assert.equal(invoiceReturnPath('?returnTo=%2Fquotations%2Fedit%2F7'), '/quotations/edit/7');
});
