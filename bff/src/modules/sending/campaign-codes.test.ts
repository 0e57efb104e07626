// Campaign codes that count (issue 21): a use is taken when an invoice carrying the code is sent, atomically, so sends at
// once never pass `maxUses`; once per invoice whatever way it goes (review, waiting, a failed delivery, a credit); the
// admin's `uses` is the truth; a draft whose code can no longer be used shows a problem with its fix and is estimated
// without the code; a code valid at the send stays honoured for that invoice; guessing codes is rate limited. Real
// app, real PostgreSQL, a real SMTP server on loopback, truly concurrent HTTP requests.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import { createTestApp, type ApiClient, type ApiResponse, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { PASSWORD, signUpBody, uniqueEmail } from '../auth/test-helpers.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { swedishCompany } from '../customers/test-data.ts';
import { createBankingService } from '../banking/public.ts';
import { loadConfig } from '../../platform/config.ts';
import { RELEASE_QUEUE } from './service.ts';

const todayInSweden = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
/** Review is required above 100 000 kr excluding VAT: a "big" invoice goes to an admin first (−1). */
const REVIEW_ABOVE_SEK = 100_000_00;
const small = { description: 'Webbutveckling', unitPrice: 95_000, quantity: 10, unit: 'hour', vatPercentage: 25 };
const big = { ...small, quantity: 200 };

let serial = 0;
const newCodeName = () => `C${process.pid}X${Date.now().toString(36)}X${++serial}`.toUpperCase().slice(0, 40);

/** Signs up, confirms by SQL (this app's mail goes to the SMTP server), logs in. */
async function user(t: TestApp, options: { bankDetails?: boolean; admin?: boolean } = {}): Promise<TestUser> {
  const api = t.client();
  const email = uniqueEmail('campaign');
  assert.equal((await api.call('signUp', { body: signUpBody(email) })).status, 201);
  await t.sql(
    `update app_user set email_confirmed_at = now(), government_id = '198112189876', is_admin = $2 where email = $1`,
    [email, options.admin === true],
  );
  const login = await api.call('login', { body: { email, password: PASSWORD } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const userId = login.body.user.id as string;
  if (options.bankDetails !== false) await bankDetails(t, userId);
  return { api, email, userId };
}

async function bankDetails(t: TestApp, userId: string): Promise<void> {
  await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, userId, {
    kind: 'domestic',
    clearingNumber: '83279',
    accountNumber: '1234567897',
    bankName: 'Swedbank',
  });
}

async function customer(api: ApiClient, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await api.call('createCustomer', { body: { ...swedishCompany, ...overrides } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id as string;
}

async function draft(
  api: ApiClient,
  recipientId: string,
  options: { code?: string; row?: typeof small } = {},
): Promise<string> {
  const created = await api.call('createInvoice', {
    body: { recipientId, rows: [options.row ?? small], ...(options.code ? { campaignCode: options.code } : {}) },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id as string;
}

const send = (api: ApiClient, invoiceId: string) => api.call('sendInvoice', { params: { invoiceId } });
const invoiceOf = async (api: ApiClient, invoiceId: string) =>
  (await api.call('getInvoice', { params: { invoiceId } })).body;
const estimateOf = async (api: ApiClient, invoiceId: string) => {
  const res = await api.call('getInvoiceSalaryEstimate', { params: { invoiceId } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { rates: { fee: number }; campaignCode: string | null; commissionAmount: number };
};

interface CodeUse {
  invoiceId: string;
  status: number;
  counted: boolean;
}

/** The code as the admin list shows it, and every invoice of its uses list. */
async function adminView(admin: ApiClient, codeId: string, code: string) {
  const list = await admin.call('listCampaignCodes', { query: { q: code, pageSize: 100 } });
  assert.equal(list.status, 200, JSON.stringify(list.body));
  const row = (list.body.items as { id: string; uses: number; maxUses: number | null; state: string }[]).find(
    (c) => c.id === codeId,
  )!;
  const uses: CodeUse[] = [];
  for (let page = 1; ; page++) {
    const res = await admin.call('listCampaignCodeUses', { params: { codeId }, query: { page, pageSize: 100 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    uses.push(...(res.body.items as CodeUse[]));
    if (uses.length >= res.body.page.total) break;
  }
  return { uses: row.uses, maxUses: row.maxUses, state: row.state, list: uses };
}

async function createCode(
  admin: ApiClient,
  body: { maxUses?: number | null; effect?: { type: 'fee_rate' | 'fee_discount'; value: number } } = {},
): Promise<{ id: string; code: string }> {
  const code = newCodeName();
  const res = await admin.call('createCampaignCode', {
    body: { code, effect: body.effect ?? { type: 'fee_discount', value: 100 }, maxUses: body.maxUses ?? null },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { id: res.body.id as string, code };
}

/** A refused send: the campaign code's problem with its fix, nothing sent. */
function assertRefusedForCode(res: ApiResponse, code: string, reason: string): void {
  assert.equal(res.status, 422, JSON.stringify(res.body));
  assert.equal(res.body.code, 'invoice_not_sendable');
  assert.deepEqual(
    res.body.problems.map((p: { code: string; field: string; fix: object; params: object }) => [
      p.code,
      p.field,
      p.fix,
      p.params,
    ]),
    [
      [
        'campaign_code_invalid',
        'campaignCode',
        { screen: 'invoice', step: 4, customerId: null },
        { campaignCode: code, reason },
      ],
    ],
  );
}

describe('campaign codes that count', () => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let outbox: string;
  let admin: TestUser;

  before(async () => {
    smtp = await startSmtpInbox();
    outbox = await mkdtemp(join(tmpdir(), 'frilo-outbox-'));
    const base = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({
      smtpUrl: smtp.url,
      rateLimits: false,
      sending: {
        ...base.sending,
        maxAttempts: 2,
        retryDelaySeconds: 1,
        // The five-minute sweep can meet a delivery in progress and queue it again for when the lease lapses; a short
        // lease keeps that within drainJobs' wait in this long file.
        leaseSeconds: 5,
        reviewAboveSek: REVIEW_ABOVE_SEK,
        einvoiceOutboxDir: outbox,
      },
    });
    admin = await user(t, { admin: true });
  });
  after(async () => {
    await t.close();
    await smtp.close();
    await rm(outbox, { recursive: true, force: true });
  });

  test('N + 5 sends at once against a limit of N: exactly N go out with the discount, the rest are told why and stay drafts', async () => {
    const N = 3;
    const { id: codeId, code } = await createCode(admin.api, { maxUses: N });
    const [anna, bo] = [await user(t), await user(t)];
    const drafts: { api: ApiClient; id: string }[] = [];
    for (const who of [anna, bo]) {
      const recipientId = await customer(who.api);
      for (let i = 0; i < 4; i++) drafts.push({ api: who.api, id: await draft(who.api, recipientId, { code }) });
    }
    // Every draft shows the discount before the send: the code is usable.
    for (const d of drafts) assert.equal((await estimateOf(d.api, d.id)).rates.fee, 0);

    const answers = await Promise.all(drafts.map((d) => send(d.api, d.id)));

    const sent = drafts.filter((_, i) => answers[i]!.status === 200);
    const refused = drafts.filter((_, i) => answers[i]!.status !== 200);
    assert.equal(sent.length, N, JSON.stringify(answers.map((a) => [a.status, a.body.code])));
    for (const answer of answers.filter((a) => a.status !== 200)) assertRefusedForCode(answer, code, 'used_up');
    for (const d of refused) {
      const after = await invoiceOf(d.api, d.id);
      assert.deepEqual(
        [after.status, after.number, after.campaignCode],
        [1, null, code],
        'a refused send changes nothing',
      );
      const problems = await d.api.call('getInvoiceProblems', { params: { invoiceId: d.id } });
      assert.equal(problems.body.canSend, false);
      assert.deepEqual(
        problems.body.problems.map((p: { code: string; params: object }) => [p.code, p.params]),
        [['campaign_code_invalid', { campaignCode: code, reason: 'used_up' }]],
      );
      // The fee it would get now is the platform's: the estimate does not show the discount any more.
      const estimate = await estimateOf(d.api, d.id);
      assert.deepEqual([estimate.rates.fee, estimate.campaignCode], [6, null]);
    }
    for (const d of sent) {
      const estimate = await estimateOf(d.api, d.id);
      assert.deepEqual([estimate.rates.fee, estimate.campaignCode], [0, code]);
    }

    const view = await adminView(admin.api, codeId, code);
    assert.deepEqual([view.uses, view.state], [N, 'used_up']);
    assert.equal(view.list.length, N + 5);
    assert.deepEqual(
      view.list
        .filter((u) => u.counted)
        .map((u) => u.invoiceId)
        .sort(),
      sent.map((d) => d.id).sort(),
    );
  });

  test('one use per invoice whatever its way: review and approval, waiting and release, a failed delivery and its resend, a credit, changes requested', async () => {
    const { id: codeId, code } = await createCode(admin.api, { maxUses: 4, effect: { type: 'fee_rate', value: 2 } });
    const uses = async () => (await adminView(admin.api, codeId, code)).uses;
    const frida = await user(t);
    const volvo = await customer(frida.api);
    const refusing = await customer(frida.api, { email: 'refuse-campaign@volvo.se' });

    // Review (−1): counted at the send; the admin's approval counts nothing more.
    const reviewed = await draft(frida.api, volvo, { code, row: big });
    assert.equal((await send(frida.api, reviewed)).body.status, -1);
    assert.equal(await uses(), 1);
    const approved = await admin.api.call('approveInvoice', { params: { invoiceId: reviewed }, body: {} });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(await uses(), 1);

    // Waiting for bank details (2): counted at the send; the release counts nothing more.
    const ingen = await user(t, { bankDetails: false });
    const waiting = await draft(ingen.api, await customer(ingen.api), { code });
    const held = await send(ingen.api, waiting);
    assert.deepEqual([held.status, held.body.statusName], [200, 'quoted']);
    assert.equal(await uses(), 2);

    // A delivery refused for good (−3): counted at the send; its resend counts nothing more.
    const failing = await draft(frida.api, refusing, { code });
    assert.equal((await send(frida.api, failing)).status, 200);
    assert.equal(await uses(), 3);
    await bankDetails(t, ingen.userId);
    await t.services.jobs.send(RELEASE_QUEUE, { ownerId: ingen.userId });
    await t.drainJobs();
    assert.equal((await invoiceOf(ingen.api, waiting)).statusName, 'sent');
    assert.equal((await invoiceOf(frida.api, failing)).statusName, 'failed');
    assert.equal(await uses(), 3);

    // Changes requested (7): the use stays while the code does; removing the code gives it back.
    const changed = await draft(frida.api, volvo, { code, row: big });
    const usedUp = await draft(frida.api, volvo, { code });
    assert.equal((await send(frida.api, changed)).body.status, -1);
    assert.equal(await uses(), 4);
    assertRefusedForCode(await send(frida.api, usedUp), code, 'used_up');
    await admin.api.call('requestInvoiceChanges', { params: { invoiceId: changed }, body: { comment: 'Datum?' } });
    assert.equal(await uses(), 4);
    const withoutCode = await frida.api.call('updateInvoice', {
      params: { invoiceId: changed },
      body: { version: (await invoiceOf(frida.api, changed)).version, campaignCode: null },
    });
    assert.equal(withoutCode.status, 200, JSON.stringify(withoutCode.body));
    assert.equal(await uses(), 3);
    // The use it gave back is free for the draft that was refused.
    assert.equal((await send(frida.api, usedUp)).status, 200);
    assert.equal(await uses(), 4);

    // The failed invoice holds its use: its code is used up by now, yet it goes out again with it, counted once.
    await frida.api.call('updateCustomer', {
      params: { uuid: refusing },
      body: { ...swedishCompany, email: 'fixed-campaign@volvo.se' },
    });
    const problems = await frida.api.call('getInvoiceProblems', { params: { invoiceId: failing } });
    assert.ok(!JSON.stringify(problems.body).includes('campaign_code_invalid'), JSON.stringify(problems.body));
    const resent = await send(frida.api, failing);
    assert.equal(resent.status, 200, JSON.stringify(resent.body));
    await t.drainJobs();
    assert.equal((await invoiceOf(frida.api, failing)).statusName, 'sent');
    assert.equal(await uses(), 4);

    // A credit keeps the use: the invoice was sent with the code.
    await t.drainJobs();
    const credit = await frida.api.call('creditInvoice', { params: { invoiceId: reviewed } });
    assert.equal(credit.status, 200, JSON.stringify(credit.body));
    assert.equal(await uses(), 4);

    const view = await adminView(admin.api, codeId, code);
    assert.deepEqual(
      view.list.map((u) => [u.invoiceId, u.counted]).sort(),
      [
        [reviewed, true],
        [waiting, true],
        [failing, true],
        [usedUp, true],
      ].sort(),
    );
    for (const [api, id] of [
      [frida.api, reviewed],
      [ingen.api, waiting],
      [frida.api, failing],
    ] as const) {
      assert.deepEqual((await estimateOf(api, id)).rates.fee, 2, `${id} keeps the code's fee`);
    }
  });

  test('a draft whose code expired or was used up shows it with the fix, is estimated without it, and still saves', async () => {
    const { id: codeId, code } = await createCode(admin.api, { maxUses: 1, effect: { type: 'fee_rate', value: 1 } });
    const ella = await user(t);
    const recipientId = await customer(ella.api);
    const expiring = await draft(ella.api, recipientId, { code });
    const usedUp = await draft(ella.api, recipientId, { code });
    assert.equal((await estimateOf(ella.api, usedUp)).rates.fee, 1);
    const invoice = await invoiceOf(ella.api, usedUp);
    assert.deepEqual(invoice.campaignCodeEffect, { type: 'fee_rate', value: 1 });

    // Another freelancer takes the last use.
    const other = await user(t);
    assert.equal((await send(other.api, await draft(other.api, await customer(other.api), { code }))).status, 200);
    const problems = await ella.api.call('getInvoiceProblems', { params: { invoiceId: usedUp } });
    assert.deepEqual(
      problems.body.problems.map((p: { code: string; fix: object; params: object }) => [p.code, p.fix, p.params]),
      [
        [
          'campaign_code_invalid',
          { screen: 'invoice', step: 4, customerId: null },
          { campaignCode: code, reason: 'used_up' },
        ],
      ],
    );
    assert.deepEqual(
      [(await estimateOf(ella.api, usedUp)).rates.fee, (await estimateOf(ella.api, usedUp)).campaignCode],
      [6, null],
    );
    assertRefusedForCode(await send(ella.api, usedUp), code, 'used_up');
    // Saving the draft with the code it already has is not a new guess and does not fail; the problem stays.
    const saved = await ella.api.call('updateInvoice', {
      params: { invoiceId: usedUp },
      body: {
        version: (await invoiceOf(ella.api, usedUp)).version,
        reference: 'Ref 1',
        campaignCode: code.toLowerCase(),
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual([saved.body.campaignCode, saved.body.canSend], [code, false]);

    // Expired: the same, with its reason.
    await admin.api.call('expireCampaignCode', { params: { codeId } });
    const expired = await ella.api.call('getInvoiceProblems', { params: { invoiceId: expiring } });
    assert.deepEqual(
      expired.body.problems.map((p: { code: string; params: object }) => [p.code, p.params]),
      [['campaign_code_invalid', { campaignCode: code, reason: 'expired' }]],
    );
    // The fix: remove the code (or pick another); then it goes out at the platform's fee.
    const removed = await ella.api.call('updateInvoice', {
      params: { invoiceId: expiring },
      body: { version: (await invoiceOf(ella.api, expiring)).version, campaignCode: null },
    });
    assert.deepEqual([removed.body.campaignCode, removed.body.canSend], [null, true]);
    assert.equal((await send(ella.api, expiring)).status, 200);
    assert.equal((await estimateOf(ella.api, expiring)).rates.fee, 6);
  });

  test('a code valid at the send stays honoured for that invoice after it is used up and expires: estimate and salary', async () => {
    const { id: codeId, code } = await createCode(admin.api, { maxUses: 1, effect: { type: 'fee_rate', value: 2.5 } });
    const olle = await user(t);
    const id = await draft(olle.api, await customer(olle.api), { code });
    assert.equal((await send(olle.api, id)).status, 200);
    await t.drainJobs();
    assert.equal((await adminView(admin.api, codeId, code)).state, 'used_up');
    await admin.api.call('expireCampaignCode', { params: { codeId } });
    assert.equal((await adminView(admin.api, codeId, code)).uses, 1);
    assert.deepEqual(
      [(await estimateOf(olle.api, id)).rates.fee, (await estimateOf(olle.api, id)).campaignCode],
      [2.5, code],
    );
    const invoice = await invoiceOf(olle.api, id);
    const paid = await admin.api.call('registerPayment', {
      body: { invoiceId: id, amount: invoice.totals.totalInclVat, currency: 'SEK', paymentDate: todayInSweden() },
    });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    const item = await olle.api.call('getSalaryTransaction', { params: { transactionId: paid.body.salaryItemId } });
    assert.deepEqual([item.body.salary.rates.fee, item.body.salary.campaignCode], [2.5, code]);
    assert.equal(item.body.salary.commissionAmount, Math.round(invoice.totals.totalExclVat * 0.025));
  });

  test('property: whatever the order of sends (at once or not), approvals, requested changes, removals and releases, uses never pass the limit and equal the invoices holding one', async () => {
    const Step = fc.oneof(
      {
        arbitrary: fc.record({
          kind: fc.constant('send' as const),
          pick: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        }),
        weight: 4,
      },
      { arbitrary: fc.record({ kind: fc.constant('approve' as const), i: fc.nat(5) }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('changes' as const), i: fc.nat(5) }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('remove' as const), i: fc.nat(5) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('reapply' as const), i: fc.nat(5) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('release' as const) }), weight: 1 },
    );
    const Route = fc.constantFrom('out' as const, 'review' as const, 'waiting' as const);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(Route, { minLength: 1, maxLength: 6 }),
        fc.array(Step, { minLength: 1, maxLength: 6 }),
        async (maxUses, routes, steps) => {
          const { id: codeId, code } = await createCode(admin.api, { maxUses });
          const ready = await user(t);
          const later = await user(t, { bankDetails: false });
          const recipients = new Map([
            [ready, await customer(ready.api)],
            [later, await customer(later.api)],
          ]);
          const invoices: { api: ApiClient; id: string }[] = [];
          for (const route of routes) {
            const who = route === 'waiting' ? later : ready;
            invoices.push({
              api: who.api,
              id: await draft(who.api, recipients.get(who)!, { code, row: route === 'review' ? big : small }),
            });
          }
          const check = async (what: string) => {
            const view = await adminView(admin.api, codeId, code);
            assert.ok(view.uses <= maxUses, `${what}: ${view.uses} uses of ${maxUses}`);
            assert.equal(view.uses, view.list.filter((u) => u.counted).length, `${what}: uses = counted rows`);
            for (const use of view.list) {
              // A draft holds none; an invoice on its way or sent holds one; one back in the freelancer's hands (7, −3)
              // holds one unless its code was changed there (then the next send takes one).
              if (use.status === 1) assert.equal(use.counted, false, `${what}: a draft holds no use`);
              if (![1, 7, -3].includes(use.status)) assert.equal(use.counted, true, `${what}: status ${use.status}`);
            }
            return view;
          };
          for (const step of steps) {
            if (step.kind === 'send') {
              const chosen = invoices.filter((_, i) => step.pick[i]);
              const states = await Promise.all(chosen.map((c) => invoiceOf(c.api, c.id)));
              const editable = chosen.filter((_, i) => states[i].editable);
              const before = await check('before the sends');
              const holding = new Set(before.list.filter((u) => u.counted).map((u) => u.invoiceId));
              // The sends that need a new use: editable, carrying the code, holding none yet.
              const newUses = chosen.filter(
                (c, i) => states[i].editable && states[i].campaignCode === code && !holding.has(c.id),
              ).length;
              const answers = await Promise.all(editable.map((c) => send(c.api, c.id)));
              for (const answer of answers.filter((a) => a.status !== 200))
                assertRefusedForCode(answer, code, 'used_up');
              const after = await check('after the sends');
              assert.equal(after.uses, Math.min(maxUses, before.uses + newUses), 'exactly the free uses were taken');
              assert.equal(answers.filter((a) => a.status !== 200).length, newUses - (after.uses - before.uses));
            } else if (step.kind === 'approve' || step.kind === 'changes') {
              const target = invoices[step.i % invoices.length]!;
              if ((await invoiceOf(target.api, target.id)).status !== -1) continue;
              const res =
                step.kind === 'approve'
                  ? await admin.api.call('approveInvoice', { params: { invoiceId: target.id }, body: {} })
                  : await admin.api.call('requestInvoiceChanges', {
                      params: { invoiceId: target.id },
                      body: { comment: 'Ändra' },
                    });
              assert.equal(res.status, 200, JSON.stringify(res.body));
              await check(step.kind);
            } else if (step.kind === 'remove' || step.kind === 'reapply') {
              const target = invoices[step.i % invoices.length]!;
              const current = await invoiceOf(target.api, target.id);
              if (!current.editable) continue;
              const res = await target.api.call('updateInvoice', {
                params: { invoiceId: target.id },
                body: { version: current.version, campaignCode: step.kind === 'remove' ? null : code },
              });
              if (res.status === 400) assert.equal(res.body.errors[0].code, 'campaign_code_invalid');
              else assert.equal(res.status, 200, JSON.stringify(res.body));
              await check(step.kind);
            } else {
              await bankDetails(t, later.userId).catch(() => undefined);
              await t.services.jobs.send(RELEASE_QUEUE, { ownerId: later.userId });
              await t.drainJobs();
              await check('release');
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('guessing campaign codes', () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp({ rateLimits: true });
    admin = await user(t, { admin: true });
  });
  after(() => t.close());

  test('ten codes that do not apply per quarter of an hour, then 429 with Retry-After; the right code never counts', async () => {
    const { code } = await createCode(admin.api, {});
    const guesser = await user(t);
    // Checking the right code again and again is never refused.
    for (let i = 0; i < 15; i++)
      assert.equal((await guesser.api.call('checkCampaignCode', { body: { code } })).status, 200);

    const answers: ApiResponse[] = [];
    for (let i = 0; i < 60; i++)
      answers.push(await guesser.api.call('checkCampaignCode', { body: { code: `GUESS${i}` } }));
    assert.deepEqual(
      answers.slice(0, 10).map((a) => [a.status, a.body.code]),
      Array.from({ length: 10 }, () => [422, 'campaign_code_invalid']),
    );
    for (const refused of answers.slice(10)) {
      assert.deepEqual([refused.status, refused.body.code], [429, 'rate_limited']);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
    }
    // Until the quarter has passed, not even the right code is answered.
    assert.equal((await guesser.api.call('checkCampaignCode', { body: { code } })).status, 429);
    // Another freelancer is not held back.
    const other = await user(t);
    assert.equal((await other.api.call('checkCampaignCode', { body: { code } })).status, 200);
  });

  test('guesses at once cannot pass the limit, and every way of trying a code counts toward it', async () => {
    const { code } = await createCode(admin.api, {});
    const guesser = await user(t);
    const recipientId = await customer(guesser.api);
    const id = await draft(guesser.api, recipientId);
    const version = (await invoiceOf(guesser.api, id)).version;
    // Four through a draft's save, three through the calculator, all refused with their own answers.
    for (let i = 0; i < 4; i++) {
      const res = await guesser.api.call('updateInvoice', {
        params: { invoiceId: id },
        body: { version, campaignCode: `SAVE${i}` },
      });
      assert.equal(res.body.errors?.[0]?.code, 'campaign_code_invalid', JSON.stringify(res.body));
    }
    for (let i = 0; i < 3; i++) {
      const res = await guesser.api.call('estimateSalary', { body: { amount: 100_000, campaignCode: `CALC${i}` } });
      assert.equal(res.body.code, 'campaign_code_invalid');
    }
    // The right code through the same ways is never counted.
    const applied = await guesser.api.call('updateInvoice', {
      params: { invoiceId: id },
      body: { version, campaignCode: code },
    });
    assert.equal(applied.status, 200, JSON.stringify(applied.body));
    assert.equal(
      (await guesser.api.call('estimateSalary', { body: { amount: 100_000, campaignCode: code } })).status,
      200,
    );
    // Twenty at once with three guesses left: exactly three are answered.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => guesser.api.call('checkCampaignCode', { body: { code: `BURST${i}` } })),
    );
    assert.equal(burst.filter((a) => a.status === 422).length, 3);
    assert.equal(burst.filter((a) => a.status === 429).length, 17);
    const created = await guesser.api.call('createInvoice', { body: { recipientId, campaignCode: 'LAST' } });
    assert.equal(created.status, 429);
  });
});
