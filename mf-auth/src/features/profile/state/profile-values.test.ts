import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Profile } from '../api/profile.ts';
import { fieldOfPath, fromProfile, toUpdate, validateProfile } from './profile-values.ts';

const profile = {
  email: 'ingrid@example.com',
  firstName: 'Ingrid',
  lastName: 'Åberg',
  alternateEmail: null,
  phoneNumber: null,
  address: null,
  governmentId: null,
  incomeTaxRate: 30,
  pensionRate: 0,
  payoutPreference: 'payout_monthly',
  saveVacationPay: false,
  preferredLocale: 'sv',
} as unknown as Profile;

test('one update carries every section that changed, and nothing else', () => {
  const saved = fromProfile(profile, 'sv');
  const edited = {
    ...saved,
    phoneNumber: '070-123 45 67',
    streetName: 'Storgatan 1',
    postalCode: '111 22',
    city: 'Stockholm',
    incomeTaxRate: '32,5',
    payoutPreference: 'payout_immediate' as const,
    saveVacationPay: true,
  };
  assert.deepEqual(toUpdate(edited, saved), {
    phoneNumber: '070-123 45 67',
    address: { streetName: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm', country: 'SE' },
    incomeTaxRate: 32.5,
    payoutPreference: 'payout_immediate',
    saveVacationPay: true,
  });
  assert.deepEqual(toUpdate(saved, saved), {});
  // The same rate typed another way is no change.
  assert.deepEqual(toUpdate({ ...saved, incomeTaxRate: '30,00' }, saved), {});
});

test('an untouched empty address or personnummer is not in the way of saving the rest', () => {
  const saved = fromProfile(profile, 'sv');
  assert.deepEqual(validateProfile({ ...saved, firstName: 'Inga' }, saved), {});
  const started = validateProfile({ ...saved, city: 'Stockholm' }, saved);
  assert.deepEqual(Object.keys(started).sort(), ['postalCode', 'streetName']);
  const withId = fromProfile({ ...profile, governmentId: '199001011239' } as Profile, 'sv');
  assert.equal(withId.governmentId, '19900101-1239');
  assert.deepEqual(validateProfile({ ...withId, governmentId: '' }, withId), { governmentId: { code: 'required' } });
});

test('the BFF names address fields by their path', () => {
  assert.equal(fieldOfPath('address.postalCode'), 'postalCode');
  assert.equal(fieldOfPath('incomeTaxRate'), 'incomeTaxRate');
  assert.equal(fieldOfPath('somethingElse'), undefined);
});

test('the reminder defaults: read from the profile, and only a change is sent (none is null)', () => {
  const saved = fromProfile({ ...profile, reminderInterval: null, reminderFee: false } as Profile, 'sv');
  assert.equal(saved.reminderInterval, 'off');
  assert.equal(saved.reminderFee, false);
  assert.deepEqual(toUpdate({ ...saved, reminderInterval: '14', reminderFee: true }, saved), {
    reminderInterval: 14,
    reminderFee: true,
  });
  const seven = fromProfile({ ...profile, reminderInterval: 7, reminderFee: true } as Profile, 'sv');
  assert.equal(seven.reminderInterval, '7');
  assert.deepEqual(toUpdate({ ...seven, reminderInterval: 'off' }, seven), { reminderInterval: null });
  assert.deepEqual(toUpdate(seven, seven), {});
});
