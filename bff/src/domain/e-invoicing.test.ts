// Unit tests for e-invoicing.ts: Swedish public bodies must get e-invoices.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CustomerType } from './customer-details.ts';
import { eInvoiceConnection, isSwedishPublicBody } from './e-invoicing.ts';

const swedishCompany = { type: 'organization' as CustomerType, address: { country: 'se' } };
const municipality = { ...swedishCompany, governmentId: '212000-0142' };

describe('e-invoices', () => {
  it('recognises a Swedish public body by its organisation number group 2', () => {
    assert.equal(isSwedishPublicBody({ ...municipality, governmentId: '212000-0142' }), true);
    assert.equal(isSwedishPublicBody({ ...swedishCompany, governmentId: '556036-0793' }), false);
  });

  it('an e-invoice customer misses its government id only when nothing else addresses it (issue 21)', () => {
    const base = { eInvoice: true, governmentId: null, eInvoiceConnected: true };
    assert.equal(eInvoiceConnection({ ...base, country: 'US' }), 'missing_government_id');
    assert.equal(eInvoiceConnection({ ...base, country: 'NO', participantId: '0192:923609016' }), 'fully_connected');
    assert.equal(eInvoiceConnection({ ...base, country: 'DE', vatNumber: 'DE811569869' }), 'fully_connected');
    assert.equal(
      eInvoiceConnection({ ...base, eInvoiceConnected: false, country: 'DE', vatNumber: 'DE811569869' }),
      'not_connected',
    );
    assert.equal(eInvoiceConnection({ ...base, governmentId: 'HRB 12345', country: 'DE' }), 'fully_connected');
    assert.equal(eInvoiceConnection({ ...base, eInvoice: false }), null);
  });
});
