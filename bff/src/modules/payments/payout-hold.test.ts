// Payouts held after a salary account change (issue 21), on the real app and PostgreSQL, with the daily batch job run
// by the payments module's clock on two bank days: a salary due while the new account is in its cooling-off period
// is not in that day's pain.001 file; it is in the first file after the period ends, or after the freelancer confirms
// the change from the email; never while stopped from the email. A payout asked for before the change waits too, and
// a payout asked for during the hold is refused with until when.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { linkIn, mailbox } from '../../../test/mailbox.ts';
import { nextBankDay } from '../../domain/bank-days.ts';
import { Translations } from '../../platform/i18n/translations.ts';
import { createBankingService } from '../banking/public.ts';
import { COMMERZBANK_FORM, registerBankAccount } from '../banking/test-helpers.ts';
import { createInvoiceServices } from '../invoices/public.ts';
import { createPaymentServices, runPayoutDay, type PaymentServices } from './module.ts';
import { adminClient, bgMaxFile, freelancer, importFile, sentInvoice, todayInSweden } from './test-helpers.ts';

/** The payments module of this app with its clock at `iso`. */
function at(t: TestApp, iso: string): PaymentServices {
  const translations = new Translations(t.config.staticRoot);
  return createPaymentServices(
    t.services,
    translations,
    createInvoiceServices(t.services, translations),
    createBankingService(t.services),
    { now: () => new Date(iso) },
  );
}

describe('payouts to a newly changed account', () => {
  let t: TestApp;
  let admin: ApiClient;
  const today = todayInSweden();
  /** The next two bank days' files, made by the daily job early in the morning. */
  const day1 = nextBankDay(today);
  const day2 = nextBankDay(day1);
  const morning = (day: string) => `${day}T04:30:00+01:00`;
  /** Never changes the account: paid on day 1. */
  let control: TestUser;
  /** Changes it today; the period ends between the two files. */
  let lapsing: TestUser;
  /** Changes it; the period lasts past both files, but the freelancer confirms from the email after the first. */
  let confirming: TestUser;
  /** Changes it; says "it wasn't me" from the email after the first file. */
  let stopping: TestUser;
  /** Asks for a payout (for day 1), then changes the account; the period ends between the two files. */
  let asking: TestUser;

  const payoutsOf = async (day: string) =>
    (
      await t.sql(
        `select p.owner_id, p.kind, p.account_masked from payout p join payout_batch b on b.id = p.batch_id
         where b.execution_date = $1::date order by p.owner_id`,
        [day],
      )
    ).rows;

  /** What of the user's salary is not in any file yet (items waiting, payouts asked for). */
  const waiting = async (user: TestUser) =>
    Number(
      (
        await t.sql(
          `select coalesce(sum(s.payout_amount), 0)::bigint as n from salary_item s left join payout p on p.id = s.payout_id
           where s.owner_id = $1 and (p.id is null or p.batch_id is null)`,
          [user.userId],
        )
      ).rows[0].n,
    );

  const emailToken = async (user: TestUser, kind: 'confirm' | 'stop') =>
    new URL(
      linkIn((await mailbox(t, user.email))[0], new RegExp(`/bank-account-change/${kind}\\?token=`)),
    ).searchParams.get('token')!;

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = (await adminClient(t)).api;
    // Every one of them paid today (the salary due the next bank day), with an account registered long ago.
    const immediate = () => freelancer(t, { payoutPreference: 'payout_immediate' });
    control = await immediate();
    lapsing = await immediate();
    confirming = await immediate();
    stopping = await immediate();
    asking = await immediate();
    for (const user of [control, lapsing, confirming, stopping, asking]) {
      const invoice = await sentInvoice(t, user.api);
      const res = await importFile(
        admin,
        bgMaxFile([{ reference: invoice.ocr, amountMinor: invoice.totalInclVat }]).bytes,
      );
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const asked = await asking.api.call('requestPayout', { headers: { 'Idempotency-Key': crypto.randomUUID() } });
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    assert.equal(asked.body.executionDate, day1);

    for (const user of [lapsing, confirming, stopping, asking]) {
      const changed = await registerBankAccount(t, user.api, COMMERZBANK_FORM);
      assert.equal(changed.bankDetails.hold.state, 'cooling_off');
    }
    // The periods as if the changes had been made at these times (24 hours before their end).
    const endsAt = async (users: TestUser[], iso: string) =>
      t.sql(
        `update bank_account_change set hold_until = $2::timestamptz where user_id = any($1::uuid[]) and kind = 'changed'`,
        [users.map((u) => u.userId), iso],
      );
    await endsAt([lapsing, stopping, asking], `${day1}T05:30:00+01:00`);
    await endsAt([confirming], `${nextBankDay(day2)}T12:00:00+01:00`);
  });
  after(() => t.close());

  test('during the period: the summary says what is held and until when, and a payout asked for now is refused', async () => {
    const summary = (await lapsing.api.call('getPayoutSummary')).body;
    assert.equal(summary.payoutHold.state, 'cooling_off');
    assert.equal(summary.payoutHold.until, new Date(`${day1}T05:30:00+01:00`).toISOString());
    assert.equal(summary.payoutHold.account, 'DE89 •••• 3000');
    // Not day 1, which comes before the period ends: the first bank day after it.
    assert.equal(summary.nextPayout.date, day2);

    const refused = await confirming.api.call('requestPayout', { headers: { 'Idempotency-Key': crypto.randomUUID() } });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'payout_account_on_hold');
    assert.equal(refused.body.heldUntil, new Date(`${nextBankDay(day2)}T12:00:00+01:00`).toISOString());
    const held = (await admin.call('listPayoutHolds')).body.items.map((i: { userId: string }) => i.userId);
    for (const user of [lapsing, confirming, stopping, asking]) assert.ok(held.includes(user.userId));
    assert.ok(!held.includes(control.userId));
  });

  test('the job’s file of day 1 pays only the account that was not changed; the held salaries wait', async () => {
    await runPayoutDay(t.services, at(t, morning(day1)));
    assert.deepEqual(await payoutsOf(day1), [
      { owner_id: control.userId, kind: 'immediate', account_masked: 'Swedbank •••• 7897' },
    ]);
    for (const user of [lapsing, confirming, stopping, asking]) assert.ok((await waiting(user)) > 0);
    // The payout asked for before the change is still there, waiting for its file.
    const asked = await t.sql(`select status, batch_id from payout where owner_id = $1`, [asking.userId]);
    assert.deepEqual(asked.rows, [{ status: 'initiated', batch_id: null }]);
  });

  test('after the period, a confirmation and a stop: the file of day 2 pays the confirmed and the lapsed, not the stopped', async () => {
    const confirmed = await t.client().call('confirmBankAccountChange', {
      body: { token: await emailToken(confirming, 'confirm') },
    });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    const stopped = await t
      .client()
      .call('stopBankAccountChange', { body: { token: await emailToken(stopping, 'stop') } });
    assert.equal(stopped.status, 200, JSON.stringify(stopped.body));

    await runPayoutDay(t.services, at(t, morning(day2)));
    const paid = await payoutsOf(day2);
    assert.deepEqual(
      paid.map((p) => [p.owner_id, p.kind, p.account_masked]),
      [
        [lapsing.userId, 'immediate', 'DE89 •••• 3000'],
        [confirming.userId, 'immediate', 'DE89 •••• 3000'],
        [asking.userId, 'manual', 'DE89 •••• 3000'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
    for (const user of [lapsing, confirming, asking]) assert.equal(await waiting(user), 0);
    assert.ok((await waiting(stopping)) > 0, 'nothing leaves for a stopped account');

    // The new account is in the file, in full.
    const batch = (await admin.call('listPayoutBatches')).body.items.find(
      (b: { executionDate: string }) => b.executionDate === day2,
    );
    const file = await admin.call('getPayoutBatchFile', { params: { batchId: batch.id } });
    assert.equal((file.body as string).match(/<IBAN>DE89370400440532013000<\/IBAN>/g)?.length, 3);
  });

  test('stopped: no payout either way until an account is registered again', async () => {
    const em = t.services.orm.em.fork() as EntityManager;
    const later = at(t, `${nextBankDay(day2)}T13:00:00+01:00`);
    assert.equal((await later.salaries.summary(em, stopping.userId)).nextPayout, null);
    assert.equal((await later.salaries.summary(em, stopping.userId)).payoutHold?.state, 'stopped');
  });
});
