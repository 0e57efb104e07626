// E-invoice customers' acceptance on real PostgreSQL, against a Peppol Directory of our own on loopback that answers in
// the directory's JSON format (search/1.0/json): the lookup job, the back office's reachable / not reachable, waiting
// invoices released exactly once whoever accepts, audit rows.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { confirmedUser, uniqueEmail } from '../auth/test-helpers.ts';
import { createBankingService } from '../banking/public.ts';
import { swedishCompany } from '../customers/test-data.ts';
import { loadConfig } from '../../platform/config.ts';
import { BIS_BILLING_3_INVOICE, PeppolDirectory } from '../../platform/einvoice/directory.ts';
import { createEInvoiceAcceptance } from './public.ts';

const row = { description: 'Konsulttjänst', unitPrice: 100_000, quantity: 8, unit: 'hour', vatPercentage: 25 };

/** The Peppol Directory's answer for one participant, as https://directory.peppol.eu/search/1.0/json gives it. */
function directoryAnswer(participantId: string | null, docTypes: string[]) {
  return {
    version: '1.0',
    'total-result-count': participantId ? 1 : 0,
    'used-result-count': participantId ? 1 : 0,
    'result-page-index': 0,
    'result-page-count': 50,
    'first-result-index': 0,
    'last-result-index': participantId ? 0 : -1,
    'query-terms': participantId ? `participant=iso6523-actorid-upis::${participantId}` : '',
    'creation-dt': new Date().toISOString(),
    matches: participantId
      ? [
          {
            participantID: { scheme: 'iso6523-actorid-upis', value: participantId },
            docTypes: docTypes.map((value) => ({ scheme: 'busdox-docid-qns', value })),
            entities: [{ name: [{ name: 'Volvo Personvagnar AB' }], countryCode: 'SE', regDate: '2020-01-01' }],
          },
        ]
      : [],
  };
}

/** A loopback directory: `listed` participants take BIS Billing 3 invoices; `busy` answers 503. */
async function startDirectory() {
  const listed = new Map<string, string[]>();
  const asked: string[] = [];
  let busy = false;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://directory');
    const participant = url.searchParams.get('participant') ?? '';
    asked.push(participant);
    if (url.pathname !== '/search/1.0/json' || !participant.startsWith('iso6523-actorid-upis::')) {
      response.writeHead(400).end();
      return;
    }
    if (busy) {
      response.writeHead(503).end();
      return;
    }
    const id = participant.slice('iso6523-actorid-upis::'.length);
    const docTypes = listed.get(id);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(directoryAnswer(docTypes ? id : null, docTypes ?? [])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    listed,
    asked,
    setBusy: (value: boolean) => (busy = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const BIS3 = `${BIS_BILLING_3_INVOICE}::2.1`;
const CREDIT_NOTE =
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';

/** A new valid Swedish organisation number (559 + six digits + the Luhn digit): each customer its own directory entry. */
let serial = 0;
function organisationNumber(): string {
  const body = `559${String(process.pid % 1000).padStart(3, '0')}${String(serial++).padStart(3, '0')}`;
  const sum = [...body].reduce((total, digit, i) => {
    const value = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('e-invoice acceptance', () => {
  let t: TestApp;
  let directory: Awaited<ReturnType<typeof startDirectory>>;
  let outbox: string;
  let boss: { api: ApiClient; userId: string };

  before(async () => {
    directory = await startDirectory();
    outbox = await mkdtemp(join(tmpdir(), 'frilo-outbox-'));
    const base = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({
      rateLimits: false,
      sending: { ...base.sending, einvoiceOutboxDir: outbox, peppolDirectoryUrl: directory.url },
    });
    boss = await confirmedUser(t, uniqueEmail('boss'));
    await t.sql(`update app_user set is_admin = true where id = $1`, [boss.userId]);
  });
  after(async () => {
    await t.close();
    await directory.close();
    await rm(outbox, { recursive: true, force: true });
  });

  /** A freelancer ready to send, with an e-invoice customer and an invoice to it that waits (2, problem 16). */
  async function waitingEInvoice(count = 1, details?: Record<string, unknown>, rows = [row]) {
    const governmentId = organisationNumber();
    const freelancer = await confirmedUser(t, uniqueEmail('peppol'));
    await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [freelancer.userId]);
    await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, freelancer.userId, {
      kind: 'domestic',
      clearingNumber: '83279',
      accountNumber: '1234567897',
      bankName: 'Swedbank',
    });
    const customer = await freelancer.api.call('createCustomer', {
      body: details ?? { ...swedishCompany, governmentId, vatNumber: null, eInvoice: true },
    });
    assert.equal(customer.status, 201, JSON.stringify(customer.body));
    const invoiceIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const draft = await freelancer.api.call('createInvoice', {
        body: { recipientId: customer.body.id, rows, reference: 'Eva Ek' },
      });
      assert.equal(draft.status, 201, JSON.stringify(draft.body));
      const sent = await freelancer.api.call('sendInvoice', { params: { invoiceId: draft.body.id } });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.statusName, 'quoted');
      assert.deepEqual(sent.body.problemCodes, [16]);
      invoiceIds.push(draft.body.id as string);
    }
    return { freelancer, customerId: customer.body.id as string, participantId: `0007:${governmentId}`, invoiceIds };
  }

  const invoice = async (api: ApiClient, invoiceId: string) =>
    (await api.call('getInvoice', { params: { invoiceId } })).body;

  /** How often the invoice was released, and its documents and outbox files: each must be one. */
  async function sentOnce(api: ApiClient, invoiceId: string) {
    const sent = await invoice(api, invoiceId);
    assert.equal(sent.statusName, 'sent', JSON.stringify(sent));
    const events = (await api.call('getInvoiceEvents', { params: { invoiceId } })).body.items as { event: string }[];
    assert.equal(events.filter((e) => e.event === 'preconditions_met').length, 1, JSON.stringify(events));
    const documents = await t.sql(`select count(*)::int as n from outgoing_document where invoice_id = $1`, [
      invoiceId,
    ]);
    assert.equal(documents.rows[0].n, 1);
    const files = (await readdir(outbox)).filter((f) => f.startsWith(`${sent.number}-invoice-`));
    assert.equal(files.length, 1, files.join());
  }

  const lookup = () => createEInvoiceAcceptance(t.services).lookupWaiting(t.services.orm.em.fork() as EntityManager);

  test('the directory lists the customer for BIS Billing 3 invoices: acceptance recorded, waiting invoices sent once', async () => {
    const { freelancer, customerId, participantId, invoiceIds } = await waitingEInvoice(2);
    directory.listed.set(participantId, [CREDIT_NOTE, BIS3]);
    const result = await lookup();
    assert.ok(result.accepted >= 1);
    assert.ok(directory.asked.includes(`iso6523-actorid-upis::${participantId}`));
    await t.drainJobs();
    for (const id of invoiceIds) await sentOnce(freelancer.api, id);

    const [customer] = (
      await t.sql(
        `select e_invoice_connected_at, e_invoice_participant_id, e_invoice_accepted_by from customer where id = $1`,
        [customerId],
      )
    ).rows;
    assert.ok(customer.e_invoice_connected_at);
    assert.equal(customer.e_invoice_participant_id, participantId);
    assert.equal(customer.e_invoice_accepted_by, 'directory');
    const shown = await freelancer.api.call('getCustomer', { params: { uuid: customerId } });
    assert.equal(shown.body.eInvoiceConnection, 'fully_connected');
    const audit = await t.sql(
      `select actor_user_id, subject_user_id, data from audit_event where action = 'customer.e_invoice_reachable' and data->>'customerId' = $1`,
      [customerId],
    );
    assert.equal(audit.rows.length, 1);
    assert.equal(audit.rows[0].actor_user_id, null);
    assert.equal(audit.rows[0].subject_user_id, freelancer.userId);
    assert.equal(audit.rows[0].data.source, 'directory');

    // Accepted: the directory is not asked about it again, and nothing is sent twice.
    const before = directory.asked.filter((p) => p.endsWith(participantId)).length;
    await lookup();
    await t.drainJobs();
    assert.equal(directory.asked.filter((p) => p.endsWith(participantId)).length, before);
    for (const id of invoiceIds) await sentOnce(freelancer.api, id);
  });

  test('a participant without the BIS Billing 3 invoice, or not listed, keeps waiting and is asked again only after the recheck interval', async () => {
    const { freelancer, participantId, invoiceIds } = await waitingEInvoice();
    directory.listed.set(participantId, [CREDIT_NOTE]);
    await lookup();
    await t.drainJobs();
    assert.equal((await invoice(freelancer.api, invoiceIds[0]!)).statusName, 'quoted');
    const asked = directory.asked.filter((p) => p.endsWith(participantId)).length;
    assert.equal(asked, 1);
    await lookup();
    assert.equal(directory.asked.filter((p) => p.endsWith(participantId)).length, 1, 'not asked again at once');
    assert.equal((await invoice(freelancer.api, invoiceIds[0]!)).statusName, 'quoted');
  });

  test('a directory that is down: nothing recorded, the customer is asked again on the next run', async () => {
    const { freelancer, participantId, invoiceIds } = await waitingEInvoice();
    directory.listed.set(participantId, [BIS3]);
    directory.setBusy(true);
    try {
      await lookup();
    } finally {
      directory.setBusy(false);
    }
    assert.equal((await invoice(freelancer.api, invoiceIds[0]!)).statusName, 'quoted');
    await lookup();
    await t.drainJobs();
    await sentOnce(freelancer.api, invoiceIds[0]!);
  });

  test('the adapter reads the directory’s answer: listed with the invoice type, listed without it, not listed', async () => {
    const peppol = new PeppolDirectory(directory.url);
    directory.listed.set('0007:5560360793', [BIS3]);
    directory.listed.set('0088:7300010000001', [CREDIT_NOTE]);
    assert.deepEqual(await peppol.lookup('0007:5560360793'), {
      receivesInvoices: true,
      participantId: '0007:5560360793',
    });
    assert.equal((await peppol.lookup('0088:7300010000001')).receivesInvoices, false);
    assert.equal((await peppol.lookup('0007:5560000001')).receivesInvoices, false);
  });

  test('an admin marks the customer reachable: audit-logged, the waiting invoices released at once, once', async () => {
    const { freelancer, customerId, participantId, invoiceIds } = await waitingEInvoice(2);
    const waiting = await boss.api.call('listEInvoiceRecipients', { query: { q: 'volvo', pageSize: 100 } });
    const listed = waiting.body.items.find((item: { customerId: string }) => item.customerId === customerId);
    assert.equal(listed.waitingInvoices, 2);
    assert.equal(listed.participantId, participantId);
    assert.equal(listed.reachable, false);
    assert.equal(listed.freelancer.id, freelancer.userId);

    const marked = await boss.api.call('markEInvoiceRecipientReachable', { params: { customerId }, body: {} });
    assert.equal(marked.status, 200, JSON.stringify(marked.body));
    assert.equal(marked.body.reachable, true);
    assert.equal(marked.body.acceptedBy, 'admin');
    assert.equal(marked.body.participantId, participantId);
    await t.drainJobs();
    for (const id of invoiceIds) await sentOnce(freelancer.api, id);
    const audit = await t.sql(
      `select actor_user_id, subject_user_id, data, created_at from audit_event where action = 'customer.e_invoice_reachable' and data->>'customerId' = $1`,
      [customerId],
    );
    assert.equal(audit.rows.length, 1);
    assert.equal(audit.rows[0].actor_user_id, boss.userId);
    assert.equal(audit.rows[0].subject_user_id, freelancer.userId);
    assert.equal(audit.rows[0].data.source, 'admin');
    assert.ok(audit.rows[0].created_at);
    const after = await boss.api.call('listEInvoiceRecipients', { query: { q: 'volvo', pageSize: 100 } });
    assert.ok(!after.body.items.some((item: { customerId: string }) => item.customerId === customerId));
    const reachable = await boss.api.call('listEInvoiceRecipients', { query: { status: 'reachable', pageSize: 100 } });
    assert.ok(reachable.body.items.some((item: { customerId: string }) => item.customerId === customerId));
  });

  test('the directory job and the admin accept the same customer at the same moment: each invoice sent once', async () => {
    for (let round = 0; round < 3; round++) {
      const { freelancer, customerId, participantId, invoiceIds } = await waitingEInvoice(2);
      directory.listed.set(participantId, [BIS3]);
      const [, marked] = await Promise.all([
        lookup(),
        boss.api.call('markEInvoiceRecipientReachable', { params: { customerId }, body: { participantId } }),
      ]);
      assert.equal(marked.status, 200, JSON.stringify(marked.body));
      await t.drainJobs();
      for (const id of invoiceIds) await sentOnce(freelancer.api, id);
    }
  });

  test('not reachable: sent invoices stay sent, the next e-invoice waits (16) again, the directory does not overrule it; audit-logged', async () => {
    const { freelancer, customerId, participantId, invoiceIds } = await waitingEInvoice();
    await boss.api.call('markEInvoiceRecipientReachable', { params: { customerId }, body: {} });
    await t.drainJobs();
    await sentOnce(freelancer.api, invoiceIds[0]!);

    const unmarked = await boss.api.call('markEInvoiceRecipientUnreachable', { params: { customerId } });
    assert.equal(unmarked.status, 200);
    assert.equal(unmarked.body.reachable, false);
    assert.equal(unmarked.body.acceptedBy, null);
    await sentOnce(freelancer.api, invoiceIds[0]!);
    const draft = await freelancer.api.call('createInvoice', {
      body: { recipientId: customerId, rows: [row], reference: 'Eva Ek' },
    });
    const sent = await freelancer.api.call('sendInvoice', { params: { invoiceId: draft.body.id } });
    assert.equal(sent.body.statusName, 'quoted');
    assert.deepEqual(sent.body.problemCodes, [16]);
    directory.listed.set(participantId, [BIS3]);
    await lookup();
    await t.drainJobs();
    assert.equal((await invoice(freelancer.api, draft.body.id)).statusName, 'quoted');
    assert.ok(!directory.asked.some((p) => p.endsWith(participantId)), 'an admin’s “not reachable” is not asked about');
    const again = await boss.api.call('markEInvoiceRecipientReachable', { params: { customerId }, body: {} });
    assert.equal(again.body.unreachableAt, null);
    await t.drainJobs();
    await sentOnce(freelancer.api, draft.body.id);
    const audit = await t.sql(
      `select actor_user_id, data from audit_event where action = 'customer.e_invoice_unreachable' and data->>'customerId' = $1`,
      [customerId],
    );
    assert.equal(audit.rows.length, 1);
    assert.equal(audit.rows[0].actor_user_id, boss.userId);
    assert.equal(audit.rows[0].data.before.acceptedBy, 'admin');
  });

  test('another organisation number on the customer is another organisation: its acceptance is gone', async () => {
    const { freelancer, customerId, invoiceIds } = await waitingEInvoice();
    await boss.api.call('markEInvoiceRecipientReachable', { params: { customerId }, body: {} });
    await t.drainJobs();
    await sentOnce(freelancer.api, invoiceIds[0]!);
    const renamed = await freelancer.api.call('updateCustomer', {
      params: { uuid: customerId },
      body: { name: 'Nytt Namn AB' },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.eInvoiceConnection, 'fully_connected', 'a new name keeps the acceptance');
    const other = await freelancer.api.call('createCustomer', {
      body: { ...swedishCompany, governmentId: organisationNumber(), vatNumber: null, eInvoice: true },
    });
    await t.sql(
      `update customer set e_invoice_connected_at = now(), e_invoice_accepted_by = 'admin', e_invoice_participant_id = '0007:1' where id = $1`,
      [other.body.id],
    );
    const changed = await freelancer.api.call('updateCustomer', {
      params: { uuid: other.body.id },
      body: { governmentId: organisationNumber() },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.eInvoiceConnection, 'not_connected');
    const [row] = (
      await t.sql(`select e_invoice_participant_id, e_invoice_accepted_by from customer where id = $1`, [other.body.id])
    ).rows;
    assert.deepEqual(row, { e_invoice_participant_id: null, e_invoice_accepted_by: null });
  });

  test('an unknown or deleted customer is 404; a bad participant id is a 400 that records nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const op of ['markEInvoiceRecipientReachable', 'markEInvoiceRecipientUnreachable'] as const) {
      const answer = await boss.api.call(op, { params: { customerId: unknown }, body: {} });
      assert.equal(answer.status, 404, op);
    }
    const { freelancer, customerId } = await waitingEInvoice();
    const bad = await boss.api.call('markEInvoiceRecipientReachable', {
      params: { customerId },
      body: { participantId: '0007:5560360794' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].code, 'participant_id_invalid');
    const untouched = await t.sql(`select e_invoice_connected_at from customer where id = $1`, [customerId]);
    assert.equal(untouched.rows[0].e_invoice_connected_at, null);

    const other = await confirmedUser(t, uniqueEmail('other'));
    assert.equal(
      (await other.api.call('markEInvoiceRecipientReachable', { params: { customerId }, body: {} })).status,
      403,
    );
    await freelancer.api.call('deleteCustomer', { params: { uuid: customerId } });
    const deleted = await boss.api.call('markEInvoiceRecipientReachable', { params: { customerId }, body: {} });
    assert.equal(deleted.status, 404);
  });

  describe('customers outside Sweden (issue 21)', () => {
    const norwegianCompany = {
      type: 'organization',
      name: 'Fjordkraft Konsult AS',
      governmentId: '923609016',
      contactPersonEmail: 'kari@fjordkraft.example',
      email: 'faktura@fjordkraft.example',
      invoiceLanguage: 'en',
      eInvoice: true,
      address: { streetName: 'Karl Johans gate 1', postalCode: '0154', city: 'Oslo', country: 'NO' },
    };
    const germanCompany = {
      type: 'organization',
      name: 'Beispiel Technik GmbH',
      vatNumber: 'DE811569869',
      contactPersonEmail: 'kontakt@beispiel.example',
      email: 'rechnung@beispiel.example',
      invoiceLanguage: 'en',
      eInvoice: true,
      address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    };

    test('a Norwegian company marked reachable at 0192:…: both waiting invoices are sent, once', async () => {
      const { freelancer, customerId, invoiceIds } = await waitingEInvoice(2, norwegianCompany);
      const marked = await boss.api.call('markEInvoiceRecipientReachable', {
        params: { customerId },
        body: { participantId: '0192:923609016' },
      });
      assert.equal(marked.status, 200, JSON.stringify(marked.body));
      assert.equal(marked.body.participantId, '0192:923609016');
      await t.drainJobs();
      const shown = await freelancer.api.call('getCustomer', { params: { uuid: customerId } });
      assert.equal(shown.body.eInvoiceConnection, 'fully_connected');
      for (const id of invoiceIds) {
        await sentOnce(freelancer.api, id);
        // Addressed to the participant the admin gave, not to an email address (not a Peppol scheme).
        const { number } = await invoice(freelancer.api, id);
        const [file] = (await readdir(outbox)).filter((f) => f.startsWith(`${number}-invoice-`));
        assert.match(
          await readFile(join(outbox, file!), 'utf8'),
          /<cbc:EndpointID schemeID="0192">923609016<\/cbc:EndpointID>/,
        );
      }
    });

    test('a German company the admin gave 9930:DE…: sendable, and sent once it is reachable', async () => {
      // Reverse VAT (a business in another EU country with its VAT number): 0 % rows.
      const reverseVatRow = { ...row, vatPercentage: 0 };
      const { freelancer, customerId, invoiceIds } = await waitingEInvoice(1, germanCompany, [reverseVatRow]);
      const marked = await boss.api.call('markEInvoiceRecipientReachable', {
        params: { customerId },
        body: { participantId: '9930:DE811569869' },
      });
      assert.equal(marked.status, 200, JSON.stringify(marked.body));
      await t.drainJobs();
      await sentOnce(freelancer.api, invoiceIds[0]!);
      // A new invoice to the connected customer goes out at once: no Swedish-style government id is asked for.
      const draft = await freelancer.api.call('createInvoice', {
        body: { recipientId: customerId, rows: [reverseVatRow], reference: 'Eva Ek' },
      });
      const problems = await freelancer.api.call('getInvoiceProblems', { params: { invoiceId: draft.body.id } });
      assert.deepEqual(problems.body.problems, [], JSON.stringify(problems.body));
      const sent = await freelancer.api.call('sendInvoice', { params: { invoiceId: draft.body.id } });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.statusName, 'sending', 'straight out: the customer is connected');
      await t.drainJobs();
      const delivered = await invoice(freelancer.api, draft.body.id);
      assert.equal(delivered.statusName, 'sent');
      const files = (await readdir(outbox)).filter((f) => f.startsWith(`${delivered.number}-invoice-`));
      assert.equal(files.length, 1);
      // Its e-invoice is addressed to where the customer was found reachable.
      const xml = await readFile(join(outbox, files[0]!), 'utf8');
      assert.match(xml, /<cbc:EndpointID schemeID="9930">DE811569869<\/cbc:EndpointID>/);
    });
  });
});
