// Customer verification emails must not be a relay for spam (issue 8): limits per freelancer and per recipient
// address, a way for the recipient to stop them, and no links or long texts of the freelancer's choosing in them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser } from '../../../test/fixtures.ts';
import { linkIn, mailbox, uniqueEmail } from '../auth/test-helpers.ts';
import { VERIFICATION_LIMITS } from './service.ts';
import { swedishCompany } from './test-data.ts';

describe('customer verification emails are no relay for spam', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: true });
  });
  after(() => t.close());

  async function customer(api: ApiClient, contactPersonEmail: string, details: object = {}) {
    const res = await api.call('createCustomer', { body: { ...swedishCompany, ...details, contactPersonEmail } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  }
  const send = (api: ApiClient, id: string) => api.call('sendCustomerVerification', { params: { uuid: id } });

  test('a freelancer sends at most a set number of verification emails a day, over all customers', async () => {
    const { api } = await signUpConfirmedUser(t);
    const max = VERIFICATION_LIMITS.perFreelancer.max;
    for (let i = 0; i < max; i++) {
      const res = await send(api, await customer(api, uniqueEmail('contact')));
      assert.equal(res.status, 202, `email ${i + 1}: ${JSON.stringify(res.body)}`);
    }
    const refused = await send(api, await customer(api, uniqueEmail('contact')));
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'verification_rate_limited');
    assert.ok(Number(refused.headers.get('retry-after')) > 3600);
  });

  test('one address gets at most a set number of verification emails a day, whoever sends them', async () => {
    const target = uniqueEmail('popular');
    const max = VERIFICATION_LIMITS.perRecipient.max;
    const senders = [await signUpConfirmedUser(t), await signUpConfirmedUser(t)];
    for (let i = 0; i < max; i++) {
      const { api } = senders[i % 2]!;
      assert.equal((await send(api, await customer(api, target))).status, 202, `email ${i + 1}`);
    }
    // The address in another case is the same mailbox.
    const { api } = await signUpConfirmedUser(t);
    const refused = await send(api, await customer(api, target.toUpperCase()));
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'verification_rate_limited');
    assert.equal((await mailbox(t, target)).length, max);
  });

  test('the email lets the recipient stop these emails; then no freelancer can send them one', async () => {
    const target = uniqueEmail('annoyed');
    const { api } = await signUpConfirmedUser(t);
    const id = await customer(api, target);
    assert.equal((await send(api, id)).status, 202);
    const [mail] = await mailbox(t, target);
    const verify = new URL(linkIn(mail, /\/verify\//));
    const stop = new URL(linkIn(mail, /\/stop\//));
    const [, , uuid, , nonce] = stop.pathname.split('/');
    assert.equal(stop.pathname, `/recipients/${id}/stop/${nonce}`);
    assert.equal(stop.searchParams.get('hl'), 'sv');
    assert.match(mail!.text, /inte bett om/i);

    const anonymous = t.client();
    const stopped = await anonymous.call('stopRecipientEmails', { params: { uuid: uuid!, nonce: nonce! } });
    assert.equal(stopped.status, 200);
    assert.deepEqual(stopped.body, { email: target });
    // Again is fine (the link may be followed twice), and the open link no longer works.
    assert.equal((await anonymous.call('stopRecipientEmails', { params: { uuid: uuid!, nonce: nonce! } })).status, 200);
    const [, , , , verifyNonce] = verify.pathname.split('/');
    const page = await anonymous.call('getPublicRecipient', { params: { uuid: id, nonce: verifyNonce! } });
    assert.equal(page.status, 410);

    const other = await signUpConfirmedUser(t);
    const refused = await send(other.api, await customer(other.api, target.toUpperCase()));
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'recipient_opted_out');
    assert.equal((await mailbox(t, target)).length, 1, 'nothing more was sent');
    const stored = await t.sql(`select email_hash from email_suppression`);
    assert.ok(
      stored.rows.every((r) => /^[0-9a-f]{64}$/.test(r.email_hash)),
      'the list keeps no address in clear',
    );

    const damaged = await anonymous.call('stopRecipientEmails', { params: { uuid: id, nonce: 'A'.repeat(43) } });
    assert.equal(damaged.status, 404);
  });

  test("the freelancer's and the customer's names reach the email short and without links", async () => {
    const { api } = await signUpConfirmedUser(t, {
      firstName: 'Win money at https://spam.example/win and www.evil.example',
      lastName: 'or mail claims@prize.example today please, it is really very urgent, act now',
    });
    const target = uniqueEmail('recipient');
    const id = await customer(api, target, { name: 'Pills at pills.example.com AB' });
    assert.equal((await send(api, id)).status, 202);
    const [mail] = await mailbox(t, target);
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      for (const link of [
        'https://spam.example',
        'spam.example',
        'www.evil.example',
        'prize.example',
        'pills.example.com',
      ])
        assert.ok(!part.includes(link), `${link} in ${part.slice(0, 200)}`);
    }
    assert.ok(
      mail!.links.every((link) => link.startsWith(t.config.publicUrl)),
      `only our own links: ${mail!.links.join(', ')}`,
    );
    const sender = /^Kontrollera uppgifterna som (.*) fakturerar (.*) med$/.exec(mail!.subject);
    assert.ok(sender, mail!.subject);
    assert.ok(sender[1]!.length <= 60, `sender name of ${sender[1]!.length} characters: ${sender[1]}`);
    assert.match(sender[2]!, /^Pills at pills\[\.\]example\[\.\]com AB$/);
  });
});
