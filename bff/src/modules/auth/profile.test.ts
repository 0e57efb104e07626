import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, confirmedUser, signUpBody, uniqueEmail } from './test-helpers.ts';

const fieldsOf = (body: { errors: { field: string; code: string }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.field, e.code]));

describe('the profile', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('starts with the spec defaults and says what is missing', async () => {
    const { api, email, userId } = await confirmedUser(t);
    const res = await api.call('getProfile');
    assert.equal(res.status, 200);
    assert.deepEqual(
      { ...res.body, emailConfirmedAt: typeof res.body.emailConfirmedAt },
      {
        id: userId,
        email,
        firstName: 'Anna',
        lastName: 'Andersson',
        displayName: 'Anna Andersson',
        preferredLocale: 'sv',
        emailConfirmedAt: 'string',
        legacy: false,
        phoneNumber: null,
        address: null,
        alternateEmail: null,
        incomeTaxRate: 30,
        pensionRate: 0,
        payoutPreference: 'payout_monthly',
        // "Spara semesterersättning" is off by default: vacation pay comes with every salary.
        saveVacationPay: false,
        // No payment reminders and no reminder fee on new invoices until the freelancer chooses them (decision 0034).
        reminderInterval: null,
        reminderFee: false,
        governmentId: null,
        pendingEmail: null,
      },
    );
    const session = await api.call('getSession');
    assert.equal(session.body.user.hasGovernmentId, false);
    assert.equal(session.body.user.hasPhoneNumber, false);
  });

  test('any subset of fields can change; values are normalised; the rest stays', async () => {
    const { api } = await confirmedUser(t);
    const res = await api.call('updateProfile', {
      body: {
        phoneNumber: '070-123 45 67',
        governmentId: '811218-9876',
        incomeTaxRate: 32.5,
        pensionRate: 4.5,
        payoutPreference: 'payout_immediate',
        preferredLocale: 'en',
        alternateEmail: 'Anna.Private@Example.COM',
        address: { streetName: 'Storgatan 1', postalCode: '11434', city: 'Stockholm', country: 'SE' },
      },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.phoneNumber, '+46701234567');
    assert.equal(res.body.governmentId, '198112189876');
    assert.equal(res.body.incomeTaxRate, 32.5);
    assert.equal(res.body.pensionRate, 4.5);
    assert.equal(res.body.payoutPreference, 'payout_immediate');
    assert.equal(res.body.preferredLocale, 'en');
    assert.equal(res.body.alternateEmail, 'Anna.Private@example.com');
    assert.equal(res.body.address.postalCode, '114 34');
    assert.match(res.body.address.id, /^[0-9a-f-]{36}$/);
    assert.equal(res.body.firstName, 'Anna');

    const stored = await t.sql(`select income_tax_rate::text, pension_rate::text from app_user where id = $1`, [
      res.body.id,
    ]);
    assert.deepEqual(stored.rows[0], { income_tax_rate: '32.50', pension_rate: '4.50' });

    const renamed = await api.call('updateProfile', {
      body: {
        firstName: ' Berit ',
        address: { streetName: 'Nygatan 2', postalCode: '41101', city: 'Göteborg', country: 'SE' },
      },
    });
    assert.equal(renamed.body.displayName, 'Berit Andersson');
    assert.equal(renamed.body.address.id, res.body.address.id, 'the address keeps its id');
    assert.equal(renamed.body.phoneNumber, '+46701234567');
    assert.equal((await api.call('getSession')).body.user.hasGovernmentId, true);

    const cleared = await api.call('updateProfile', {
      body: { address: null, phoneNumber: null, alternateEmail: null },
    });
    assert.equal(cleared.body.address, null);
    assert.equal(cleared.body.phoneNumber, null);
    assert.equal(cleared.body.alternateEmail, null);
    assert.equal((await api.call('updateProfile', { body: {} })).status, 200);
  });

  test('tax and pension rates stay within their bounds with at most two decimals', async () => {
    const { api } = await confirmedUser(t);
    const res = await api.call('updateProfile', { body: { incomeTaxRate: 61, pensionRate: -1 } });
    assert.equal(res.status, 400);
    const errors = Object.fromEntries(
      res.body.errors.map((e: { field: string; code: string; params: unknown }) => [e.field, [e.code, e.params]]),
    );
    assert.deepEqual(errors, {
      'body.incomeTaxRate': ['too_large', { limit: 60 }],
      'body.pensionRate': ['too_small', { limit: 0 }],
    });
    const precise = await api.call('updateProfile', { body: { incomeTaxRate: 30.125 } });
    assert.deepEqual(fieldsOf(precise.body), { 'body.incomeTaxRate': 'invalid_precision' });
    const edges = await api.call('updateProfile', { body: { incomeTaxRate: 60, pensionRate: 0.01 } });
    assert.equal(edges.body.incomeTaxRate, 60);
    assert.equal(edges.body.pensionRate, 0.01);
    const text = await api.call('updateProfile', { body: { incomeTaxRate: '30' } });
    assert.deepEqual(fieldsOf(text.body), { 'body.incomeTaxRate': 'invalid_type' });
  });

  test('invalid values are refused field by field and nothing changes', async () => {
    const { api } = await confirmedUser(t);
    const res = await api.call('updateProfile', {
      body: {
        firstName: 'Changed',
        governmentId: '811218-9877',
        phoneNumber: '12345',
        alternateEmail: 'broken@',
        address: { streetName: 'Storgatan 1', postalCode: '01234', city: 'Stockholm', country: 'SE' },
      },
    });
    assert.equal(res.status, 400);
    assert.deepEqual(fieldsOf(res.body), {
      'body.governmentId': 'personal_identity_number_invalid',
      'body.phoneNumber': 'phone_number_invalid',
      'body.alternateEmail': 'invalid_format',
      'body.address.postalCode': 'postal_code_invalid',
    });
    const reason = res.body.errors.find((e: { field: string }) => e.field === 'body.governmentId').params.reason;
    assert.equal(reason, 'invalid_checksum');
    assert.equal((await api.call('getProfile')).body.firstName, 'Anna');

    const badDate = await api.call('updateProfile', { body: { governmentId: '19811332-1234' } });
    assert.equal(badDate.body.errors[0].params.reason, 'invalid_date');
    const unknown = await api.call('updateProfile', { body: { email: 'x@example.com', isAdmin: true, legacy: true } });
    assert.deepEqual(fieldsOf(unknown.body), {
      'body.email': 'unknown_field',
      'body.isAdmin': 'unknown_field',
      'body.legacy': 'unknown_field',
    });
    const enums = await api.call('updateProfile', { body: { payoutPreference: 'weekly', preferredLocale: 'de' } });
    assert.deepEqual(fieldsOf(enums.body), {
      'body.payoutPreference': 'invalid_value',
      'body.preferredLocale': 'invalid_value',
    });
    const self = await api.call('updateProfile', {
      body: { alternateEmail: (await api.call('getProfile')).body.email.toUpperCase() },
    });
    assert.deepEqual(fieldsOf(self.body), { 'body.alternateEmail': 'same_as_email' });
    const incomplete = await api.call('updateProfile', { body: { address: { streetName: 'X 1', city: 'Y' } } });
    assert.equal(incomplete.status, 400);
  });

  test('foreign addresses keep their postal code as written', async () => {
    const { api } = await confirmedUser(t);
    const res = await api.call('updateProfile', {
      body: { address: { streetName: 'Karl Johans gate 1', postalCode: '0154', city: 'Oslo', country: 'NO' } },
    });
    assert.equal(res.body.address.postalCode, '0154');
  });

  test('the display name is the email when there is no first name', async () => {
    const { api, email, userId } = await confirmedUser(t);
    await t.sql(`update app_user set first_name = null where id = $1`, [userId]);
    assert.equal((await api.call('getSession')).body.user.displayName, email);
    assert.equal((await api.call('getProfile')).body.displayName, email);
  });

  test('needs a session; changes need a confirmed address', async () => {
    assert.equal((await t.client().call('getProfile')).status, 401);
    assert.equal((await t.client().call('updateProfile', { body: { firstName: 'X' } })).status, 401);
    const email = uniqueEmail('unconfirmed');
    const api = t.client();
    await api.call('signUp', { body: signUpBody(email) });
    await api.call('login', { body: { email, password: PASSWORD } });
    assert.equal((await api.call('getProfile')).status, 200);
    const res = await api.call('updateProfile', { body: { firstName: 'X' } });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'email_not_confirmed');
  });

  test("one user never sees or changes another user's details", async () => {
    const anna = await confirmedUser(t);
    const bob = await confirmedUser(t, uniqueEmail('bob'), { firstName: 'Bob' });
    await anna.api.call('updateProfile', { body: { governmentId: '198112189876', phoneNumber: '0701234567' } });
    const bobsView = await bob.api.call('getProfile');
    assert.equal(bobsView.body.id, bob.userId);
    assert.equal(bobsView.body.governmentId, null);
    assert.equal(bobsView.body.phoneNumber, null);
    await bob.api.call('updateProfile', { body: { firstName: 'Robert' } });
    const annasView = await anna.api.call('getProfile');
    assert.equal(annasView.body.firstName, 'Anna');
    assert.equal(annasView.body.governmentId, '198112189876');
    assert.doesNotMatch(JSON.stringify(bobsView.body), /passwordHash|password_hash|argon2/);
  });

  test('profile changes are audit-logged with the fields, not their values', async () => {
    const { api, userId } = await confirmedUser(t);
    await api.call('updateProfile', { body: { governmentId: '198112189876', pensionRate: 4.5 } });
    const rows = await t.sql(
      `select actor_user_id, subject_user_id, data from audit_event where action = 'user.profile_updated' and subject_user_id = $1`,
      [userId],
    );
    assert.equal(rows.rows.length, 1);
    assert.equal(rows.rows[0].actor_user_id, userId);
    assert.deepEqual(rows.rows[0].data, { fields: ['governmentId', 'pensionRate'] });
  });

  test('one save stores every section and its audit line, or nothing: a failure at the end leaves the profile as it was', async () => {
    const { api, userId } = await confirmedUser(t);
    // A real database failure at the last write of the save (the audit line, after name and address).
    await t.sql(`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin if new.subject_user_id = '${userId}' then raise exception 'refused for the test'; end if; return new; end $$`);
    await t.sql(
      `create trigger refuse_audit before insert on audit_event for each row execute function refuse_audit()`,
    );
    const body = {
      firstName: 'Berit',
      incomeTaxRate: 33,
      address: { streetName: 'Storgatan 1', postalCode: '11434', city: 'Stockholm', country: 'SE' },
    };
    try {
      // `request`, not `call`: a 500 is outside the contract on purpose.
      const failed = await api.request('PATCH', '/api/auth/profile', { body });
      assert.equal(failed.status, 500);
      const user = await t.sql(`select first_name, income_tax_rate from app_user where id = $1`, [userId]);
      assert.deepEqual(user.rows[0], { first_name: 'Anna', income_tax_rate: '30.00' });
      const address = await t.sql(`select count(*)::int as n from user_address where user_id = $1`, [userId]);
      assert.equal(address.rows[0].n, 0);
    } finally {
      await t.sql(`drop trigger refuse_audit on audit_event`);
    }
    const saved = await api.call('updateProfile', { body });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.firstName, 'Berit');
    assert.equal(saved.body.incomeTaxRate, 33);
    assert.equal(saved.body.address?.city, 'Stockholm');
  });
});
