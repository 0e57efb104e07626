// The send dialog's operations and the e-invoice wait's time frame (issue 24), on real PostgreSQL and a real SMTP server
// on loopback: the freelancer's own preview of the exact PDF before numbering, where an invoice goes, the message to the
// customer (refused with a link, shown in the email, kept with the send), the customer's reference and dates in the
// customer's language in the email, the wait counted in bank days with its notice sent once, and the PDF-by-email
// fallback sent once through the status machine.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { PASSWORD, signUpBody, uniqueEmail } from '../auth/test-helpers.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { decodeHeader, mimeParts, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { Translations } from '../../platform/i18n/translations.ts';
import { swedishCompany } from '../customers/test-data.ts';
import { createBankingService } from '../banking/public.ts';
import { EInvoiceWaitNotices } from './e-invoice-waits.ts';

const row = {
  description: 'Webbutveckling, vecka 12',
  unitPrice: 95_000,
  quantity: 10,
  unit: 'hour',
  vatPercentage: 25,
};

/** A valid Swedish organisation number of our own per customer (559 + six digits + the Luhn digit). */
let serial = 0;
function organisationNumber(): string {
  const body = `559${String(process.pid % 1000).padStart(3, '0')}${String(serial++).padStart(3, '0')}`;
  const sum = [...body].reduce((total, digit, i) => {
    const value = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('the send dialog and the e-invoice wait', () => {
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
      sending: { ...base.sending, einvoiceOutboxDir: outbox },
    });
  });
  after(async () => {
    await t.close();
    await smtp.close();
    await rm(outbox, { recursive: true, force: true });
  });

  /** A freelancer ready to send (personal identity number, bank details); their emails go to the SMTP inbox. */
  async function freelancer(): Promise<TestUser> {
    const api = t.client();
    const email = uniqueEmail('dialog');
    assert.equal((await api.call('signUp', { body: signUpBody(email) })).status, 201);
    await t.sql(`update app_user set email_confirmed_at = now(), government_id = '198112189876' where email = $1`, [
      email,
    ]);
    const login = await api.call('login', { body: { email, password: PASSWORD } });
    const user = { api, email, userId: login.body.user.id as string };
    await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, user.userId, {
      kind: 'domestic',
      clearingNumber: '83279',
      accountNumber: '1234567897',
      bankName: 'Swedbank',
    });
    return user;
  }

  async function draftFor(api: ApiClient, customer: Record<string, unknown> = {}, reference = 'PO-4711') {
    const created = await api.call('createCustomer', { body: { ...swedishCompany, ...customer } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const draft = await api.call('createInvoice', {
      body: { recipientId: created.body.id, rows: [row], reference },
    });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    return { id: draft.body.id as string, customerId: created.body.id as string };
  }

  /** An invoice to an e-invoice customer that has not accepted e-invoices: sent, it waits (2, problem 16). */
  async function waitingEInvoice(user: TestUser, customer: Record<string, unknown> = {}) {
    const governmentId = organisationNumber();
    const draft = await draftFor(user.api, {
      governmentId,
      vatNumber: null,
      eInvoice: true,
      email: 'ap-einvoice@example.se',
      ...customer,
    });
    const sent = await user.api.call('sendInvoice', {
      params: { invoiceId: draft.id },
      body: { message: 'Tack för ett bra samarbete!' },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.statusName, 'quoted');
    return { ...draft, governmentId };
  }

  /** Moves the start of the invoice's current wait `days` calendar days back. */
  const waitedDays = (invoiceId: string, days: number) =>
    t.sql(
      `update invoice_event set created_at = now() - make_interval(days => $2) where invoice_id = $1 and to_state = 'waiting'`,
      [invoiceId, days],
    );

  const notices = () =>
    new EInvoiceWaitNotices(t.services, new Translations(t.config.staticRoot)).notifyDue(
      t.services.orm.em.fork() as EntityManager,
    );

  test('the freelancer previews the exact PDF before it is numbered; others and sent invoices get 404', async () => {
    const user = await freelancer();
    const { id } = await draftFor(user.api);
    const preview = await user.api.call('getInvoicePreviewPdf', { params: { invoiceId: id } });
    assert.equal(preview.status, 200);
    assert.equal(preview.headers.get('content-type'), 'application/pdf');
    const text = (await extractPdfText(new Uint8Array(preview.body as Buffer))).text;
    for (const expected of [
      'Tilldelas vid utskick',
      'Volvo Personvagnar AB',
      'Er referens PO-4711',
      'Att betala (SEK) 11 875,00',
      'OCR-numret står på fakturan när den skickas',
    ]) {
      assert.ok(text.includes(expected), `the preview lacks "${expected}": ${text}`);
    }
    // Nothing was taken: still a draft without a number.
    const still = await user.api.call('getInvoice', { params: { invoiceId: id } });
    assert.equal(still.body.number, null);
    assert.equal(still.body.statusName, 'drafted');

    const other = await freelancer();
    assert.equal((await other.api.call('getInvoicePreviewPdf', { params: { invoiceId: id } })).status, 404);

    const sent = await user.api.call('sendInvoice', { params: { invoiceId: id } });
    assert.equal(sent.status, 200);
    await t.drainJobs();
    assert.equal((await user.api.call('getInvoicePreviewPdf', { params: { invoiceId: id } })).status, 404);
  });

  test('the delivery says where the invoice goes: an email address, or Peppol and the wait for acceptance', async () => {
    const user = await freelancer();
    const byEmail = await draftFor(user.api, { email: 'ap@volvo.se' });
    const email = await user.api.call('getInvoiceDelivery', { params: { invoiceId: byEmail.id } });
    assert.equal(email.status, 200, JSON.stringify(email.body));
    assert.deepEqual(
      { ...email.body, reviewRequired: undefined },
      {
        channel: 'email',
        email: 'ap@volvo.se',
        participantId: null,
        eInvoiceAccepted: false,
        waitingFor: [],
        reviewRequired: undefined,
        message: null,
        waitLimitBankDays: 3,
        eInvoiceWait: null,
      },
    );
    const governmentId = organisationNumber();
    const peppol = await draftFor(user.api, { governmentId, vatNumber: null, eInvoice: true });
    const einvoice = (await user.api.call('getInvoiceDelivery', { params: { invoiceId: peppol.id } })).body;
    assert.equal(einvoice.channel, 'e_invoice');
    assert.equal(einvoice.participantId, `0007:${governmentId}`);
    assert.equal(einvoice.eInvoiceAccepted, false);
    assert.deepEqual(einvoice.waitingFor, ['e_invoice_acceptance']);
  });

  test('a message with a link is refused on its field and nothing is sent, whatever link it holds', async () => {
    const user = await freelancer();
    const { id } = await draftFor(user.api, { email: 'ap-links@volvo.se' });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('https://pay.example.com/x', 'www.betala-har.se', 'betala@bedrag.com', 'frilo.se'),
        fc.constantFrom('Betala här: ', 'Hej! ', ''),
        async (link, before) => {
          const refused = await user.api.call('sendInvoice', {
            params: { invoiceId: id },
            body: { message: `${before}${link} tack` },
          });
          assert.equal(refused.status, 400, JSON.stringify(refused.body));
          assert.equal(refused.body.errors[0].field, 'body.message');
          assert.equal(refused.body.errors[0].code, 'message_link');
        },
      ),
      { numRuns: 12 },
    );
    const still = await user.api.call('getInvoice', { params: { invoiceId: id } });
    assert.equal(still.body.number, null);
    assert.equal(still.body.statusName, 'drafted');
    assert.equal(smtp.to('ap-links@volvo.se').length, 0);
    const tooLong = await user.api.call('sendInvoice', {
      params: { invoiceId: id },
      body: { message: 'x'.repeat(501) },
    });
    assert.equal(tooLong.status, 400);
  });

  test('the email carries the message, the customer reference in subject and text, dates and money the customer language writes', async () => {
    const user = await freelancer();
    const { id } = await draftFor(user.api, { email: 'ap-message@volvo.se' });
    const message = 'Tack för uppdraget!\n\nHör av dig om t.ex. timmarna ser fel ut.';
    const sent = await user.api.call('sendInvoice', { params: { invoiceId: id }, body: { message: `  ${message}  ` } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await t.drainJobs();
    const [mail] = smtp.to('ap-message@volvo.se');
    assert.ok(mail);
    const { headers, parts } = mimeParts(mail.raw);
    const number = sent.body.number as number;
    assert.equal(decodeHeader(headers.subject ?? ''), `Faktura ${number} från Frilo Demo AB – er referens PO-4711`);
    const text = parts.find((p) => p.type === 'text/plain')!.body.toString('utf8');
    assert.match(text, /> Tack för uppdraget!\r?\n>\s*\r?\n> Hör av dig om t\.ex\. timmarna ser fel ut\./);
    assert.match(text, /Er referens: PO-4711\./);
    assert.match(
      text,
      /Att betala: 11\u00a0875,00\u00a0kr senast \d{1,2} (januari|februari|mars|april|maj|juni|juli|augusti|september|oktober|november|december) \d{4} till bankgiro/,
    );
    assert.doesNotMatch(text, /\d{4}-\d{2}-\d{2}/, 'no ISO dates in the email');
    const html = parts.find((p) => p.type === 'text/html')!.body.toString('utf8');
    assert.match(html, /<blockquote[^>]*>Tack för uppdraget!<br><br>Hör av dig/);
    // Kept with the send in the history, and in the delivery.
    const events = (await user.api.call('getInvoiceEvents', { params: { invoiceId: id } })).body.items;
    assert.equal(events.find((e: { event: string }) => e.event === 'send').message, message);
    assert.equal((await user.api.call('getInvoiceDelivery', { params: { invoiceId: id } })).body.message, message);
  });

  test('in English: "SEK 11,875.00", the due date in English words, "your reference"', async () => {
    const user = await freelancer();
    const { id } = await draftFor(user.api, { email: 'ap-english@volvo.se', invoiceLanguage: 'en' });
    const sent = await user.api.call('sendInvoice', { params: { invoiceId: id } });
    await t.drainJobs();
    const { headers, parts } = mimeParts(smtp.to('ap-english@volvo.se')[0]!.raw);
    assert.equal(
      decodeHeader(headers.subject ?? ''),
      `Invoice ${sent.body.number} from Frilo Demo AB – your reference PO-4711`,
    );
    const text = parts.find((p) => p.type === 'text/plain')!.body.toString('utf8');
    assert.match(text, /Amount due: SEK\u00a011,875\.00 by \d{1,2} [A-Z][a-z]+ \d{4} to Bankgiro/);
    assert.match(text, /Your reference: PO-4711\./);
  });

  test('after the limit in bank days the freelancer is told once, also with two runs at once; the wait shows on the invoice', async () => {
    const user = await freelancer();
    const { id, customerId } = await waitingEInvoice(user);
    let delivery = (await user.api.call('getInvoiceDelivery', { params: { invoiceId: id } })).body;
    assert.equal(delivery.eInvoiceWait.bankDaysWaited, 0);
    assert.equal(delivery.eInvoiceWait.limitBankDays, 3);
    assert.equal(delivery.eInvoiceWait.limitReached, false);
    assert.deepEqual(delivery.eInvoiceWait.emailFallback, { possible: true, reason: null });
    assert.equal(delivery.message, 'Tack för ett bra samarbete!');
    assert.equal(await notices(), 0, 'not before the limit');

    // Two weeks later: well past three bank days whatever the calendar.
    await waitedDays(id, 14);
    delivery = (await user.api.call('getInvoiceDelivery', { params: { invoiceId: id } })).body;
    assert.ok(delivery.eInvoiceWait.bankDaysWaited >= 8, JSON.stringify(delivery));
    assert.equal(delivery.eInvoiceWait.limitReached, true);
    assert.equal(delivery.eInvoiceWait.notifiedAt, null);
    const runs = await Promise.all([notices(), notices(), notices()]);
    assert.equal(
      runs.reduce((a, b) => a + b, 0),
      1,
      `told once: ${runs.join()}`,
    );
    assert.equal(await notices(), 0);
    await t.drainJobs();
    const mails = smtp
      .to(user.email)
      .filter((m) => /väntar fortfarande/.test(decodeHeader(mimeParts(m.raw).headers.subject ?? '')));
    assert.equal(mails.length, 1);
    const text = mimeParts(mails[0]!.raw)
      .parts.find((p) => p.type === 'text/plain')!
      .body.toString('utf8');
    assert.match(text, /ap-einvoice@example\.se/);
    assert.match(text, new RegExp(`/dashboard/invoices/${id}`));
    assert.doesNotMatch(text, /av sig själv/, 'no promise of what may not happen');
    delivery = (await user.api.call('getInvoiceDelivery', { params: { invoiceId: id } })).body;
    assert.ok(delivery.eInvoiceWait.notifiedAt);

    // The back office's list shows how long it has waited.
    const admin = await freelancer();
    await t.sql(`update app_user set is_admin = true where id = $1`, [admin.userId]);
    const list = await admin.api.call('listEInvoiceRecipients', { query: { status: 'waiting', q: '' } });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const listed = list.body.items.find((r: { customerId: string }) => r.customerId === customerId);
    assert.ok(listed.waitedBankDays >= 8);
    assert.equal(listed.waitLimitBankDays, 3);
  });

  test('sending a waiting e-invoice as a PDF by email: once whatever arrives at once, with its message, through the machine', async () => {
    const user = await freelancer();
    const { id } = await waitingEInvoice(user, { email: 'ap-fallback@example.se' });
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => user.api.call('sendInvoiceByEmail', { params: { invoiceId: id } })),
    );
    const ok = attempts.filter((a) => a.status === 200);
    assert.equal(ok.length, 1, JSON.stringify(attempts.map((a) => [a.status, a.body?.code])));
    for (const other of attempts.filter((a) => a.status !== 200)) {
      assert.equal(other.status, 409);
      assert.ok(['illegal_transition', 'version_conflict'].includes(other.body.code), JSON.stringify(other.body));
    }
    await t.drainJobs();
    const after = (await user.api.call('getInvoice', { params: { invoiceId: id } })).body;
    assert.equal(after.statusName, 'sent');
    const mails = smtp.to('ap-fallback@example.se');
    assert.equal(mails.length, 1);
    const { parts } = mimeParts(mails[0]!.raw);
    assert.ok(parts.some((p) => p.type === 'application/pdf'));
    assert.match(parts.find((p) => p.type === 'text/plain')!.body.toString('utf8'), /> Tack för ett bra samarbete!/);
    const events = (await user.api.call('getInvoiceEvents', { params: { invoiceId: id } })).body.items;
    assert.deepEqual(
      events.map((e: { event: string }) => e.event),
      ['create', 'send', 'send_by_email', 'delivered'],
    );
    const delivery = (await user.api.call('getInvoiceDelivery', { params: { invoiceId: id } })).body;
    assert.equal(delivery.channel, 'email');
    assert.equal(delivery.eInvoiceWait, null);
    // Once out, the same call is an illegal transition; another user's is not found.
    assert.equal((await user.api.call('sendInvoiceByEmail', { params: { invoiceId: id } })).status, 409);
    const other = await freelancer();
    assert.equal((await other.api.call('sendInvoiceByEmail', { params: { invoiceId: id } })).status, 404);
  });

  test('no PDF by email for a Swedish public body (it must get e-invoices), nor without an invoice email', async () => {
    const user = await freelancer();
    // Stockholms stad: legal-form group 2.
    const publicBody = await waitingEInvoice(user, { governmentId: '2120000142', email: 'fakturor@stockholm.se' });
    const refused = await user.api.call('sendInvoiceByEmail', { params: { invoiceId: publicBody.id } });
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'email_fallback_not_possible');
    assert.equal(refused.body.reason, 'public_body');
    const delivery = (await user.api.call('getInvoiceDelivery', { params: { invoiceId: publicBody.id } })).body;
    assert.deepEqual(delivery.eInvoiceWait.emailFallback, { possible: false, reason: 'public_body' });

    const noEmail = await waitingEInvoice(user, { email: null });
    const refusedNoEmail = await user.api.call('sendInvoiceByEmail', { params: { invoiceId: noEmail.id } });
    assert.equal(refusedNoEmail.status, 409, JSON.stringify(refusedNoEmail.body));
    assert.equal(refusedNoEmail.body.reason, 'no_email');
    for (const { id } of [publicBody, noEmail]) {
      assert.equal((await user.api.call('getInvoice', { params: { invoiceId: id } })).body.statusName, 'quoted');
    }

    // A draft is not waiting.
    const draft = await draftFor(user.api);
    assert.equal((await user.api.call('sendInvoiceByEmail', { params: { invoiceId: draft.id } })).status, 409);
  });
});
