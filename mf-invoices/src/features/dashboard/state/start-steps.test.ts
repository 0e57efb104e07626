import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Profile } from '../api/start-data.ts';
import { allDone, startSteps } from './start-steps.ts';

const newUser = {
  firstName: 'Anna',
  lastName: 'Andersson',
  phoneNumber: null,
  address: null,
  governmentId: null,
} as unknown as Profile;
const complete = {
  ...newUser,
  phoneNumber: '+46701234567',
  address: { id: 'a', streetName: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm', country: 'SE' },
  governmentId: '199001011239',
} as unknown as Profile;

test('a new user: nothing is ticked, and each step links to the field that finishes it', () => {
  const steps = startSteps({ profile: newUser, bankRegistered: false, customers: 0, sentInvoices: 0 });
  assert.deepEqual(
    steps.map((s) => [s.id, s.done, s.to]),
    [
      ['profile', false, '/dashboard/profile#profile-phone-number'],
      ['governmentId', false, '/dashboard/profile#profile-government-id'],
      ['bank', false, 'bank-registration'],
      ['customer', false, '/dashboard/customers/create'],
      ['invoice', false, '/quotations/create'],
    ],
  );
  assert.equal(allDone(steps), false);
});

test('the steps tick from the data, and the list is done only when every step is known and done', () => {
  const steps = startSteps({ profile: complete, bankRegistered: true, customers: 2, sentInvoices: 1 });
  assert.ok(steps.every((s) => s.done));
  assert.equal(allDone(steps), true);
  // Unknown bank details (the call failed): not guessed, and the list stays.
  const unknown = startSteps({ profile: complete, bankRegistered: null, customers: 2, sentInvoices: 1 });
  assert.equal(
    unknown.some((s) => s.id === 'bank'),
    false,
  );
  assert.equal(allDone(unknown), false);
});
