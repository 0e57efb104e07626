// The back office's work on real PostgreSQL: the approval queue and requests for changes, the audit log, the
// exchange-rate table and its Riksbank import, campaign codes and the dated settings.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { mailbox } from '../../../test/mailbox.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { loadConfig } from '../../platform/config.ts';
import { confirmedUser, uniqueEmail } from '../auth/test-helpers.ts';
import { createBankingService } from '../banking/public.ts';
import { swedishCompany } from '../customers/test-data.ts';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/back-office');
const csvForm = (text: string | Buffer, name = 'rates.csv') => {
  const form = new FormData();
  form.set('file', new Blob([text], { type: 'text/csv' }), name);
  return form;
};

describe('the back office', () => {
  let t: TestApp;
  let boss: { api: ApiClient; userId: string; email: string };
  let outbox: string;

  before(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'frilo-outbox-'));
    // A freelancer's first invoice waits for an admin's review, as the review setting can ask.
    const base = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({
      rateLimits: false,
      sending: { ...base.sending, reviewFirstInvoice: true, einvoiceOutboxDir: outbox },
    });
    boss = await confirmedUser(t, uniqueEmail('boss'));
    await t.sql(`update app_user set is_admin = true where id = $1`, [boss.userId]);
  });
  after(async () => {
    await t.close();
    await rm(outbox, { recursive: true, force: true });
  });

  /** A new freelancer's first invoice, sent: it waits for review (−1). */
  async function invoiceInReview(locale: 'sv' | 'en' = 'sv', options: { bankDetails?: boolean } = {}) {
    const freelancer = await confirmedUser(t, uniqueEmail('freelancer'), {
      preferredLocale: locale,
      firstName: 'Frida',
    });
    await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [freelancer.userId]);
    if (options.bankDetails !== false) {
      await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, freelancer.userId, {
        kind: 'domestic',
        clearingNumber: '83279',
        accountNumber: '1234567897',
        bankName: 'Swedbank',
      });
    }
    const customer = await freelancer.api.call('createCustomer', { body: swedishCompany });
    const created = await freelancer.api.call('createInvoice', {
      body: {
        recipientId: customer.body.id,
        rows: [{ description: 'Fotografering', unitPrice: 1200000, quantity: 1, unit: 'lump_sum', vatPercentage: 25 }],
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const invoiceId: string = created.body.id;
    const sent = await freelancer.api.call('sendInvoice', { params: { invoiceId } });
    assert.equal(sent.body.status, -1, JSON.stringify(sent.body));
    return { ...freelancer, invoiceId };
  }

  describe('approval queue', () => {
    test('lists the invoices waiting for review, oldest first, and opens one with its rows, customer and history', async () => {
      const first = await invoiceInReview();
      const second = await invoiceInReview();
      const queue = await boss.api.call('listApprovalQueue', { query: { pageSize: 100 } });
      assert.equal(queue.status, 200);
      const ids = queue.body.items.map((item: { invoiceId: string }) => item.invoiceId);
      assert.ok(ids.indexOf(first.invoiceId) < ids.indexOf(second.invoiceId));
      const item = queue.body.items.find((i: { invoiceId: string }) => i.invoiceId === first.invoiceId);
      assert.equal(item.freelancer.id, first.userId);
      assert.equal(item.freelancer.displayName, 'Frida Andersson');
      assert.equal(item.recipientName, swedishCompany.name);
      assert.equal(item.totalExclVat, 1200000);
      assert.equal(item.totalInclVat, 1500000);
      assert.equal(item.earlierRequests, 0);

      const open = await boss.api.call('getApprovalInvoice', { params: { invoiceId: first.invoiceId } });
      assert.equal(open.status, 200);
      assert.equal(open.body.status, -1);
      assert.equal(open.body.rows[0].description, 'Fotografering');
      assert.equal(open.body.recipient.email, swedishCompany.email);
      assert.deepEqual(
        open.body.history.map((h: { event: string; toStatus: number }) => [h.event, h.toStatus]),
        [
          ['create', 1],
          ['send', -1],
        ],
      );
      // A draft is not in the queue.
      const draft = await first.api.call('createInvoice', {
        body: {
          recipientId: open.body.recipient.id,
          rows: [{ description: 'x', unitPrice: 100000, quantity: 1, unit: 'pcs', vatPercentage: 25 }],
        },
      });
      assert.equal((await boss.api.call('getApprovalInvoice', { params: { invoiceId: draft.body.id } })).status, 404);
    });

    test('requesting changes sends the invoice back (7) with the comment on it and in an email in the freelancer\u2019s language', async () => {
      const english = await invoiceInReview('en');
      const comment = 'Please state the date of the wedding in the row.\nAnd the venue.';
      const res = await boss.api.call('requestInvoiceChanges', {
        params: { invoiceId: english.invoiceId },
        body: { comment: `  ${comment}  ` },
      });
      assert.equal(res.status, 200);
      assert.deepEqual([res.body.status, res.body.statusName], [7, 'drafted']);

      const invoice = await english.api.call('getInvoice', { params: { invoiceId: english.invoiceId } });
      assert.equal(invoice.body.status, 7);
      assert.equal(invoice.body.editable, true);
      assert.equal(invoice.body.changesRequested.comment, comment);
      assert.ok(invoice.body.changesRequested.requestedAt);

      const [event] = (
        await t.sql(
          `select actor_type, actor_user_id, reason from invoice_event where invoice_id = $1 and event = 'request_changes'`,
          [english.invoiceId],
        )
      ).rows;
      assert.deepEqual(event, { actor_type: 'admin', actor_user_id: boss.userId, reason: comment });

      const [mail] = await mailbox(t, english.email);
      assert.match(mail!.subject, /Changes requested on your invoice to Volvo Personvagnar AB/);
      assert.match(mail!.text, /Please state the date of the wedding in the row\./);
      assert.match(mail!.text, /And the venue\./);
      assert.ok(mail!.links.some((link) => link.endsWith(`/quotations/edit/${english.invoiceId}`)));

      const swedish = await invoiceInReview('sv');
      await boss.api.call('requestInvoiceChanges', {
        params: { invoiceId: swedish.invoiceId },
        body: { comment: 'Ange datum.' },
      });
      const [svMail] = await mailbox(t, swedish.email);
      assert.match(svMail!.subject, /Ändringar begärs på din faktura/);

      // Handled once: a second request finds it no longer waiting, and it has left the queue.
      const again = await boss.api.call('requestInvoiceChanges', {
        params: { invoiceId: english.invoiceId },
        body: { comment: 'again' },
      });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'illegal_transition');
      const queue = await boss.api.call('listApprovalQueue', { query: { pageSize: 100 } });
      assert.ok(!queue.body.items.some((i: { invoiceId: string }) => i.invoiceId === english.invoiceId));
    });

    test('a request for changes needs words, and the version the admin saw', async () => {
      const waiting = await invoiceInReview();
      const blank = await boss.api.call('requestInvoiceChanges', {
        params: { invoiceId: waiting.invoiceId },
        body: { comment: '   ' },
      });
      assert.equal(blank.status, 400);
      assert.equal(blank.body.errors[0].code, 'required');
      const stale = await boss.api.call('requestInvoiceChanges', {
        params: { invoiceId: waiting.invoiceId },
        body: { comment: 'x', version: 1 },
      });
      assert.equal(stale.status, 409);
      assert.equal(stale.body.code, 'version_conflict');
      const [row] = (await t.sql(`select state from invoice where id = $1`, [waiting.invoiceId])).rows;
      assert.equal(row.state, 'need_admin_approval');
    });

    test('the review shows the PDF the customer would get, before it has a number', async () => {
      const waiting = await invoiceInReview();
      const res = await boss.api.call('getApprovalInvoicePdf', { params: { invoiceId: waiting.invoiceId } });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /application\/pdf/);
      const { text } = await extractPdfText(res.body);
      assert.match(text, /Fotografering/);
      assert.match(text, /Volvo Personvagnar AB/);
      assert.match(text, /Frida Andersson/);
    });

    test('approving sends the invoice, numbered, with the admin as actor, exactly once', async () => {
      const waiting = await invoiceInReview();
      const res = await boss.api.call('approveInvoice', { params: { invoiceId: waiting.invoiceId }, body: {} });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual([res.body.status, res.body.statusName], [2, 'sending']);
      const [event] = (
        await t.sql(
          `select actor_type, actor_user_id, to_state from invoice_event where invoice_id = $1 and event = 'approve'`,
          [waiting.invoiceId],
        )
      ).rows;
      assert.deepEqual(event, { actor_type: 'admin', actor_user_id: boss.userId, to_state: 'sending' });
      const again = await boss.api.call('approveInvoice', { params: { invoiceId: waiting.invoiceId }, body: {} });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'illegal_transition');
      const [mail] = await mailbox(t, swedishCompany.email);
      const invoice = await waiting.api.call('getInvoice', { params: { invoiceId: waiting.invoiceId } });
      assert.equal(invoice.body.status, 3, 'delivered');
      assert.ok(invoice.body.number, JSON.stringify(invoice.body).slice(0, 400));
      assert.ok(mail!.subject.includes(String(invoice.body.number)));
      const { rows } = await t.sql(`select count(*)::int as n from outgoing_document where invoice_id = $1`, [
        waiting.invoiceId,
      ]);
      assert.equal(rows[0].n, 1);
    });

    test('approving without bank details lets the invoice wait (2) for them', async () => {
      const waiting = await invoiceInReview('sv', { bankDetails: false });
      const res = await boss.api.call('approveInvoice', { params: { invoiceId: waiting.invoiceId }, body: {} });
      assert.deepEqual([res.status, res.body.status, res.body.statusName], [200, 2, 'quoted']);
      const invoice = await waiting.api.call('getInvoice', { params: { invoiceId: waiting.invoiceId } });
      assert.deepEqual(invoice.body.problemCodes, [4]);
    });
  });

  describe('blocklist', () => {
    test('an entry written any usual way blocks its customers (17): no approval, problems on drafts, until removed', async () => {
      const waiting = await invoiceInReview();
      const domain = await boss.api.call('blockRecipient', {
        body: { kind: 'organisation_number', value: ' 556036-0793 ', reason: 'Unpaid invoices 2025' },
      });
      assert.equal(domain.status, 201, JSON.stringify(domain.body));
      assert.equal(domain.body.value, '5560360793');
      assert.ok(domain.body.customers >= 1);
      assert.equal(domain.body.createdBy.id, boss.userId);
      const twice = await boss.api.call('blockRecipient', {
        body: { kind: 'organisation_number', value: '5560360793' },
      });
      assert.equal(twice.body.code, 'already_blocked');
      const bad = await boss.api.call('blockRecipient', { body: { kind: 'email', value: 'not an address' } });
      assert.equal(bad.body.errors[0].code, 'value_invalid');

      const refused = await boss.api.call('approveInvoice', { params: { invoiceId: waiting.invoiceId }, body: {} });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.code, 'invoice_not_sendable');
      assert.deepEqual(refused.body.problemCodes, [17]);

      const draft = await waiting.api.call('createInvoice', {
        body: {
          recipientId: (await waiting.api.call('getInvoice', { params: { invoiceId: waiting.invoiceId } })).body
            .recipient.id,
          rows: [{ description: 'Mer arbete', unitPrice: 100000, quantity: 10, unit: 'hour', vatPercentage: 25 }],
        },
      });
      assert.ok(draft.body.problemCodes.includes(17));

      const list = await boss.api.call('listBlockedRecipients', {
        query: { q: 'unpaid', kind: 'organisation_number' },
      });
      assert.deepEqual(
        list.body.items.map((e: { id: string }) => e.id),
        [domain.body.id],
      );
      const renamed = await boss.api.call('updateBlockedRecipient', {
        params: { entryId: domain.body.id },
        body: { reason: 'Paid, watching' },
      });
      assert.equal(renamed.body.reason, 'Paid, watching');
      assert.equal((await boss.api.call('unblockRecipient', { params: { entryId: domain.body.id } })).status, 204);
      const after = await waiting.api.call('getInvoice', { params: { invoiceId: draft.body.id } });
      assert.ok(!after.body.problemCodes.includes(17));
      const actions = (
        await t.sql(`select action from audit_event where data->>'entryId' = $1 order by created_at`, [domain.body.id])
      ).rows.map((r) => r.action);
      assert.deepEqual(actions, ['blocklist.added', 'blocklist.updated', 'blocklist.removed']);
      assert.equal((await boss.api.call('unblockRecipient', { params: { entryId: domain.body.id } })).status, 404);
    });

    test('email addresses and domains are stored as the check compares them', async () => {
      const email = await boss.api.call('blockRecipient', { body: { kind: 'email', value: 'Faktura@Example.ORG' } });
      assert.equal(email.body.value, 'faktura@example.org');
      const domain = await boss.api.call('blockRecipient', { body: { kind: 'email_domain', value: '@Bad.Example' } });
      assert.equal(domain.body.value, 'bad.example');
      const vat = await boss.api.call('blockRecipient', { body: { kind: 'vat_number', value: 'se 5560 3607 9301' } });
      assert.equal(vat.body.value, 'SE556036079301');
    });
  });

  describe('audit log', () => {
    test('filters by actor, subject, action or group, and time, newest first, a page at a time', async () => {
      const subject = await confirmedUser(t, uniqueEmail('audited'));
      for (let i = 0; i < 3; i++) {
        await boss.api.call('disableUser', { params: { userId: subject.userId } });
        await boss.api.call('enableUser', { params: { userId: subject.userId } });
      }
      const all = await boss.api.call('listAuditEvents', {
        query: { subjectId: subject.userId, actorId: boss.userId },
      });
      assert.equal(all.status, 200, JSON.stringify(all.body));
      assert.deepEqual(
        all.body.items.map((e: { action: string }) => e.action),
        ['user.enabled', 'user.disabled', 'user.enabled', 'user.disabled', 'user.enabled', 'user.disabled'],
      );
      assert.equal(all.body.items[0].actor.id, boss.userId);
      assert.equal(all.body.items[0].subject.email, subject.email);
      assert.equal(all.body.nextCursor, null);

      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await boss.api.call('listAuditEvents', {
          query: { subjectId: subject.userId, action: 'user.*', limit: 4, cursor },
        });
        pages.push(page.body.items.map((e: { id: string }) => e.id));
        cursor = page.body.nextCursor ?? undefined;
      } while (cursor);
      const whole = await boss.api.call('listAuditEvents', {
        query: { subjectId: subject.userId, action: 'user.*', limit: 200 },
      });
      assert.ok(whole.body.items.length > 6, "the six changes and the account's own events");
      assert.ok(pages.slice(0, -1).every((p) => p.length === 4));
      assert.deepEqual(
        pages.flat(),
        whole.body.items.map((e: { id: string }) => e.id),
        'the pages are the whole list, in order, each event once',
      );

      const disabled = await boss.api.call('listAuditEvents', {
        query: { subjectId: subject.userId, action: 'user.disabled' },
      });
      assert.equal(disabled.body.items.length, 3);
      const future = await boss.api.call('listAuditEvents', {
        query: { subjectId: subject.userId, from: new Date(Date.now() + 60_000).toISOString() },
      });
      assert.equal(future.body.items.length, 0);
      const bad = await boss.api.call('listAuditEvents', { query: { cursor: 'bm90LWEtY3Vyc29y' } });
      assert.equal(bad.status, 400);
    });
  });

  describe('exchange rates', () => {
    test('imports the Riksbank\u2019s CSV in both layouts; importing again changes nothing; a rate entered by hand stays', async () => {
      const long = await readFile(join(FIXTURES, 'riksbank-long.csv'));
      const first = await boss.api.call('importExchangeRates', { form: csvForm(long) });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.layout, 'long');
      assert.equal(first.body.observations, 10);
      assert.equal(first.body.created, 10);
      assert.deepEqual(first.body.skippedSeries, ['100 JPY']);
      assert.deepEqual([first.body.firstDate, first.body.lastDate], ['2026-10-30', '2026-11-02']);
      const again = await boss.api.call('importExchangeRates', { form: csvForm(long) });
      assert.deepEqual([again.body.created, again.body.updated, again.body.unchanged], [0, 0, 10]);

      const manual = await boss.api.call('setExchangeRate', {
        params: { currency: 'EUR', date: '2026-11-02' },
        body: { sekPerUnit: '11.5' },
      });
      assert.deepEqual([manual.body.sekPerUnit, manual.body.source], ['11.5', 'manual']);
      const third = await boss.api.call('importExchangeRates', { form: csvForm(long) });
      assert.deepEqual([third.body.keptManual, third.body.unchanged], [1, 9]);
      const eur = await boss.api.call('listExchangeRates', {
        query: { currency: 'EUR', from: '2026-10-30', to: '2026-11-02' },
      });
      assert.deepEqual(
        eur.body.items.map((r: { date: string; sekPerUnit: string; source: string }) => [
          r.date,
          r.sekPerUnit,
          r.source,
        ]),
        [
          ['2026-11-02', '11.5', 'manual'],
          ['2026-10-30', '11.0534', 'riksbank'],
        ],
      );
      const [setEvent] = (
        await t.sql(`select data from audit_event where action = 'exchange_rate.set' and actor_user_id = $1`, [
          boss.userId,
        ])
      ).rows;
      assert.equal(setEvent.data.before.sekPerUnit, '11.0712');

      const wide = await boss.api.call('importExchangeRates', {
        form: csvForm(await readFile(join(FIXTURES, 'riksbank-wide.csv'))),
      });
      assert.deepEqual([wide.body.layout, wide.body.created, wide.body.skippedSeries], ['wide', 15, ['SEKCHFPMI']]);
      const usd = await boss.api.call('listExchangeRates', {
        query: { currency: 'USD', from: '2026-11-04', to: '2026-11-06' },
      });
      assert.deepEqual(
        usd.body.items.map((r: { date: string }) => r.date),
        ['2026-11-06', '2026-11-04'],
        'the bank holiday has no rate',
      );
    });

    test('a file with a bad line is refused whole, naming the line, and nothing is stored', async () => {
      const file =
        'Datum;Grupp;Serie;Värde\n2027-03-01;130;SEKEURPMI;11,2\n2027-03-02;130;SEKEURPMI;elva\n2027-03-33;130;SEKUSDPMI;9,9\n';
      const res = await boss.api.call('importExchangeRates', { form: csvForm(file) });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'exchange_rate_file_rejected');
      assert.deepEqual(
        res.body.errors.map((e: { code: string; params: { line: number } }) => [e.params.line, e.code]),
        [
          [3, 'value_invalid'],
          [4, 'date_invalid'],
        ],
      );
      const { rows } = await t.sql(`select count(*)::int as n from exchange_rate where date >= '2027-03-01'`);
      assert.equal(rows[0].n, 0);
      const notRates = await boss.api.call('importExchangeRates', { form: csvForm('name,amount\nx,1\n') });
      assert.equal(notRates.body.errors[0].code, 'header_unrecognised');
    });
  });

  describe('campaign codes', () => {
    test('create, limit, expire and see the invoices that carry a code', async () => {
      const created = await boss.api.call('createCampaignCode', {
        body: { code: ' spring-27 ', effect: { type: 'fee_discount', value: 25.5 }, maxUses: 2, description: 'Spring' },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.code, 'SPRING-27');
      assert.equal(created.body.state, 'active');
      const codeId: string = created.body.id;
      const taken = await boss.api.call('createCampaignCode', {
        body: { code: 'Spring-27', effect: { type: 'fee_rate', value: 3 } },
      });
      assert.equal(taken.status, 409);
      assert.equal(taken.body.code, 'campaign_code_taken');
      const bad = await boss.api.call('createCampaignCode', {
        body: {
          code: 'nope!',
          effect: { type: 'fee_rate', value: 3.333 },
          validFrom: '2027-01-02',
          validTo: '2027-01-01',
        },
      });
      assert.deepEqual(
        bad.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
        [
          ['body.code', 'invalid_format'],
          ['body.effect.value', 'invalid_precision'],
          ['body.validTo', 'before_valid_from'],
        ],
      );

      const freelancer = await confirmedUser(t, uniqueEmail('campaign'));
      assert.equal((await freelancer.api.call('checkCampaignCode', { body: { code: 'spring-27' } })).status, 200);
      const customer = await freelancer.api.call('createCustomer', { body: swedishCompany });
      const invoice = await freelancer.api.call('createInvoice', {
        body: {
          recipientId: customer.body.id,
          campaignCode: 'spring-27',
          rows: [{ description: 'Arbete', unitPrice: 100000, quantity: 10, unit: 'hour', vatPercentage: 25 }],
        },
      });
      assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
      const uses = await boss.api.call('listCampaignCodeUses', { params: { codeId } });
      assert.deepEqual(
        uses.body.items.map((u: { invoiceId: string; status: number; freelancer: { id: string } }) => [
          u.invoiceId,
          u.status,
          u.freelancer.id,
        ]),
        [[invoice.body.id, 1, freelancer.userId]],
      );

      await t.sql(`update campaign_code set uses = 2 where id = $1`, [codeId]);
      const below = await boss.api.call('updateCampaignCode', { params: { codeId }, body: { maxUses: 1 } });
      assert.equal(below.body.errors[0].code, 'below_uses');
      const usedUp = await boss.api.call('listCampaignCodes', { query: { state: 'used_up', q: 'spring' } });
      assert.deepEqual(
        usedUp.body.items.map((c: { id: string }) => c.id),
        [codeId],
      );
      const raised = await boss.api.call('updateCampaignCode', {
        params: { codeId },
        body: { maxUses: 10, description: null },
      });
      assert.deepEqual([raised.body.maxUses, raised.body.description, raised.body.state], [10, null, 'active']);

      const expired = await boss.api.call('expireCampaignCode', { params: { codeId } });
      assert.equal(expired.body.state, 'expired');
      const check = await freelancer.api.call('checkCampaignCode', { body: { code: 'spring-27' } });
      assert.equal(check.body.code, 'campaign_code_invalid');
      const problems = await freelancer.api.call('getInvoiceProblems', { params: { invoiceId: invoice.body.id } });
      assert.ok(JSON.stringify(problems.body).includes('campaign_code_invalid'));
      const actions = (
        await t.sql(`select action from audit_event where data->>'campaignCodeId' = $1 order by created_at`, [codeId])
      ).rows.map((r) => r.action);
      assert.deepEqual(actions, ['campaign_code.created', 'campaign_code.updated', 'campaign_code.expired']);
    });

    test('expiring a code that has not started makes yesterday its first and last day', async () => {
      const later = await boss.api.call('createCampaignCode', {
        body: { code: `LATER${Date.now()}`, effect: { type: 'fee_rate', value: 2 }, validFrom: '2099-01-01' },
      });
      assert.equal(later.body.state, 'upcoming');
      const expired = await boss.api.call('expireCampaignCode', { params: { codeId: later.body.id } });
      assert.equal(expired.body.state, 'expired');
      assert.equal(expired.body.validFrom, expired.body.validTo);
    });
  });

  test('the dated settings show each value with the day it starts and the one in force today', async () => {
    const res = await boss.api.call('listDatedSettings');
    assert.equal(res.status, 200);
    const byKey = Object.fromEntries(res.body.settings.map((s: { key: string }) => [s.key, s]));
    assert.deepEqual(byKey.platform_fee_rate.entries, [{ validFrom: '2000-01-01', current: true, value: '6' }]);
    assert.deepEqual(byKey.minimum_invoice_amount.entries[0].value, 50000);
    assert.deepEqual(
      byKey.mileage_allowance.entries.map((e: { validFrom: string; value: number }) => [e.validFrom, e.value]),
      [
        ['2022-01-01', 1850],
        ['2023-01-01', 2500],
      ],
    );
    assert.equal(byKey.employer_contributions.knownUntil, '2027-12-31');
    assert.equal(byKey.employer_contributions.entries[0].value.standardRate, '31.42');
    // Vacation pay: 12 % (semesterlagen 16 b §), saved vacation pay paid out on the last bank day before midsummer eve.
    assert.deepEqual(byKey.vacation_pay_rate.entries, [{ validFrom: '2010-04-01', current: true, value: '12' }]);
    assert.deepEqual(byKey.vacation_pay_payout_day.unit, 'payout_day_rule');
    assert.equal(byKey.vacation_pay_payout_day.entries[0].value, 'last_bank_day_before_midsummer_eve');
    for (const setting of res.body.settings) {
      assert.ok(setting.entries.filter((e: { current: boolean }) => e.current).length <= 1, setting.key);
    }
  });
});
