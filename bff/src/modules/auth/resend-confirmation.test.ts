// The "check your email" screen after sign-up has no session: it asks for the link again by address. The answer must
// not tell whether the address has an (unconfirmed) account, and it is rate limited like sign-up.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { confirmationLink, confirmedUser, mailbox, signUpBody, uniqueEmail } from './test-helpers.ts';

describe('resending the confirmation by address', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: true });
  });
  after(() => t.close());

  test('an unconfirmed account gets a new link; both links confirm; nothing goes to others', async () => {
    const email = uniqueEmail('resend');
    assert.equal((await t.client().call('signUp', { body: signUpBody(email) })).status, 201);
    const first = await confirmationLink(t, email);
    const { email: confirmed } = await confirmedUser(t);
    const before = (await mailbox(t, confirmed)).length;
    const unknown = uniqueEmail('nobody');

    const answers = [];
    for (const address of [email, confirmed, unknown]) {
      const res = await t.client().call('resendConfirmationByEmail', { body: { email: address } });
      answers.push({ status: res.status, body: res.body ?? null });
    }
    assert.deepEqual(answers, Array(3).fill({ status: 202, body: null }), 'every address hears the same');

    const mails = await mailbox(t, email);
    assert.equal(mails.length, 2, 'a second confirmation email');
    const second = await confirmationLink(t, email);
    assert.notDeepEqual(second, first);
    assert.equal((await mailbox(t, confirmed)).length, before, 'a confirmed address gets nothing');
    assert.equal((await mailbox(t, unknown)).length, 0, 'an unknown address gets nothing');

    const api = t.client();
    assert.equal((await api.call('confirmEmail', { body: second })).status, 200);
    assert.equal((await api.call('confirmEmail', { body: first })).status, 200, 'the earlier link still works');
  });

  test('the sixth request for one address within the hour is refused with Retry-After', async () => {
    const email = uniqueEmail('limit');
    const api = t.client();
    for (let i = 0; i < 5; i++) {
      assert.equal((await api.call('resendConfirmationByEmail', { body: { email } })).status, 202);
    }
    const blocked = await api.call('resendConfirmationByEmail', { body: { email } });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.code, 'rate_limited');
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
  });

  test('a malformed address is a field error', async () => {
    const res = await t.client().call('resendConfirmationByEmail', { body: { email: 'not-an-address' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].field, 'body.email');
  });
});

describe('dismissed notices belong to the account', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('a notice closed in one browser is closed in every session of the account, and only of that account', async () => {
    const { api, email } = await confirmedUser(t);
    const { api: someoneElse } = await confirmedUser(t);
    assert.deepEqual((await api.call('getSession')).body.dismissedNotices, []);

    assert.equal((await api.call('dismissNotice', { params: { notice: 'survey_2' } })).status, 204);
    assert.equal((await api.call('dismissNotice', { params: { notice: 'survey_2' } })).status, 204, 'idempotent');
    assert.equal((await api.call('dismissNotice', { params: { notice: 'brand_rename' } })).status, 204);

    const otherBrowser = t.client();
    const login = await otherBrowser.call('login', { body: { email, password: 'correct horse battery' } });
    assert.deepEqual(login.body.dismissedNotices, ['brand_rename', 'survey_2']);
    assert.deepEqual((await otherBrowser.call('getSession')).body.dismissedNotices, ['brand_rename', 'survey_2']);
    assert.deepEqual((await someoneElse.call('getSession')).body.dismissedNotices, []);
  });

  test('an unknown notice is refused and nothing is stored', async () => {
    const { api } = await confirmedUser(t);
    const res = await api.request('PUT', '/api/auth/dismissed-notices/everything');
    assert.equal(res.status, 400);
    assert.deepEqual((await api.call('getSession')).body.dismissedNotices, []);
  });

  test('without a session closing a notice is 401', async () => {
    const res = await t.client().call('dismissNotice', { params: { notice: 'survey_2' } });
    assert.equal(res.status, 401);
  });
});
