// API tests of what a freelancer meets when adding customers (issue 10): the duplicate question asked before
// creating, an individual's one email address, and which customers the list says cannot be emailed an invoice.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser } from '../../../test/fixtures.ts';
import { person, swedishCompany } from './test-data.ts';
import type { CustomerView } from './views.ts';

async function create(api: ApiClient, body: object): Promise<CustomerView> {
  const res = await api.call('createCustomer', { body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

async function duplicates(api: ApiClient, query: Record<string, string>) {
  const res = await api.call('findDuplicateCustomers', { query });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.items.map((item: { name: string; matchedOn: string }) => [item.name, item.matchedOn]);
}

const spotify = {
  ...swedishCompany,
  name: 'Spotify AB',
  governmentId: '556703-7485',
  vatNumber: 'SE556703748501',
  email: 'Invoices@Spotify.com',
};

describe('customers a freelancer meets first', () => {
  let t: TestApp;
  let api: ApiClient;
  let other: ApiClient;
  before(async () => {
    t = await createTestApp();
    ({ api } = await signUpConfirmedUser(t));
    ({ api: other } = await signUpConfirmedUser(t));
  });
  after(() => t.close());

  describe('the duplicate question before creating', () => {
    test('finds the customer with the same organisation number however it is written', async () => {
      await create(api, spotify);
      for (const governmentId of ['5567037485', '556703-7485', ' 16556703-7485 ']) {
        assert.deepEqual(await duplicates(api, { governmentId, name: 'Something else' }), [
          ['Spotify AB', 'governmentId'],
        ]);
      }
    });

    test('finds the customer with the same name and invoice email, ignoring case and spaces', async () => {
      assert.deepEqual(await duplicates(api, { name: '  spotify   ab ', email: 'invoices@SPOTIFY.com' }), [
        ['Spotify AB', 'nameAndEmail'],
      ]);
      // The same name alone or the same email alone is not the same customer (a group's companies share an inbox).
      assert.deepEqual(await duplicates(api, { name: 'Spotify AB', email: 'other@spotify.com' }), []);
      assert.deepEqual(await duplicates(api, { name: 'Spotify Sverige AB', email: 'invoices@spotify.com' }), []);
      assert.deepEqual(await duplicates(api, {}), []);
    });

    test('an individual is found by the personal identity number in any form', async () => {
      await create(api, { ...person, name: 'Klara Dubblett' });
      assert.deepEqual(await duplicates(api, { governmentId: '19811218-9876' }), [['Klara Dubblett', 'governmentId']]);
    });

    test("another user's customers are never matched", async () => {
      assert.deepEqual(await duplicates(other, { governmentId: '5567037485' }), []);
      assert.deepEqual(await duplicates(other, { name: 'Spotify AB', email: 'invoices@spotify.com' }), []);
    });

    test('a deleted customer is not matched, and creating anyway is never refused', async () => {
      const copy = await create(api, spotify);
      assert.equal(
        (await duplicates(api, { governmentId: '5567037485' })).length,
        2,
        'the duplicate is created when the user chooses to',
      );
      assert.equal((await api.call('deleteCustomer', { params: { uuid: copy.id } })).status, 204);
      assert.equal((await duplicates(api, { governmentId: '5567037485' })).length, 1);
    });

    test('needs a confirmed session like every customer operation', async () => {
      const anonymous = t.client();
      assert.equal((await anonymous.call('findDuplicateCustomers', { query: { name: 'x' } })).status, 401);
    });
  });

  describe("an individual's one email address", () => {
    test('is asked once: it is where invoices go and the contact', async () => {
      const { contactPersonEmail: _contact, ...withoutContact } = person;
      const created = await create(api, { ...withoutContact, name: 'Ett Mejl', email: 'ett@example.com' });
      assert.equal(created.email, 'ett@example.com');
      assert.equal(created.contactPersonEmail, 'ett@example.com');
      assert.deepEqual(created.problemCodes, []);
    });

    test('is required for an individual, with an error on that one field', async () => {
      const { contactPersonEmail: _contact, email: _email, ...withoutEmails } = person;
      const res = await api.call('createCustomer', { body: withoutEmails });
      assert.equal(res.status, 400);
      assert.deepEqual(
        res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
        [['body.email', 'required']],
      );
    });

    test('an organisation still needs its contact person', async () => {
      const { contactPersonEmail: _contact, ...withoutContact } = swedishCompany;
      const res = await api.call('createCustomer', { body: withoutContact });
      assert.equal(res.status, 400);
      assert.deepEqual(
        res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
        [['body.contactPersonEmail', 'required']],
      );
    });
  });

  describe('the missing-address badge follows the sending rule', () => {
    test('an emailed customer without an invoice email is blocked (3); an e-invoice customer is not', async () => {
      const { email: _email, ...noEmail } = swedishCompany;
      const emailed = await create(api, { ...noEmail, name: 'Utan Mejl AB' });
      const eInvoiced = await create(api, { ...noEmail, name: 'Peppol Utan Mejl AB', eInvoice: true });
      assert.deepEqual(emailed.problemCodes, [3]);
      // Only the pending connection (16): invoices wait for it and then go through Peppol, no email needed.
      assert.deepEqual(eInvoiced.problemCodes, [16]);
      const list = await api.call('listCustomers', { query: { q: 'utan mejl' } });
      assert.deepEqual(
        list.body.items.map((c: CustomerView) => [c.name, c.problemCodes]),
        [
          ['Peppol Utan Mejl AB', [16]],
          ['Utan Mejl AB', [3]],
        ],
      );
      const problems = await api.call('getCustomerProblems', { params: { uuid: eInvoiced.id } });
      assert.deepEqual(problems.body.problemCodes, [16]);
    });
  });
});
