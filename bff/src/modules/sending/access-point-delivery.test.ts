// An e-invoice through the real delivery job to an access point on loopback (node:http): the first attempt meets a
// busy access point (503), the job retries, and the access point takes the document exactly once: one accepted
// submission, every attempt with the same Idempotency-Key and the same UBL inside its Peppol envelope.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, signUpBody, uniqueEmail } from '../auth/test-helpers.ts';
import { ublBody } from '../../domain/peppol-envelope.ts';
import { checkEInvoice } from '../../domain/ubl-rules.ts';
import { swedishCompany } from '../customers/test-data.ts';
import { createBankingService } from '../banking/public.ts';

const TOKEN = 'loopback-ap-token-0123456789';

describe('e-invoices through an HTTP access point', () => {
  let t: TestApp;
  let server: Server;
  const requests: { headers: IncomingHttpHeaders; body: string; status: number }[] = [];
  /** Submissions the access point took, by Idempotency-Key (a real one answers a repeated key without a copy). */
  const accepted = new Map<string, string>();

  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const key = String(req.headers['idempotency-key']);
        // The first attempt finds the access point busy.
        const status = requests.length === 0 ? 503 : 202;
        requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
        if (status === 202) accepted.set(key, requests.at(-1)!.body);
        res.writeHead(status, status === 503 ? { 'retry-after': '1' } : {}).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = (await import('../../platform/config.ts')).loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({
      rateLimits: false,
      sending: {
        ...base.sending,
        maxAttempts: 3,
        retryDelaySeconds: 1,
        accessPoint: {
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/submissions`,
          token: TOKEN,
          timeoutSeconds: 5,
        },
      },
    });
  });
  after(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  test('a 503 on the first attempt is retried by the job; the access point gets the e-invoice exactly once', async () => {
    const api = t.client();
    const email = uniqueEmail('ap-sender');
    assert.equal((await api.call('signUp', { body: signUpBody(email) })).status, 201);
    await t.sql(`update app_user set email_confirmed_at = now(), government_id = '198112189876' where email = $1`, [
      email,
    ]);
    const login = await api.call('login', { body: { email, password: PASSWORD } });
    const userId = login.body.user.id as string;
    await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, userId, {
      kind: 'domestic',
      clearingNumber: '83279',
      accountNumber: '1234567897',
      bankName: 'Swedbank',
    });
    const customer = await api.call('createCustomer', {
      body: { ...swedishCompany, eInvoice: true, email: 'ap-http@volvo.se' },
    });
    assert.equal(customer.status, 201, JSON.stringify(customer.body));
    await t.sql(`update customer set e_invoice_connected_at = now() where id = $1`, [customer.body.id]);
    const draft = await api.call('createInvoice', {
      body: {
        recipientId: customer.body.id,
        rows: [{ description: 'Webbutveckling', unitPrice: 95_000, quantity: 10, unit: 'hour', vatPercentage: 25 }],
        reference: 'Eva Ek',
      },
    });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    const invoiceId = draft.body.id as string;
    const sent = await api.call('sendInvoice', { params: { invoiceId } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await t.drainJobs();

    const after = (await api.call('getInvoice', { params: { invoiceId } })).body;
    assert.equal(after.statusName, 'sent');
    const [document] = (
      await t.sql(`select id, ubl from outgoing_document where invoice_id = $1 and kind = 'invoice'`, [invoiceId])
    ).rows as [{ id: string; ubl: string }];
    assert.deepEqual(
      requests.map((r) => r.status),
      [503, 202],
    );
    assert.deepEqual([...accepted.keys()], [document.id], 'one submission taken, under the document id');
    for (const request of requests) {
      assert.equal(request.headers.authorization, `Bearer ${TOKEN}`);
      assert.equal(request.headers['idempotency-key'], document.id);
      assert.ok(request.body.includes(ublBody(document.ubl)), 'the stored UBL travels unchanged');
    }
    assert.deepEqual(checkEInvoice(document.ubl), []);
    assert.match(
      accepted.get(document.id)!,
      /<Identifier Authority="iso6523-actorid-upis">0007:5560360793<\/Identifier>/,
    );
    const events = (await api.call('getInvoiceEvents', { params: { invoiceId } })).body.items as {
      event: string;
      status: number;
    }[];
    assert.ok(
      events.some((e) => e.event === 'delivery_failed_temporarily' && e.status === -2),
      JSON.stringify(events),
    );

    // Nothing left to deliver: a later sweep or retry finds the document delivered and sends nothing more.
    const { rows } = await t.sql(`select delivery_state from outgoing_document where id = $1`, [document.id]);
    assert.equal(rows[0].delivery_state, 'delivered');
    assert.equal(requests.length, 2);
  });
});
