// API tests of the customers module against real PostgreSQL: every response is checked against the contract.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser, signUpUnconfirmedUser } from '../../../test/fixtures.ts';
import { knownProblem } from '../../platform/http/problem.ts';
import { Translations } from '../../platform/i18n/translations.ts';
import { createCustomerService } from './public.ts';
import { germanCompany, person, swedishCompany } from './test-data.ts';
import type { CustomerView } from './views.ts';

async function create(api: ApiClient, body: object): Promise<CustomerView> {
  const res = await api.call('createCustomer', { body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** What a client is answered for an error the service throws (the service itself knows nothing of HTTP). */
function answered(error: unknown): { status: number; code: string; message: string } {
  const problem = knownProblem(error);
  assert.ok(problem, `not a domain error: ${String(error)}`);
  return { status: problem.status, code: problem.code, message: problem.message };
}

const fieldCodes = (body: { errors?: Array<{ field: string; code: string }> }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.code]));

describe('customers', () => {
  let t: TestApp;
  let api: ApiClient;
  let userId: string;
  before(async () => {
    t = await createTestApp();
    ({ api, userId } = await signUpConfirmedUser(t));
  });
  after(() => t.close());

  describe('creating', () => {
    test('stores a Swedish company normalised and answers where it lives', async () => {
      const res = await api.call('createCustomer', { body: swedishCompany });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('location'), `/api/customers/${res.body.id}`);
      assert.deepEqual(
        { ...res.body, id: undefined, createdAt: undefined, updatedAt: undefined },
        {
          id: undefined,
          type: 'organization',
          name: 'Volvo Personvagnar AB',
          governmentId: '556036-0793',
          vatNumber: 'SE556036079301',
          contactPersonEmail: 'anna.berg@volvo.se',
          email: 'invoices@volvo.se',
          invoiceLanguage: 'sv',
          organizationType: 'within_eu',
          reverseVat: false,
          eInvoice: false,
          eInvoiceConnection: null,
          verified: false,
          verifiedAt: null,
          governmentIdLocked: false,
          address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '405 31', city: 'Göteborg', country: 'SE' },
          problemCodes: [],
          version: 1,
          createdAt: undefined,
          updatedAt: undefined,
        },
      );
    });

    test('an individual keeps the personal identity number as 12 digits and has no organisation type', async () => {
      const body = await create(api, person);
      assert.equal(body.governmentId, '198112189876');
      assert.equal(body.organizationType, null);
    });

    test('a business in another EU country gets reverse VAT unless told otherwise', async () => {
      assert.equal((await create(api, germanCompany)).reverseVat, true);
      assert.equal((await create(api, { ...germanCompany, reverseVat: false })).reverseVat, false);
    });

    test('without an invoice email the customer is saved, and problem 3 says sending is blocked', async () => {
      const { email: _email, ...withoutEmail } = swedishCompany;
      const customer = await create(api, withoutEmail);
      assert.deepEqual(customer.problemCodes, [3]);
      const problems = await api.call('getCustomerProblems', { params: { uuid: customer.id } });
      assert.equal(problems.status, 200);
      assert.deepEqual(problems.body, {
        canSend: false,
        problemCodes: [3],
        problems: [
          {
            problemCode: 3,
            field: 'email',
            code: 'email_required_for_sending',
            message: 'Invoices are emailed: add the invoice email before sending',
          },
        ],
      });
    });

    test('wrong details are refused field by field, with their product problem codes', async () => {
      const res = await api.call('createCustomer', {
        body: {
          ...germanCompany,
          vatNumber: 'DE123456789',
          email: 'not-an-email',
          address: { ...germanCompany.address, city: '10115' },
        },
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'validation');
      assert.deepEqual(fieldCodes(res.body), {
        'body.vatNumber': 'vat_invalid',
        'body.email': 'email_invalid',
        'body.address.city': 'city_invalid',
      });
      assert.deepEqual(res.body.problemCodes, [7, 9, 15]);
      const vat = res.body.errors.find((e: { field: string }) => e.field === 'body.vatNumber');
      assert.deepEqual(vat.params, { reason: 'invalid_checksum', prefix: 'DE' });
    });

    test('Swedish identifiers are checked: postal code, organisation number, VAT number against it', async () => {
      const res = await api.call('createCustomer', {
        body: {
          ...swedishCompany,
          governmentId: '556036-0794',
          address: { ...swedishCompany.address, postalCode: '4053' },
        },
      });
      assert.deepEqual(fieldCodes(res.body), {
        'body.governmentId': 'organisation_number_invalid',
        'body.address.postalCode': 'postal_code_invalid',
      });
      const mismatch = await api.call('createCustomer', { body: { ...swedishCompany, vatNumber: 'SE559999000801' } });
      assert.deepEqual(fieldCodes(mismatch.body), { 'body.vatNumber': 'vat_organisation_number_mismatch' });
    });

    test('the contract refuses a name over 50 characters, unknown fields and a missing address', async () => {
      const { address: _address, ...withoutAddress } = person;
      const res = await api.call('createCustomer', {
        body: { ...withoutAddress, name: 'x'.repeat(51), nickname: 'Svenne' },
      });
      assert.equal(res.status, 400);
      assert.deepEqual(fieldCodes(res.body), {
        'body.name': 'too_long',
        'body.nickname': 'unknown_field',
        'body.address': 'required',
      });
    });

    test('reverse VAT is refused where it does not apply, with the reason', async () => {
      const res = await api.call('createCustomer', { body: { ...swedishCompany, reverseVat: true } });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.errors, [
        {
          field: 'body.reverseVat',
          code: 'reverse_vat_not_applicable',
          message: 'Reverse VAT applies only to businesses in another EU country with a valid VAT number',
          params: { reason: 'swedish_customer' },
        },
      ]);
    });
  });

  describe('who may see what', () => {
    test('needs a session, and a confirmed email address for business operations', async () => {
      const anonymous = await t.client().call('listCustomers');
      assert.equal(anonymous.status, 401);
      const { api: unconfirmed } = await signUpUnconfirmedUser(t);
      const res = await unconfirmed.call('createCustomer', { body: person });
      assert.equal(res.status, 403);
      assert.equal(res.body.code, 'email_not_confirmed');
      assert.equal((await unconfirmed.call('listCustomers')).status, 403);
    });

    test("another user's customer is not found, whatever is tried with it", async () => {
      const mine = await create(api, person);
      const { api: other } = await signUpConfirmedUser(t);
      const params = { uuid: mine.id };
      for (const res of [
        await other.call('getCustomer', { params }),
        await other.call('updateCustomer', { params, body: { name: 'Taken over' } }),
        await other.call('deleteCustomer', { params }),
        await other.call('getCustomerProblems', { params }),
        await other.call('sendCustomerVerification', { params }),
      ]) {
        assert.equal(res.status, 404);
        assert.equal(res.body.code, 'not_found');
      }
      assert.equal((await other.call('listCustomers')).body.page.total, 0);
      assert.equal((await api.call('getCustomer', { params })).body.name, 'Sven Svensson');
    });

    test('a malformed id is a 400 naming the parameter', async () => {
      const res = await api.call('getCustomer', { params: { uuid: 'not-a-uuid' } });
      assert.equal(res.status, 400);
      assert.deepEqual(fieldCodes(res.body), { 'path.uuid': 'invalid_format' });
    });
  });

  describe('updating', () => {
    test('changes only what is sent; null clears an optional field; the version increases', async () => {
      const customer = await create(api, swedishCompany);
      const res = await api.call('updateCustomer', {
        params: { uuid: customer.id },
        body: { email: null, invoiceLanguage: 'en', version: customer.version },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.email, null);
      assert.equal(res.body.invoiceLanguage, 'en');
      assert.equal(res.body.name, swedishCompany.name);
      assert.deepEqual(res.body.problemCodes, [3]);
      assert.equal(res.body.version, customer.version + 1);
    });

    test('an update based on an old version is refused, so a change from another tab is not lost', async () => {
      const customer = await create(api, person);
      const params = { uuid: customer.id };
      assert.equal((await api.call('updateCustomer', { params, body: { name: 'Sven S', version: 1 } })).status, 200);
      const stale = await api.call('updateCustomer', { params, body: { name: 'Sven Svensson', version: 1 } });
      assert.equal(stale.status, 409);
      assert.equal(stale.body.code, 'version_conflict');
    });

    test('the whole result is checked: moving a reverse VAT customer to Sweden names reverseVat', async () => {
      const customer = await create(api, germanCompany);
      const res = await api.call('updateCustomer', {
        params: { uuid: customer.id },
        body: {
          vatNumber: null,
          address: { streetName: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE' },
        },
      });
      assert.equal(res.status, 400);
      assert.deepEqual(fieldCodes(res.body), {
        'body.governmentId': 'government_id_required',
        'body.reverseVat': 'reverse_vat_not_applicable',
      });
    });

    test('a locked government id cannot change, but may be written differently', async () => {
      const customer = await create(api, swedishCompany);
      await t.sql('update customer set government_id_locked_at = now() where id = $1', [customer.id]);
      const params = { uuid: customer.id };
      const locked = await api.call('updateCustomer', {
        params,
        body: { governmentId: '559999-0008', vatNumber: null },
      });
      assert.equal(locked.status, 409);
      assert.equal(locked.body.code, 'government_id_locked');
      const same = await api.call('updateCustomer', {
        params,
        body: { governmentId: '556036-0793', name: 'Volvo Cars' },
      });
      assert.equal(same.status, 200);
      assert.equal(same.body.governmentIdLocked, true);
      assert.equal(same.body.name, 'Volvo Cars');
    });

    test('changing a confirmed detail makes the customer unverified; the invoice language does not', async () => {
      const customer = await create(api, swedishCompany);
      await t.sql(`update customer set verified_at = now(), verified_email = contact_person_email where id = $1`, [
        customer.id,
      ]);
      const params = { uuid: customer.id };
      const language = await api.call('updateCustomer', { params, body: { invoiceLanguage: 'en' } });
      assert.equal(language.body.verified, true);
      const reformatted = await api.call('updateCustomer', { params, body: { governmentId: '556036-0793' } });
      assert.equal(reformatted.body.verified, true);
      const moved = await api.call('updateCustomer', {
        params,
        body: { address: { ...swedishCompany.address, city: 'Torslanda' } },
      });
      assert.equal(moved.body.verified, false);
      assert.equal(moved.body.verifiedAt, null);
    });
  });

  describe('deleting', () => {
    test('hides the customer everywhere but keeps the row; the invoice flow is told it is unavailable', async () => {
      const customer = await create(api, { ...person, name: 'Gone Soon' });
      const params = { uuid: customer.id };
      assert.equal((await api.call('deleteCustomer', { params })).status, 204);
      assert.equal((await api.call('getCustomer', { params })).status, 404);
      assert.equal((await api.call('deleteCustomer', { params })).status, 404);
      assert.equal((await api.call('listCustomers', { query: { q: 'Gone Soon' } })).body.page.total, 0);
      const { rows } = await t.sql('select deleted_at from customer where id = $1', [customer.id]);
      assert.ok(rows[0].deleted_at);

      const service = createCustomerService(t.services, new Translations(t.config.staticRoot));
      const em = t.services.orm.em.fork();
      await assert.rejects(service.getSelectableCustomer(em as never, userId, customer.id), (error) => {
        assert.deepEqual(answered(error), {
          status: 410,
          code: 'recipient_unavailable',
          message: 'The selected recipient is no longer available. Please choose another recipient.',
        });
        return true;
      });
      const live = await create(api, person);
      assert.equal((await service.getSelectableCustomer(em as never, userId, live.id)).id, live.id);
      const { userId: otherUser } = await signUpConfirmedUser(t);
      await assert.rejects(service.getSelectableCustomer(em as never, otherUser, live.id), (error) => {
        assert.equal(answered(error).status, 404);
        return true;
      });
    });
  });

  test('every change is in the audit log with who made it', async () => {
    const customer = await create(api, { ...person, name: 'Audited' });
    await api.call('updateCustomer', { params: { uuid: customer.id }, body: { name: 'Audited Again' } });
    await api.call('deleteCustomer', { params: { uuid: customer.id } });
    const { rows } = await t.sql(
      `select action, actor_user_id, subject_user_id, data from audit_event where data->>'customerId' = $1 order by created_at`,
      [customer.id],
    );
    assert.deepEqual(
      rows.map((r) => [r.action, r.actor_user_id, r.subject_user_id]),
      [
        ['customer.created', userId, userId],
        ['customer.updated', userId, userId],
        ['customer.deleted', userId, userId],
      ],
    );
    assert.deepEqual(rows[1].data.changed, ['name']);
  });
});

describe('listing and searching customers', () => {
  let t: TestApp;
  let api: ApiClient;
  const names = ['Örebro Bygg AB', 'Åkesson Design', 'anna Andersson', 'Zeta Konsult AB', 'Ärlig Städ', 'Bengt Berg'];
  before(async () => {
    t = await createTestApp();
    ({ api } = await signUpConfirmedUser(t));
    for (const name of names) {
      await create(api, {
        ...person,
        name,
        governmentId: null,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      });
    }
    await create(api, { ...swedishCompany, name: 'Volvo Personvagnar AB' });
    await create(api, { ...person, name: 'Sven Svensson' });
    const deleted = await create(api, { ...person, name: 'Deleted Person', governmentId: null });
    await api.call('deleteCustomer', { params: { uuid: deleted.id } });
    // Someone else's customers never show.
    const { api: other } = await signUpConfirmedUser(t);
    await create(other, { ...swedishCompany, name: 'Volvo of someone else' });
  });
  after(() => t.close());

  const list = async (query: Record<string, string | number>) => {
    const res = await api.call('listCustomers', { query });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as {
      items: Array<{ name: string }>;
      page: { page: number; pageSize: number; total: number; next?: string | null; previous?: string | null };
    };
  };

  test('sorts by name in Swedish order, ignoring case (å, ä, ö after z)', async () => {
    const body = await list({});
    assert.deepEqual(
      body.items.map((c) => c.name),
      [
        'anna Andersson',
        'Bengt Berg',
        'Sven Svensson',
        'Volvo Personvagnar AB',
        'Zeta Konsult AB',
        'Åkesson Design',
        'Ärlig Städ',
        'Örebro Bygg AB',
      ],
    );
    assert.deepEqual(body.page, { page: 1, pageSize: 20, total: 8, next: null, previous: null });
    const desc = await list({ order: 'desc' });
    assert.equal(desc.items[0]!.name, 'Örebro Bygg AB');
  });

  test('pages never overlap and a page after the last is empty with the total', async () => {
    const first = await list({ pageSize: 3 });
    const second = await list({ pageSize: 3, page: 2 });
    const third = await list({ pageSize: 3, page: 3 });
    assert.deepEqual(
      [...first.items, ...second.items, ...third.items].map((c) => c.name),
      (await list({})).items.map((c) => c.name),
    );
    assert.deepEqual(await list({ pageSize: 3, page: 9 }), {
      items: [],
      page: { page: 9, pageSize: 3, total: 8, next: null, previous: null },
    });
  });

  test('cursors walk every ordering forwards and back: the same rows as whole, no overlap, the total on each page', async () => {
    for (const sort of ['name', 'createdAt', 'updatedAt']) {
      for (const order of ['asc', 'desc']) {
        for (const q of [undefined, 'example.com']) {
          const base = { sort, order, ...(q ? { q } : {}) };
          const whole = (await list({ ...base, pageSize: 100 })).items.map((c) => c.name);
          const pages: string[][] = [];
          let page = await list({ ...base, pageSize: 3 });
          assert.equal(page.page.previous, null, 'page 1 has nothing before it');
          pages.push(page.items.map((c) => c.name));
          for (let n = 2; page.page.next; n += 1) {
            page = await list({ ...base, pageSize: 3, page: n, after: page.page.next });
            assert.equal(page.page.total, whole.length, `${sort} ${order} ${q}: the total on page ${n}`);
            pages.push(page.items.map((c) => c.name));
          }
          assert.deepEqual(pages.flat(), whole, `${sort} ${order} ${q}: forwards`);
          const back: string[][] = [pages.at(-1)!];
          while (page.page.previous) {
            page = await list({ ...base, pageSize: 3, before: page.page.previous });
            back.unshift(page.items.map((c) => c.name));
          }
          assert.deepEqual(back, pages, `${sort} ${order} ${q}: backwards, page by page`);
        }
      }
    }
  });

  test('a cursor is refused with another order, tampered with, or beside its opposite; never a 500', async () => {
    const { page } = await list({ pageSize: 2 });
    const refused = async (query: Record<string, string | number>, field: string) => {
      const res = await api.call('listCustomers', { query });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.ok(
        res.body.errors.some((e: { field: string }) => e.field === field),
        JSON.stringify(res.body),
      );
    };
    await refused({ after: page.next!, order: 'desc' }, 'query.after');
    await refused({ after: page.next!, sort: 'createdAt' }, 'query.after');
    await refused({ before: Buffer.from('["name.asc","x","not-a-uuid"]').toString('base64url') }, 'query.before');
    await refused({ after: Buffer.from('{').toString('base64url') }, 'query.after');
    await refused({ after: page.next!, before: page.next! }, 'query.before');
    // A well-formed cursor made up by hand only moves within the user's own customers.
    const made = Buffer.from(JSON.stringify(['name.asc', 'M', '00000000-0000-4000-8000-000000000000'])).toString(
      'base64url',
    );
    assert.deepEqual(
      (await list({ after: made, pageSize: 100 })).items.map((c) => c.name),
      ['Sven Svensson', 'Volvo Personvagnar AB', 'Zeta Konsult AB', 'Åkesson Design', 'Ärlig Städ', 'Örebro Bygg AB'],
    );
  });

  test('sorts by creation or change time', async () => {
    const newest = await list({ sort: 'createdAt', order: 'desc', pageSize: 1 });
    assert.equal(newest.items[0]!.name, 'Sven Svensson');
    const oldest = await list({ sort: 'createdAt', pageSize: 1 });
    assert.equal(oldest.items[0]!.name, 'Örebro Bygg AB');
  });

  test('searches names, emails and government ids however they are written', async () => {
    const found = async (q: string) => (await list({ q })).items.map((c) => c.name);
    assert.deepEqual(await found('andersson'), ['anna Andersson']);
    assert.deepEqual(await found('ÅKESSON'), ['Åkesson Design']);
    assert.deepEqual(await found('bygg örebro'), ['Örebro Bygg AB']);
    assert.deepEqual(await found('invoices@volvo'), ['Volvo Personvagnar AB']);
    assert.deepEqual(await found('zeta@example'), ['Zeta Konsult AB']);
    for (const id of ['5560360793', '556036-0793', 'SE556036079301'])
      assert.deepEqual(await found(id), ['Volvo Personvagnar AB'], id);
    for (const id of ['811218-9876', '198112189876', '19811218-9876'])
      assert.deepEqual(await found(id), ['Sven Svensson'], id);
    assert.deepEqual(await found('100%'), []);
    assert.deepEqual(await found('nobody like this'), []);
  });

  test("a search's % _ and \\ are the characters themselves, never wildcards, in long and short words alike", async () => {
    for (const name of ['Axb Konsult', 'A_B Konsult', 'Q%R Data', 'QzzR Data', 'S\\T El']) {
      await create(api, { ...person, name, governmentId: null, email: null });
    }
    const found = async (q: string) => (await list({ q })).items.map((c) => c.name);
    assert.deepEqual(await found('a_b konsult'), ['A_B Konsult']);
    assert.deepEqual(await found('a_b'), ['A_B Konsult']);
    assert.deepEqual(await found('q%r'), ['Q%R Data']);
    assert.deepEqual(await found('s\\t'), ['S\\T El']);
    assert.deepEqual(await found('%'), ['Q%R Data']);
    for (const name of ['Axb Konsult', 'A_B Konsult', 'Q%R Data', 'QzzR Data', 'S\\T El']) {
      const [customer] = (await list({ q: name })).items as unknown as { id: string }[];
      await api.call('deleteCustomer', { params: { uuid: customer!.id } });
    }
  });

  test('filters by type and counts what matches', async () => {
    const organisations = await list({ type: 'organization' });
    assert.deepEqual(
      organisations.items.map((c) => c.name),
      ['Volvo Personvagnar AB'],
    );
    assert.equal(organisations.page.total, 1);
  });

  test('totals follow creates, type changes and deletes, and agree with a full count', async () => {
    const before = (await list({ type: 'non_profit' })).page.total;
    const customer = await create(api, { ...person, name: 'Counted', governmentId: null });
    const params = { uuid: customer.id };
    const moved = await api.call('updateCustomer', {
      params,
      body: { type: 'non_profit', governmentId: '802000-0009', address: { ...person.address } },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal((await list({ type: 'non_profit' })).page.total, before + 1);
    await api.call('deleteCustomer', { params });
    assert.equal((await list({ type: 'non_profit' })).page.total, before);
    const { rows } = await t.sql(`select
        (select coalesce(sum(live), 0)::int from customer_owner_count) as counted,
        (select count(*)::int from customer where deleted_at is null) as actual`);
    assert.equal(rows[0].counted, rows[0].actual);
  });

  test("a text's search keys hold the keys of every piece of three or more characters of it, and of its owner only", async () => {
    // The index's promise (Migration20261127100000OwnerSearchKeys): a word inside a text is always a candidate, in any
    // script, with emoji and combining marks; another owner's keys never match.
    const owner = '00000000-0000-4000-8000-000000000001';
    const other = '00000000-0000-4000-8000-000000000002';
    const character = fc.oneof(
      fc.constantFrom('a', 'å', 'ä', 'ö', 'z', ' ', '-', '@', '%', '_', '\\', 'e\u0301', '👍', 'ש', 'ß', '1'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(character, { minLength: 3, maxLength: 40 }).map((parts) => [...parts.join('')]),
        fc.nat(),
        fc.nat(),
        async (text, start, length) => {
          const from = start % (text.length - 2);
          const word = text.slice(from, from + 3 + (length % (text.length - from - 2))).join('');
          const { rows } = await t.sql(
            `select owner_search_keys($1, $3) @> owner_search_keys($1, $4) as found,
                    owner_search_keys($1, $3) && owner_search_keys($2, $4) as crossed`,
            [owner, other, text.join(''), word],
          );
          assert.deepEqual(rows[0], { found: true, crossed: false }, JSON.stringify({ text: text.join(''), word }));
        },
      ),
      { numRuns: 200 },
    );
    await create(api, { ...person, name: 'Zoë Ångström 👍 Öberg', governmentId: null, email: null });
    for (const q of ['oë ång', 'gström', 'ström 👍', 'ÖBERG'])
      assert.deepEqual(
        (await list({ q })).items.map((c) => c.name),
        ['Zoë Ångström 👍 Öberg'],
        q,
      );
  });

  test('a search page after the last match still tells the total', async () => {
    assert.deepEqual(await list({ q: 'ab', pageSize: 1, page: 5 }), {
      items: [],
      page: { page: 5, pageSize: 1, total: 3, next: null, previous: null },
    });
  });

  test('refuses a page size over 100 and an unknown sort', async () => {
    const res = await api.call('listCustomers', { query: { pageSize: 101, sort: 'email' } });
    assert.equal(res.status, 400);
    assert.deepEqual(fieldCodes(res.body), { 'query.pageSize': 'too_large', 'query.sort': 'invalid_value' });
  });
});
