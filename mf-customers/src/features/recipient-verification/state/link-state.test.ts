import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PublicRecipientDetails } from '../api/public-recipient.ts';
import { correctionValues, corrections, linkProblemOf } from './link-state.ts';

const problem = (status: number, code: string) => ({
  status,
  problem: { type: 'about:blank', title: '', status, code },
});

test('each dead link has its own explanation', () => {
  assert.equal(linkProblemOf(problem(410, 'verification_link_used')), 'used');
  assert.equal(linkProblemOf(problem(410, 'verification_link_expired')), 'expired');
  assert.equal(linkProblemOf(problem(410, 'verification_link_superseded')), 'superseded');
  assert.equal(linkProblemOf(problem(410, 'recipient_unavailable')), 'unavailable');
  assert.equal(linkProblemOf(problem(404, 'verification_link_not_found')), 'not_found');
  assert.equal(linkProblemOf(problem(400, 'validation')), 'not_found');
  assert.equal(linkProblemOf({ status: 0, problem: null }), 'unreachable');
  assert.equal(linkProblemOf({ status: 503, problem: null }), 'unreachable');
});

const recipient: PublicRecipientDetails = {
  type: 'organization',
  name: 'Volvo Personvagnar AB',
  governmentId: '556036-0793',
  vatNumber: 'SE556036079301',
  contactPersonEmail: 'anna.berg@volvo.se',
  email: null,
  invoiceLanguage: 'sv',
  address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '405 31', city: 'Göteborg', country: 'SE' },
};

test('confirming as shown sends no corrections', () => {
  assert.deepEqual(corrections(recipient, correctionValues(recipient), false), {});
  assert.deepEqual(
    corrections(recipient, { ...correctionValues(recipient), name: ' Volvo Personvagnar AB ' }, false),
    {},
  );
});

test('only what changed is sent; the address as a whole', () => {
  const values = { ...correctionValues(recipient), email: 'ap@volvo.se', city: 'Torslanda' };
  assert.deepEqual(corrections(recipient, values, false), {
    email: 'ap@volvo.se',
    address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '405 31', city: 'Torslanda', country: 'SE' },
  });
});

test('a cleared optional field is sent as null; a locked id never', () => {
  const values = { ...correctionValues(recipient), vatNumber: '', governmentId: '556036-0794' };
  assert.deepEqual(corrections(recipient, values, true), { vatNumber: null });
});
