import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  norwegianOrganisationNumber,
  parseParticipantIdText,
  participantIdFor,
  peppolAddressOf,
} from './peppol-participant.ts';

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
  test('a Norwegian organisation by its organisation number (0192), from the government id or the VAT number', () => {
    assert.deepEqual(participantIdFor({ country: 'NO', governmentId: '923 609 016', vatNumber: null, email: null }), {
      scheme: '0192',
      id: '923609016',
      peppol: true,
    });
    assert.equal(
      participantIdFor({ country: 'NO', governmentId: null, vatNumber: 'NO923609016MVA', email: null })?.id,
      '923609016',
    );
    assert.equal(norwegianOrganisationNumber('923609017'), null, 'a wrong check digit');
    assert.equal(norwegianOrganisationNumber('987654325'), '987654325');
    assert.equal(
      participantIdFor({ country: 'NO', governmentId: '923609017', vatNumber: null, email: 'a@b.no' })?.scheme,
      'EM',
    );
  });
  test('what an admin or the Peppol Directory recorded wins over anything derived (e.g. a GLN, 0088)', () => {
    assert.deepEqual(
      participantIdFor({
        country: 'SE',
        governmentId: '556677-8899',
        vatNumber: null,
        email: null,
        recorded: '0088:7300010000001',
      }),
      { scheme: '0088', id: '7300010000001', peppol: true },
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

describe('a participant id as an admin types it', () => {
  test('0007 takes a Swedish organisation number, with or without the dash, and keeps its ten digits', () => {
    assert.deepEqual(parseParticipantIdText('0007:556036-0793'), { valid: true, normalised: '0007:5560360793' });
    assert.deepEqual(parseParticipantIdText(' 0007:5560360793 '), { valid: true, normalised: '0007:5560360793' });
    assert.deepEqual(parseParticipantIdText('iso6523-actorid-upis::0007:5560360793'), {
      valid: true,
      normalised: '0007:5560360793',
    });
  });
  test('0007 with a number that is not an organisation number (bad check digit) is refused', () => {
    assert.deepEqual(parseParticipantIdText('0007:5560360794'), {
      valid: false,
      error: 'invalid_organisation_number',
    });
  });
  test('other schemes: four digits, a colon, an id; letters upper-cased', () => {
    assert.deepEqual(parseParticipantIdText('9930:de123456788'), { valid: true, normalised: '9930:DE123456788' });
    assert.deepEqual(parseParticipantIdText('0088:7300010000001'), { valid: true, normalised: '0088:7300010000001' });
    for (const bad of [
      '',
      '5560360793',
      '7:5560360793',
      '0007:',
      'abcd:123',
      '0088:a b<c>',
      `0088:${'1'.repeat(51)}`,
    ]) {
      assert.equal(parseParticipantIdText(bad).valid, false, bad);
    }
  });
  test('the Peppol address of a customer: only schemes the network routes on', () => {
    assert.equal(
      peppolAddressOf({ country: 'SE', governmentId: '556036-0793', vatNumber: null, email: 'a@b.se' }),
      '0007:5560360793',
    );
    assert.equal(
      peppolAddressOf({ country: 'SE', governmentId: '198112189876', vatNumber: null, email: 'a@b.se' }),
      null,
    );
  });
});
