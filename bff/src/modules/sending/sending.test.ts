// Sending end to end on real PostgreSQL and a real SMTP server on loopback: numbering, the email with its PDF, the
// e-invoice outbox, waiting for bank details or e-invoice acceptance, retries and failures, credit, exactly once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { PASSWORD, signUpBody, uniqueEmail } from '../auth/test-helpers.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { decodeHeader, mimeParts, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { ublXsdSkip, validateUbl } from '../../../test/fixtures/edocs/xsd.ts';
import { ocrReferenceFor } from '../../domain/ocr.ts';
import { checkEInvoice } from '../../domain/ubl-rules.ts';
import { germanCompany, swedishCompany } from '../customers/test-data.ts';
import { createBankingService } from '../banking/public.ts';
import { RELEASE_QUEUE } from './service.ts';

const row = {
  description: 'Webbutveckling, vecka 12',
  unitPrice: 95_000,
  quantity: 10,
  unit: 'hour',
  vatPercentage: 25,
};
const todayInSweden = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Signs up and confirms the address in the database: this app's emails go to the SMTP server, not the dev mailbox. */
async function confirmedBySql(t: TestApp): Promise<TestUser> {
  const api = t.client();
  const email = uniqueEmail('sender');
  assert.equal((await api.call('signUp', { body: signUpBody(email) })).status, 201);
  await t.sql(`update app_user set email_confirmed_at = now() where email = $1`, [email]);
  const login = await api.call('login', { body: { email, password: PASSWORD } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return { api, email, userId: login.body.user.id as string };
}

describe('sending invoices', () => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let outbox: string;

  before(async () => {
    smtp = await startSmtpInbox();
    outbox = await mkdtemp(join(tmpdir(), 'frilo-outbox-'));
    const base = (await import('../../platform/config.ts')).loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({
      smtpUrl: smtp.url,
      rateLimits: false,
      sending: { ...base.sending, maxAttempts: 3, retryDelaySeconds: 1, einvoiceOutboxDir: outbox },
    });
  });
  after(async () => {
    await t.close();
    await smtp.close();
    await rm(outbox, { recursive: true, force: true });
  });

  /** A freelancer ready to send: a personal identity number and (unless told) registered bank details. */
  async function freelancer(options: { bankDetails?: boolean } = {}): Promise<TestUser> {
    const user = await confirmedBySql(t);
    await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [user.userId]);
    if (options.bankDetails !== false) {
      await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, user.userId, {
        kind: 'domestic',
        clearingNumber: '83279',
        accountNumber: '1234567897',
        bankName: 'Swedbank',
      });
    }
    return user;
  }

  async function invoiceFor(api: ApiClient, customer: Record<string, unknown> = {}): Promise<string> {
    const created = await api.call('createCustomer', { body: { ...swedishCompany, ...customer } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const draft = await api.call('createInvoice', {
      body: { recipientId: created.body.id, rows: [row], reference: 'Eva Ek' },
    });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    return draft.body.id as string;
  }

  const send = (api: ApiClient, invoiceId: string, key?: string) =>
    api.call('sendInvoice', { params: { invoiceId }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  const invoice = async (api: ApiClient, invoiceId: string) =>
    (await api.call('getInvoice', { params: { invoiceId } })).body;

  test('by email: numbered, OCR from the number, the PDF attached in the customer language, reply-to the freelancer, then Sent', async (context) => {
    if (ublXsdSkip) return context.skip(ublXsdSkip);
    const user = await freelancer();
    const id = await invoiceFor(user.api, { email: 'ap-email@volvo.se' });
    // The mail server holds its answer until the read below has been made: the delivery job starts as soon as the
    // send commits and, on a fast turn, moved the invoice to sent before that read (a CI run saw version 3).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    smtp.beforeAccept = async (to) => {
      if (to.includes('ap-email@volvo.se')) await held;
    };
    let sent: Awaited<ReturnType<typeof send>>;
    let readRightAfter: Awaited<ReturnType<typeof invoice>>;
    try {
      sent = await send(user.api, id, 'first-click-0001');
      readRightAfter = await invoice(user.api, id);
    } finally {
      release();
      smtp.beforeAccept = undefined;
    }
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.statusName, 'sending');
    const number = sent.body.number as number;
    assert.ok(number >= 1001);
    assert.equal(sent.body.ocrNumber, ocrReferenceFor(number));
    // The answer is made from what the send read and wrote (decision 0052's addendum), not read again whole: it is
    // the invoice exactly as a read right after gives it.
    assert.deepEqual(sent.body, readRightAfter);

    await t.drainJobs();
    const after = await invoice(user.api, id);
    assert.equal(after.status, 3);
    assert.equal(after.statusName, 'sent');
    const mails = smtp.to('ap-email@volvo.se');
    assert.equal(mails.length, 1);
    const { headers, parts } = mimeParts(mails[0]!.raw);
    assert.equal(decodeHeader(headers.subject ?? ''), `Faktura ${number} från Frilo Demo AB – er referens Eva Ek`);
    assert.equal(headers['reply-to'], user.email);
    const text = parts.find((p) => p.type === 'text/plain')!.body.toString('utf8');
    assert.match(text, new RegExp(`OCR-nummer ${ocrReferenceFor(number)}`));
    assert.match(text, /bankgiro 5050-1238/);
    const pdf = parts.find((p) => p.type === 'application/pdf')!.body;
    const pdfText = (await extractPdfText(new Uint8Array(pdf))).text;
    for (const expected of [
      `Fakturanummer ${number}`,
      `OCR-nummer ${ocrReferenceFor(number)}`,
      'Volvo Personvagnar AB',
      'Godkänd för F-skatt',
      'Frilo Demo AB',
      'Att betala (SEK) 11 875,00',
      'Moms 25 % på 9 500,00 2 375,00',
    ]) {
      assert.ok(pdfText.includes(expected), `PDF lacks "${expected}": ${pdfText}`);
    }
    // The download is the file the customer got.
    const download = await user.api.request('GET', `/api/invoices/${id}/pdf`);
    assert.equal(download.status, 200);
    const downloaded = await fetch(`${t.url}/api/invoices/${id}/pdf`, {
      headers: { cookie: [...user.api.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    assert.equal(downloaded.headers.get('content-type'), 'application/pdf');
    assert.equal(sha(new Uint8Array(await downloaded.arrayBuffer())), sha(new Uint8Array(pdf)));

    // The UBL of an emailed invoice, for bookkeeping: valid against the XSD and every rule.
    const xml = await fetch(`${t.url}/api/invoices/${id}/e-invoice`, {
      headers: { cookie: [...user.api.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    assert.equal(xml.headers.get('content-type'), 'application/xml');
    const ubl = await xml.text();
    assert.deepEqual(checkEInvoice(ubl), []);
    assert.equal((await validateUbl(ubl)).valid, true);
    assert.match(ubl, new RegExp(`<cbc:PaymentID>${ocrReferenceFor(number)}</cbc:PaymentID>`));

    const events = await user.api.call('getInvoiceEvents', { params: { invoiceId: id } });
    assert.deepEqual(
      events.body.items.map((e: { event: string; statusName: string; actor: string }) => [
        e.event,
        e.statusName,
        e.actor,
      ]),
      [
        ['create', 'drafted', 'user'],
        ['send', 'sending', 'user'],
        ['delivered', 'sent', 'system'],
      ],
    );

    // The same key again: nothing sent twice, and the answer is the invoice as it is now (sent), not a copy of the
    // first answer (sending): docs/product/sending.md#delivery-exactly-once.
    const retried = await send(user.api, id, 'first-click-0001');
    assert.equal(retried.status, 200);
    assert.equal(retried.body.number, number);
    assert.equal(retried.body.statusName, 'sent');
    await t.drainJobs();
    assert.equal(smtp.to('ap-email@volvo.se').length, 1);
    assert.equal((await user.api.call('getInvoiceEvents', { params: { invoiceId: id } })).body.items.length, 3);
  });

  test('concurrent sends of one invoice: one number, one email, one status change; parallel invoices get consecutive numbers', async () => {
    const user = await freelancer();
    const id = await invoiceFor(user.api, { email: 'ap-race@volvo.se' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(user.api, id)));
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, 409, 409, 409, 409, 409, 409, 409]);
    await t.drainJobs();
    assert.equal(smtp.to('ap-race@volvo.se').length, 1);
    const sends = await t.sql(`select count(*)::int as n from invoice_event where invoice_id = $1 and event = 'send'`, [
      id,
    ]);
    assert.equal(sends.rows[0].n, 1);

    const ids = await Promise.all(Array.from({ length: 6 }, () => invoiceFor(user.api, { email: 'ap-many@volvo.se' })));
    const sent = await Promise.all(ids.map((invoiceId) => send(user.api, invoiceId)));
    const numbers = sent.map((s) => s.body.number as number).sort((a, b) => a - b);
    assert.equal(new Set(numbers).size, 6);
    assert.equal(numbers.at(-1)! - numbers[0]!, 5, `consecutive: ${numbers.join(', ')}`);
  });

  // The number is taken by the send's last statement, which writes it, its OCR reference (made by the database) and the
  // document (docs/decisions/0035-number-taken-last.md): the invoice, its document and its event must agree with it.
  test('the number taken last: the invoice, its stored document and its send event carry the one number and its OCR reference', async () => {
    const user = await freelancer();
    const ids = await Promise.all(Array.from({ length: 4 }, () => invoiceFor(user.api, { email: 'ap-last@volvo.se' })));
    const sent = await Promise.all(ids.map((invoiceId) => send(user.api, invoiceId)));
    for (const [i, answer] of sent.entries()) {
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const number = answer.body.number as number;
      const { rows } = await t.sql(
        `select i.number::int as "invoiceNumber", i.ocr_number as "ocr", d.number::int as "documentNumber",
           d.snapshot->>'number' as "snapshotNumber", d.snapshot->>'ocrReference' as "snapshotOcr",
           (e.data->>'number')::int as "eventNumber"
         from invoice i join outgoing_document d on d.invoice_id = i.id and d.kind = 'invoice'
           join invoice_event e on e.invoice_id = i.id and e.event = 'send'
         where i.id = $1`,
        [ids[i]],
      );
      assert.deepEqual(rows, [
        {
          invoiceNumber: number,
          ocr: ocrReferenceFor(number),
          documentNumber: number,
          snapshotNumber: String(number),
          snapshotOcr: ocrReferenceFor(number),
          eventNumber: number,
        },
      ]);
    }
  });

  test('the database makes the OCR reference of any number as domain/ocr.ts does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })), {
          minLength: 1,
          maxLength: 50,
        }),
        async (numbers) => {
          const { rows } = await t.sql(
            `select n::text as "number", invoice_ocr_reference(n) as "ocr" from unnest($1::bigint[]) as n`,
            [numbers.map(String)],
          );
          assert.deepEqual(
            rows,
            numbers.map((n) => ({ number: String(n), ocr: ocrReferenceFor(n) })),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  test('without bank details the invoice waits (2, problem 4) and goes out by itself once they are registered', async () => {
    const user = await freelancer({ bankDetails: false });
    const id = await invoiceFor(user.api, { email: 'ap-wait@volvo.se' });
    const waiting = await send(user.api, id);
    assert.equal(waiting.status, 200);
    assert.equal(waiting.body.status, 2);
    assert.equal(waiting.body.statusName, 'quoted');
    assert.equal(waiting.body.number, null);
    assert.deepEqual(waiting.body.problemCodes, [4]);

    // The bank registration flow, as the browser does it.
    const started = await user.api.call('startBankRegistration', { body: { locale: 'sv' } });
    const page = await fetch(t.url + (started.body.redirectUrl as string).split('?')[0], {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: [...user.api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'kind=domestic&clearingNumber=6000&accountNumber=123456789&action=save',
    });
    const state = new URL(page.headers.get('location')!, t.url).searchParams.get('state')!;
    assert.equal((await user.api.call('completeBankRegistration', { body: { state } })).body.outcome, 'success');
    await t.drainJobs();
    const after = await invoice(user.api, id);
    assert.equal(after.statusName, 'sent');
    assert.ok(after.number);
    assert.equal(smtp.to('ap-wait@volvo.se').length, 1);
  });

  test('an e-invoice waits for the customer’s acceptance (16), then leaves through the outbox, checked and XSD-valid', async (context) => {
    if (ublXsdSkip) return context.skip(ublXsdSkip);
    const user = await freelancer();
    const id = await invoiceFor(user.api, { eInvoice: true, email: 'ap-peppol@volvo.se' });
    const waiting = await send(user.api, id);
    assert.equal(waiting.body.statusName, 'quoted');
    assert.deepEqual(waiting.body.problemCodes, [16]);
    const customerId = (await invoice(user.api, id)).recipient.id;
    await t.sql(`update customer set e_invoice_connected_at = now() where id = $1`, [customerId]);
    await t.services.jobs.send(RELEASE_QUEUE, {});
    await t.drainJobs();
    const after = await invoice(user.api, id);
    assert.equal(after.statusName, 'sent');
    const files = (await readdir(outbox)).filter((f) => f.startsWith(`${after.number}-invoice-`));
    assert.equal(files.length, 1);
    const xml = await readFile(join(outbox, files[0]!), 'utf8');
    assert.deepEqual(checkEInvoice(xml), []);
    assert.equal((await validateUbl(xml)).valid, true);
    assert.match(xml, /<cbc:EndpointID schemeID="0007">5560360793<\/cbc:EndpointID>/);
    assert.equal(smtp.to('ap-peppol@volvo.se').length, 0, 'an e-invoice customer gets no email');
  });

  test('a refused address: −3 Not sent with problem 9; fixed and sent again with the same number', async () => {
    const user = await freelancer();
    const id = await invoiceFor(user.api, { email: 'refuse@volvo.se' });
    const first = await send(user.api, id);
    await t.drainJobs();
    const failed = await invoice(user.api, id);
    assert.equal(failed.status, -3);
    assert.equal(failed.statusName, 'failed');
    assert.deepEqual(failed.problemCodes, [9]);
    const problems = await user.api.call('getInvoiceProblems', { params: { invoiceId: id } });
    assert.deepEqual(problems.body.problemCodes, [9]);

    await user.api.call('updateCustomer', {
      params: { uuid: failed.recipient.id },
      body: { ...swedishCompany, email: 'ap-fixed@volvo.se' },
    });
    const again = await send(user.api, id);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    await t.drainJobs();
    const sent = await invoice(user.api, id);
    assert.equal(sent.statusName, 'sent');
    assert.equal(sent.number, first.body.number);
    assert.equal(smtp.to('ap-fixed@volvo.se').length, 1);
  });

  test('a busy server and a dropped connection are retried (−2 meanwhile) until the mail is accepted, once', async () => {
    const user = await freelancer();
    const busy = await invoiceFor(user.api, { email: 'busy@volvo.se' });
    const dropped = await invoiceFor(user.api, { email: 'drop@volvo.se' });
    await send(user.api, busy);
    await send(user.api, dropped);
    await t.drainJobs();
    for (const [id, address] of [
      [busy, 'busy@volvo.se'],
      [dropped, 'drop@volvo.se'],
    ] as const) {
      assert.equal((await invoice(user.api, id)).statusName, 'sent', address);
      assert.equal(smtp.to(address).length, 1, address);
      const events = (await user.api.call('getInvoiceEvents', { params: { invoiceId: id } })).body.items;
      assert.ok(
        events.some(
          (e: { event: string; status: number }) => e.event === 'delivery_failed_temporarily' && e.status === -2,
        ),
        `${address}: ${JSON.stringify(events)}`,
      );
    }
  });

  test('a server that stays busy: retried until the attempts are used up, then −3 with problem 0, and nothing sent', async () => {
    const user = await freelancer();
    const id = await invoiceFor(user.api, { email: 'always-busy@volvo.se' });
    await send(user.api, id);
    await t.drainJobs();
    const failed = await invoice(user.api, id);
    assert.equal(failed.status, -3);
    assert.deepEqual(failed.problemCodes, [0]);
    const events = (await user.api.call('getInvoiceEvents', { params: { invoiceId: id } })).body.items;
    assert.deepEqual(
      events.map((e: { event: string; status: number }) => `${e.event}:${e.status}`),
      ['create:1', 'send:2', 'delivery_failed_temporarily:-2', 'delivery_failed_temporarily:-2', 'delivery_failed:-3'],
    );
    assert.equal(smtp.to('always-busy@volvo.se').length, 0);
  });

  test('an e-invoice customer is credited with a UBL CreditNote in the outbox', async (context) => {
    if (ublXsdSkip) return context.skip(ublXsdSkip);
    const user = await freelancer();
    const id = await invoiceFor(user.api, { eInvoice: true, email: 'ap-ecredit@volvo.se' });
    const customerId = (await invoice(user.api, id)).recipient.id;
    await t.sql(`update customer set e_invoice_connected_at = now() where id = $1`, [customerId]);
    const sent = await send(user.api, id);
    assert.equal(sent.body.statusName, 'sending');
    await t.drainJobs();
    const credited = await user.api.call('creditInvoice', { params: { invoiceId: id } });
    assert.equal(credited.body.statusName, 'credited');
    await t.drainJobs();
    const files = (await readdir(outbox)).filter((f) => f.includes('-credit_note-'));
    const mine: string[] = [];
    for (const file of files) {
      const xml = await readFile(join(outbox, file), 'utf8');
      if (xml.includes(`<cbc:ID>${sent.body.number}</cbc:ID><cbc:IssueDate>`)) mine.push(xml);
    }
    assert.equal(mine.length, 1);
    assert.match(mine[0]!, /<CreditNote /);
    assert.deepEqual(checkEInvoice(mine[0]!), []);
    assert.equal((await validateUbl(mine[0]!)).valid, true);
  });

  test('credit: a credit invoice with the next number refers to the invoice; the invoice becomes 6 Credited; only once', async (context) => {
    if (ublXsdSkip) return context.skip(ublXsdSkip);
    const user = await freelancer();
    const id = await invoiceFor(user.api, { email: 'ap-credit@volvo.se', invoiceLanguage: 'en' });
    const sent = await send(user.api, id);
    const refused = await user.api.call('creditInvoice', { params: { invoiceId: id } });
    assert.equal(refused.status, 409, 'not yet delivered');
    assert.equal(refused.body.detail, "We can't credit this invoice. Please contact support.");
    await t.drainJobs();
    const credited = await user.api.call('creditInvoice', {
      params: { invoiceId: id },
      headers: { 'idempotency-key': 'credit-key-0001' },
      body: { reason: 'Wrong hours' },
    });
    assert.equal(credited.status, 200, JSON.stringify(credited.body));
    assert.equal(credited.body.status, 6);
    assert.equal(credited.body.statusName, 'credited');
    await t.drainJobs();
    const mails = smtp.to('ap-credit@volvo.se');
    assert.equal(mails.length, 2);
    const pdf = mimeParts(mails[1]!.raw).parts.find((p) => p.type === 'application/pdf')!.body;
    const text = (await extractPdfText(new Uint8Array(pdf))).text;
    assert.ok(text.includes(`Credits invoice ${sent.body.number} dated ${todayInSweden()}.`), text);
    assert.ok(text.includes('Amount credited (SEK) -11,875.00'), text);
    const creditNumber = Number(/Credit note number (\d+)/.exec(text)?.[1]);
    assert.ok(creditNumber > sent.body.number);

    const xml = await fetch(`${t.url}/api/invoices/${id}/e-invoice?document=credit_note`, {
      headers: { cookie: [...user.api.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const ubl = await xml.text();
    assert.match(ubl, /^<\?xml[^>]*>\s*<CreditNote /);
    assert.deepEqual(checkEInvoice(ubl), []);
    assert.equal((await validateUbl(ubl)).valid, true);

    const again = await user.api.call('creditInvoice', {
      params: { invoiceId: id },
      headers: { 'idempotency-key': 'credit-key-0001' },
    });
    assert.equal(again.status, 200);
    const twice = await user.api.call('creditInvoice', { params: { invoiceId: id } });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.code, 'credit_not_possible');
  });

  test('refused while something blocks it: a blocklisted recipient (17), characters the invoice cannot carry (18)', async () => {
    const user = await freelancer();
    const id = await invoiceFor(user.api, { email: 'blocked@volvo.se' });
    await t.sql(`insert into recipient_blocklist (kind, value, reason) values ('email', 'blocked@volvo.se', 'fraud')`);
    const refused = await send(user.api, id);
    assert.equal(refused.status, 422);
    assert.equal(refused.body.code, 'invoice_not_sendable');
    assert.deepEqual(refused.body.problemCodes, [17]);
    assert.equal((await invoice(user.api, id)).statusName, 'drafted');

    const other = await invoiceFor(user.api, { email: 'ap-chars@volvo.se' });
    const current = await invoice(user.api, other);
    await user.api.call('updateInvoice', {
      params: { invoiceId: other },
      body: { version: current.version, rows: [{ ...row, description: 'Design 🎨' }] },
    });
    const chars = await send(user.api, other);
    assert.equal(chars.status, 422);
    assert.deepEqual(chars.body.problemCodes, [18]);
    assert.equal((await invoice(user.api, other)).number, null);
  });

  test('every kind the product sends is a valid e-invoice: several rates with mileage, reverse charge in EUR', async (context) => {
    if (ublXsdSkip) return context.skip(ublXsdSkip);
    const user = await freelancer();
    const today = todayInSweden();
    await t.sql(
      `insert into exchange_rate (currency, date, sek_per_unit) values ('EUR', $1::date, 11.2345) on conflict do nothing`,
      [today],
    );
    const customerSe = await user.api.call('createCustomer', {
      body: { ...swedishCompany, email: 'ap-kinds@volvo.se' },
    });
    const mixed = await user.api.call('createInvoice', {
      body: {
        recipientId: customerSe.body.id,
        rows: [
          row,
          { ...row, description: 'Kursmaterial', unitPrice: 12_990, quantity: 3, unit: 'pcs', vatPercentage: 6 },
        ],
        expenses: [
          {
            type: 'mileage',
            description: 'Kundbesök',
            mileage: { date: today, from: 'Stockholm', to: 'Uppsala', km: 142.5, purpose: 'Workshop hos kunden' },
          },
        ],
      },
    });
    const customerDe = await user.api.call('createCustomer', {
      body: { ...germanCompany, email: 'ap-kinds@beispiel.de' },
    });
    const reverse = await user.api.call('createInvoice', {
      body: {
        recipientId: customerDe.body.id,
        currency: 'EUR',
        rows: [
          {
            ...row,
            description: 'Software development',
            unitPrice: 60_000,
            quantity: 5,
            unit: 'day',
            vatPercentage: 0,
          },
        ],
      },
    });
    for (const draft of [mixed, reverse]) {
      assert.equal(draft.status, 201, JSON.stringify(draft.body));
      const sent = await send(user.api, draft.body.id as string);
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
    }
    await t.drainJobs();
    const cookie = [...user.api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const draft of [mixed, reverse]) {
      const ubl = await (
        await fetch(`${t.url}/api/invoices/${draft.body.id}/e-invoice`, { headers: { cookie } })
      ).text();
      assert.deepEqual(checkEInvoice(ubl), [], ubl);
      assert.equal((await validateUbl(ubl)).valid, true);
    }
    const reverseUbl = await (
      await fetch(`${t.url}/api/invoices/${reverse.body.id}/e-invoice`, { headers: { cookie } })
    ).text();
    assert.match(reverseUbl, /<cbc:ID>AE<\/cbc:ID>/);
    assert.match(reverseUbl, /<cbc:TaxCurrencyCode>SEK<\/cbc:TaxCurrencyCode>/);
    const pdf = await fetch(`${t.url}/api/invoices/${reverse.body.id}/pdf`, { headers: { cookie } });
    const text = (await extractPdfText(new Uint8Array(await pdf.arrayBuffer()))).text;
    for (const expected of [
      'Reverse charge',
      "customer's VAT no. DE123456788",
      'Amount due (EUR) 3,000.00',
      'VAT in SEK 0.00 SEK',
    ]) {
      assert.ok(text.includes(expected), `PDF lacks "${expected}": ${text}`);
    }
  });

  test('another user’s invoice is a 404 for every sending operation', async () => {
    const owner = await freelancer();
    const stranger = await freelancer();
    const id = await invoiceFor(owner.api, { email: 'ap-own@volvo.se' });
    assert.equal((await send(stranger.api, id)).status, 404);
    assert.equal((await stranger.api.call('creditInvoice', { params: { invoiceId: id } })).status, 404);
    assert.equal((await stranger.api.call('getInvoiceEvents', { params: { invoiceId: id } })).status, 404);
    assert.equal((await stranger.api.request('GET', `/api/invoices/${id}/pdf`)).status, 404);
  });
});

describe('review before sending', () => {
  test('a new freelancer’s first invoice waits for an admin (−1) when the setting asks for it', async () => {
    const base = (await import('../../platform/config.ts')).loadConfig({ NODE_ENV: 'test' });
    const t = await createTestApp({ sending: { ...base.sending, reviewFirstInvoice: true } });
    try {
      const user = await confirmedBySql(t);
      await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [user.userId]);
      await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, user.userId, {
        kind: 'iban',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      });
      const customer = await user.api.call('createCustomer', { body: swedishCompany });
      const draft = await user.api.call('createInvoice', { body: { recipientId: customer.body.id, rows: [row] } });
      const sent = await user.api.call('sendInvoice', { params: { invoiceId: draft.body.id } });
      assert.equal(sent.status, 200);
      assert.equal(sent.body.status, -1);
      assert.equal(sent.body.statusName, 'need_admin_approval');
      assert.equal(sent.body.number, null);
    } finally {
      await t.close();
    }
  });
});
