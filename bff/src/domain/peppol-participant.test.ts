import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { participantIdFor } from './peppol-participant.ts';

describe('Peppol participant of a customer', () => {
  test('a Swedish organisation by its organisation number (0007)', () => {
    assert.deepEqual(
      participantIdFor({ country: 'SE', governmentId: '556677-8899', vatNumber: 'SE556677889901', email: null }),
      { scheme: '0007', id: '5566778899', peppol: true },
    );
  });
  test('an EU business by its VAT number under its country scheme', () => {
    assert.deepEqual(
      participantIdFor({ country: 'DE', governmentId: null, vatNumber: 'DE123456788', email: 'x@y.de' }),
      {
        scheme: '9930',
        id: 'DE123456788',
        peppol: true,
      },
    );
    assert.equal(
      participantIdFor({ country: 'GR', governmentId: null, vatNumber: 'EL123456789', email: null })?.scheme,
      '9933',
    );
  });
  test('a private person only by email (EM, not routable in Peppol); nothing without one', () => {
    assert.deepEqual(
      participantIdFor({ country: 'SE', governmentId: '198112189876', vatNumber: null, email: 'a@b.se' }),
      {
        scheme: 'EM',
        id: 'a@b.se',
        peppol: false,
      },
    );
    assert.equal(participantIdFor({ country: 'US', governmentId: null, vatNumber: null, email: null }), null);
  });
});
