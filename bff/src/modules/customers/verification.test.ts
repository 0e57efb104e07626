// The customer's contact confirms or corrects the customer's details through an emailed link, without logging in.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser } from '../../../test/fixtures.ts';
import { linkIn, mailbox } from '../../../test/mailbox.ts';
import { germanCompany, swedishCompany } from './test-data.ts';

describe('customer verification', () => {
  let t: TestApp;
  let api: ApiClient;
  let contact = 0;
  before(async () => {
    t = await createTestApp();
    ({ api } = await signUpConfirmedUser(t, { firstName: 'Frida', lastName: 'Frilans' }));
  });
  after(() => t.close());

  /** A new customer whose contact has an address of its own, so each test reads only its own mail. */
  async function customerWithContact(details: object = swedishCompany) {
    contact += 1;
    const contactPersonEmail = `contact-${contact}-${process.pid}@example.com`;
    const res = await api.call('createCustomer', { body: { ...details, contactPersonEmail } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: string; version: number; contactPersonEmail: string };
  }

  /** Sends a link and returns the uuid and nonce from the email the contact received. */
  async function sendLink(customerId: string, email: string) {
    const sent = await api.call('sendCustomerVerification', { params: { uuid: customerId } });
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    const [mail] = await mailbox(t, email);
    const match = /\/recipients\/([0-9a-f-]{36})\/verify\/([A-Za-z0-9_-]+)\?hl=(?:sv|en)$/.exec(
      linkIn(mail, /\/verify\//),
    );
    assert.ok(match);
    return { uuid: match[1]!, nonce: match[2]!, mail: mail!, sent: sent.body };
  }

  /** Lets the next link go out without waiting out the one-a-minute limit. */
  const ageLinks = (customerId: string) =>
    t.sql(`update customer_verification set created_at = created_at - interval '2 minutes' where customer_id = $1`, [
      customerId,
    ]);

  test('the contact gets a link in the invoice language, sees the details, confirms, and the customer is verified', async () => {
    const customer = await customerWithContact();
    const { uuid, nonce, mail, sent } = await sendLink(customer.id, customer.contactPersonEmail);
    assert.equal(uuid, customer.id);
    assert.equal(sent.sentTo, customer.contactPersonEmail);
    assert.equal(mail.subject, 'Kontrollera uppgifterna som Frida Frilans fakturerar Volvo Personvagnar AB med');
    assert.match(mail.text, /Länken fungerar i 7 dagar och bara en gång/);

    const anonymous = t.client();
    const page = await anonymous.call('getPublicRecipient', { params: { uuid, nonce } });
    assert.equal(page.status, 200);
    assert.equal(page.body.requestedBy.name, 'Frida Frilans');
    assert.equal(page.body.recipient.governmentId, '556036-0793');
    assert.equal(page.body.expiresAt, sent.expiresAt);
    // Opening the page (or a mail scanner opening the link) changes nothing.
    assert.equal((await anonymous.call('getPublicRecipient', { params: { uuid, nonce } })).status, 200);

    const confirmed = await anonymous.call('confirmPublicRecipient', {
      params: { uuid, nonce },
      body: { version: page.body.version },
    });
    assert.equal(confirmed.status, 200);
    assert.deepEqual(confirmed.body.correctedFields, []);
    const after = await api.call('getCustomer', { params: { uuid } });
    assert.equal(after.body.verified, true);
    assert.equal(after.body.verifiedAt, confirmed.body.verifiedAt);

    for (const res of [
      await anonymous.call('getPublicRecipient', { params: { uuid, nonce } }),
      await anonymous.call('confirmPublicRecipient', {
        params: { uuid, nonce },
        body: { version: after.body.version },
      }),
    ]) {
      assert.equal(res.status, 410);
      assert.equal(res.body.code, 'verification_link_used');
    }
  });

  test('an English customer gets the email in English', async () => {
    const customer = await customerWithContact(germanCompany);
    const { mail } = await sendLink(customer.id, customer.contactPersonEmail);
    assert.equal(mail.subject, 'Please check the details Frida Frilans invoices Beispiel GmbH with');
  });

  test('corrections are checked by the customer rules, stored normalised, and audit-logged', async () => {
    const customer = await customerWithContact();
    const { uuid, nonce } = await sendLink(customer.id, customer.contactPersonEmail);
    const anonymous = t.client();
    const bad = await anonymous.call('confirmPublicRecipient', {
      params: { uuid, nonce },
      body: { version: customer.version, corrections: { vatNumber: 'SE559999000801' } },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['body.corrections.vatNumber', 'vat_organisation_number_mismatch']],
    );
    assert.deepEqual(bad.body.problemCodes, [15]);

    const good = await anonymous.call('confirmPublicRecipient', {
      params: { uuid, nonce },
      body: {
        version: customer.version,
        corrections: {
          email: 'ap@volvo.se',
          address: { streetName: 'Box 123', postalCode: '40508', city: 'Göteborg', country: 'SE' },
        },
      },
    });
    assert.equal(good.status, 200, JSON.stringify(good.body));
    assert.deepEqual(good.body.correctedFields, ['email', 'address.streetName', 'address.postalCode']);
    const stored = await api.call('getCustomer', { params: { uuid } });
    assert.equal(stored.body.email, 'ap@volvo.se');
    assert.equal(stored.body.address.postalCode, '405 08');
    assert.equal(stored.body.verified, true);
    const { rows } = await t.sql(
      `select actor_user_id, data from audit_event where action = 'customer.verified' and data->>'customerId' = $1`,
      [uuid],
    );
    assert.equal(rows[0].actor_user_id, null);
    assert.deepEqual(rows[0].data.correctedFields, ['email', 'address.streetName', 'address.postalCode']);
  });

  test('a change by the freelancer while the page is open is not confirmed blindly', async () => {
    const customer = await customerWithContact();
    const { uuid, nonce } = await sendLink(customer.id, customer.contactPersonEmail);
    const page = await t.client().call('getPublicRecipient', { params: { uuid, nonce } });
    await api.call('updateCustomer', { params: { uuid }, body: { name: 'Volvo Cars AB' } });
    const res = await t
      .client()
      .call('confirmPublicRecipient', { params: { uuid, nonce }, body: { version: page.body.version } });
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'recipient_changed');
  });

  test('a locked government id cannot be corrected', async () => {
    const customer = await customerWithContact();
    const { uuid, nonce } = await sendLink(customer.id, customer.contactPersonEmail);
    await t.sql('update customer set government_id_locked_at = now() where id = $1', [uuid]);
    const page = await t.client().call('getPublicRecipient', { params: { uuid, nonce } });
    assert.equal(page.body.governmentIdLocked, true);
    const res = await t.client().call('confirmPublicRecipient', {
      params: { uuid, nonce },
      body: { version: page.body.version, corrections: { governmentId: '559999-0008', vatNumber: null } },
    });
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'government_id_locked');
  });

  test('a new link retires the old one; links expire; a deleted customer takes its link along', async () => {
    const customer = await customerWithContact();
    const first = await sendLink(customer.id, customer.contactPersonEmail);
    await ageLinks(customer.id);
    const second = await sendLink(customer.id, customer.contactPersonEmail);
    const anonymous = t.client();
    const old = await anonymous.call('getPublicRecipient', { params: { uuid: first.uuid, nonce: first.nonce } });
    assert.equal(old.status, 410);
    assert.equal(old.body.code, 'verification_link_superseded');

    await t.sql(`update customer_verification set expires_at = now() - interval '1 second' where customer_id = $1`, [
      customer.id,
    ]);
    const expired = await anonymous.call('getPublicRecipient', { params: { uuid: second.uuid, nonce: second.nonce } });
    assert.equal(expired.status, 410);
    assert.equal(expired.body.code, 'verification_link_expired');

    const doomed = await customerWithContact();
    const link = await sendLink(doomed.id, doomed.contactPersonEmail);
    await api.call('deleteCustomer', { params: { uuid: doomed.id } });
    const gone = await anonymous.call('getPublicRecipient', { params: { uuid: link.uuid, nonce: link.nonce } });
    assert.equal(gone.status, 410);
    assert.equal(gone.body.code, 'recipient_unavailable');
  });

  test('a wrong, damaged or borrowed link is simply not found', async () => {
    const customer = await customerWithContact();
    const { uuid, nonce } = await sendLink(customer.id, customer.contactPersonEmail);
    const other = await customerWithContact();
    const anonymous = t.client();
    for (const params of [
      { uuid, nonce: nonce.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      { uuid, nonce: nonce.slice(0, 20) },
      { uuid: 'not-a-uuid', nonce },
      { uuid: other.id, nonce },
    ]) {
      const res = await anonymous.call('getPublicRecipient', { params });
      assert.equal(res.status, 404, JSON.stringify(params));
      assert.equal(res.body.code, 'verification_link_not_found');
    }
    // Only an absurd link (longer than any the product sends) is refused by the contract itself.
    const absurd = await anonymous.call('getPublicRecipient', { params: { uuid: 'x'.repeat(101), nonce } });
    assert.equal(absurd.status, 400);
  });

  test('at most one link a minute and five a day per customer', async () => {
    const customer = await customerWithContact();
    await sendLink(customer.id, customer.contactPersonEmail);
    const again = await api.call('sendCustomerVerification', { params: { uuid: customer.id } });
    assert.equal(again.status, 429);
    assert.equal(again.body.code, 'verification_rate_limited');
    assert.ok(Number(again.headers.get('retry-after')) > 0);
    for (let i = 0; i < 4; i++) {
      await ageLinks(customer.id);
      assert.equal((await api.call('sendCustomerVerification', { params: { uuid: customer.id } })).status, 202);
    }
    await ageLinks(customer.id);
    const sixth = await api.call('sendCustomerVerification', { params: { uuid: customer.id } });
    assert.equal(sixth.status, 429);
    assert.ok(Number(sixth.headers.get('retry-after')) > 23 * 3600);
  });

  test('changing the contact email retires the link sent to the old contact', async () => {
    const customer = await customerWithContact();
    const { uuid, nonce } = await sendLink(customer.id, customer.contactPersonEmail);
    await api.call('updateCustomer', { params: { uuid }, body: { contactPersonEmail: 'new.contact@example.com' } });
    const res = await t.client().call('getPublicRecipient', { params: { uuid, nonce } });
    assert.equal(res.status, 410);
    assert.equal(res.body.code, 'verification_link_superseded');
  });
});
