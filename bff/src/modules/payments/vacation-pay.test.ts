// API tests of vacation pay (issue 25) on real PostgreSQL, every response checked against the contract: the vacation
// pay every salary shows, saving it ("spara semesterersättning"), a payout on request (exactly once, taxed at the rate
// of its payout day, back in the balance when denied), the yearly payout on the day around midsummer, what the back
// office sees coming and owes, the payout file list, and the yearly statement. The figures are sweden.md's public
// example (40 000 kr, fee 6 %, tax 30 %, standard rate), worked by hand in vacation-pay.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { nextBankDay, payoutDate } from '../../domain/bank-days.ts';
import fc from 'fast-check';
import { splitVacationPay, vacationPayPayoutDay } from '../../domain/vacation-pay.ts';
import { mailbox } from '../auth/test-helpers.ts';
import { COMMERZBANK_FORM, registerBankAccount } from '../banking/test-helpers.ts';
import { adminClient, bgMaxFile, freelancer, importFile, sentInvoice, todayInSweden } from './test-helpers.ts';

/** 40 000 kr excluding VAT. */
const EXAMPLE = {
  rows: [{ description: 'Konsultarvode', unitPrice: 400_000, quantity: 10, unit: 'hour', vatPercentage: 25 }],
};
const G = 2_861_056;
const V = 306_542;
const S = 2_554_514;

describe('vacation pay', () => {
  let t: TestApp;
  let admin: ApiClient;
  /** Saves her vacation pay. */
  let sara: TestUser;
  /** Has it paid with the salary (the default). */
  let paul: TestUser;
  const today = todayInSweden();
  const year = Number(today.slice(0, 4));

  /** A 40 000 kr invoice of `user`'s, sent and paid in full by a BgMax file; its salary item's id. */
  async function paidExample(user: TestUser): Promise<string> {
    const invoice = await sentInvoice(t, user.api, EXAMPLE);
    const res = await importFile(
      admin,
      bgMaxFile([{ reference: invoice.ocr, amountMinor: invoice.totalInclVat }]).bytes,
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const item = await t.sql(`select id from salary_item where invoice_id = $1`, [invoice.id]);
    return item.rows[0].id as string;
  }
  const figures = async (user: TestUser, id: string) =>
    (await user.api.call('getSalaryTransaction', { params: { transactionId: id } })).body.salary;
  const balance = async (user: TestUser) => (await user.api.call('getVacationPayBalance')).body;

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = (await adminClient(t)).api;
    sara = await freelancer(t, { saveVacationPay: true });
    paul = await freelancer(t);
  });
  after(() => t.close());

  test("the migration's split of earlier salaries is the domain's to the öre (PostgreSQL numeric, half away from zero)", async () => {
    const grosses = fc.sample(fc.integer({ min: 0, max: 10_000_000_000 }), 300).concat([0, 7, 56, 70, 112, G]);
    const { rows } = await t.sql(
      `select g::bigint as gross, round(g::numeric * 12 / 112)::bigint as v from unnest($1::bigint[]) as g`,
      [grosses],
    );
    for (const row of rows)
      assert.equal(Number(row.v), splitVacationPay(Number(row.gross), '12').vacationPay, row.gross);
  });

  test('every salary shows the vacation pay in its gross: G = S + V, V = round(G × 12/112); paid with it by default', async () => {
    const id = await paidExample(paul);
    const salary = await figures(paul, id);
    assert.deepEqual(
      {
        gross: salary.grossSalary,
        vacationPay: salary.vacationPayAmount,
        salary: salary.salaryExcludingVacationPay,
        saved: salary.savedVacationPayAmount,
        tax: salary.incomeTaxAmount,
        net: salary.netSalary,
        payout: salary.payout,
        rate: salary.rates.vacationPay,
      },
      { gross: G, vacationPay: V, salary: S, saved: 0, tax: 858_317, net: 2_002_739, payout: 2_002_739, rate: 12 },
    );
    const estimate = await paul.api.call('estimateSalary', { body: { amount: 4_000_000 } });
    assert.equal(estimate.body.vacationPayAmount, V);
    assert.equal(estimate.body.saveVacationPay, false);
    assert.equal(estimate.body.netSalary, 2_002_739);
    assert.equal((await balance(paul)).savedAmount, 0);
  });

  test('saved: the salary pays S less its tax; V and the contributions on it are set aside, owed, and told', async () => {
    const id = await paidExample(sara);
    const salary = await figures(sara, id);
    assert.deepEqual(
      {
        gross: salary.grossSalary,
        social: salary.socialFeeAmount,
        saved: salary.savedVacationPayAmount,
        savedSocial: salary.savedVacationPaySocialFeeAmount,
        tax: salary.incomeTaxAmount,
        net: salary.netSalary,
        payout: salary.payout,
        held: salary.vacationPayPayoutId,
      },
      {
        gross: G,
        social: 898_944,
        saved: V,
        savedSocial: 96_316,
        tax: 766_354,
        net: 1_788_160,
        payout: 1_788_160,
        held: null,
      },
    );
    assert.equal((await sara.api.call('getPayoutSummary')).body.availableNow, 1_788_160);
    const saved = await balance(sara);
    assert.deepEqual(
      { ...saved, payoutNow: { ...saved.payoutNow, date: undefined } },
      {
        saveVacationPay: true,
        savedAmount: V,
        itemCount: 1,
        payoutNow: { date: undefined, grossAmount: V, incomeTaxRate: 30, incomeTaxAmount: 91_963, netAmount: 214_579 },
        yearlyPayoutDate: vacationPayPayoutDay(today < vacationPayPayoutDay(year) ? year : year + 1),
        bankDetailsRegistered: true,
        onTheirWay: [],
      },
    );
    assert.equal(saved.payoutNow.date, nextBankDay(today));
    const owed = (await admin.call('getVacationPayOwed')).body;
    assert.equal(owed.savedAmount, V);
    assert.equal(owed.socialFeeAmount, 96_316);
    assert.equal(owed.freelancerCount, 1);
    assert.deepEqual(
      owed.largest.map((r: { userId: string; savedAmount: number }) => [r.userId, r.savedAmount]),
      [[sara.userId, V]],
    );
    const told = (await mailbox(t, sara.email)).find((m) => m.subject.includes('har betalat faktura'));
    assert.match(told!.text, /3\s065,42\skr semesterersättning, som sparas åt dig/);
    // The salaries screen's estimate for the profile saves it too; "what if" it were paid.
    assert.equal((await sara.api.call('estimateSalary', { body: { amount: 4_000_000 } })).body.netSalary, 1_788_160);
    const whatIf = await sara.api.call('estimateSalary', { body: { amount: 4_000_000, saveVacationPay: false } });
    assert.equal(whatIf.body.netSalary, 2_002_739);
  });

  test('the profile choice: off by default, and a change applies to salaries booked after it', async () => {
    assert.equal((await paul.api.call('getProfile')).body.saveVacationPay, false);
    assert.equal((await sara.api.call('updateProfile', { body: { saveVacationPay: false } })).status, 200);
    assert.equal((await sara.api.call('getProfile')).body.saveVacationPay, false);
    const id = await paidExample(sara);
    assert.equal((await figures(sara, id)).savedVacationPayAmount, 0);
    assert.equal((await balance(sara)).savedAmount, V, 'what was saved stays saved');
    assert.equal((await sara.api.call('updateProfile', { body: { saveVacationPay: true } })).status, 200);
    const audit = await t.sql(
      `select count(*)::int as n from audit_event where subject_user_id = $1 and action = 'user.profile_updated'`,
      [sara.userId],
    );
    assert.equal(audit.rows[0].n, 2);
  });

  describe('a payout on request', () => {
    let payout: {
      id: string;
      kind: string;
      executionDate: string;
      amount: number;
      reference: string;
      vacationPay: unknown;
    };

    before(async () => {
      const res = await sara.api.call('requestVacationPayPayout', {
        headers: { 'idempotency-key': 'sara-vacation-0001' },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      payout = res.body;
    });

    test('takes the whole balance, taxed at the profile rate, leaving the next bank day; exactly once', async () => {
      assert.equal(payout.executionDate, nextBankDay(today));
      assert.deepEqual(
        { kind: payout.kind, amount: payout.amount, vacationPay: payout.vacationPay },
        {
          kind: 'vacation_pay',
          amount: 214_579,
          vacationPay: { grossAmount: V, incomeTaxRate: 30, incomeTaxAmount: 91_963, socialFeeAmount: 96_316 },
        },
      );
      const again = await sara.api.call('requestVacationPayPayout', {
        headers: { 'idempotency-key': 'sara-vacation-0001' },
      });
      assert.equal(again.status, 200);
      assert.equal(again.body.id, payout.id);
      const more = await sara.api.call('requestVacationPayPayout');
      assert.equal(more.status, 409);
      assert.equal(more.body.code, 'vacation_pay_nothing_saved');
      // One key names one action: the salary payout operation refuses it.
      const other = await sara.api.call('requestPayout', { headers: { 'idempotency-key': 'sara-vacation-0001' } });
      assert.equal(other.status, 409);
      assert.equal(other.body.code, 'idempotency_key_reused');
      const now = await balance(sara);
      assert.equal(now.savedAmount, 0);
      assert.equal(now.payoutNow, null);
      assert.deepEqual(
        now.onTheirWay.map((p: { id: string }) => p.id),
        [payout.id],
      );
      // The salary is not in it: the salary payout of the same freelancer is separate.
      assert.equal((await sara.api.call('getPayoutSummary')).body.availableNow, 1_788_160 + 2_002_739);
    });

    test('the back office sees it coming on its day, with the salaries waiting for theirs', async () => {
      const upcoming = (await admin.call('listUpcomingPayouts')).body;
      const day = upcoming.days.find((d: { date: string }) => d.date === payout.executionDate);
      const hers = day.freelancers.find((f: { userId: string }) => f.userId === sara.userId);
      assert.equal(hers.account, 'Swedbank •••• 7897');
      assert.deepEqual(hers.payoutIds, [payout.id]);
      assert.equal(hers.amount, 214_579);
      assert.deepEqual(
        hers.items.map((i: { kind: string; amount: number }) => [i.kind, i.amount]),
        [['vacation_pay', V]],
      );
      // Paul's salary (monthly preference) on its payout date, Sara's two salaries likewise.
      const monthly = payoutDate('payout_monthly', today);
      const onMonthly = upcoming.days.find((d: { date: string }) => d.date === monthly);
      const paulThere = onMonthly.freelancers.find((f: { userId: string }) => f.userId === paul.userId);
      assert.equal(paulThere.amount, 2_002_739);
      assert.equal(paulThere.items[0].kind, 'salary');
      assert.equal(typeof paulThere.items[0].invoiceNumber, 'number');
      assert.equal(
        onMonthly.amount,
        onMonthly.freelancers.reduce((sum: number, f: { amount: number }) => sum + f.amount, 0),
      );
    });

    test('its file is made on its day with the tax rate of that day; a denial puts it back in the balance', async () => {
      // Sara's tax rate changes before the payout day's file: the tax is the payout day's (32 %: 980.93).
      assert.equal((await sara.api.call('updateProfile', { body: { incomeTaxRate: 32 } })).status, 200);
      const made = await admin.call('createPayoutBatch', { body: { executionDate: payout.executionDate } });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const file = await admin.call('getPayoutBatchFile', { params: { batchId: made.body.batch.id } });
      const xml = String(file.body);
      const endToEnd = payout.id.replaceAll('-', '');
      assert.match(
        xml,
        new RegExp(`<EndToEndId>${endToEnd}</EndToEndId>[\\s\\S]*?<InstdAmt Ccy="SEK">2084.49</InstdAmt>`),
      );
      assert.match(xml, new RegExp(`Semesterersättning Frilo ${payout.reference}`));
      const listed = await admin.call('listPayouts', { query: { batchId: made.body.batch.id } });
      const row = listed.body.items.find((p: { id: string }) => p.id === payout.id);
      assert.deepEqual(row.vacationPay, {
        grossAmount: V,
        incomeTaxRate: 32,
        incomeTaxAmount: 98_093,
        socialFeeAmount: 96_316,
      });
      assert.equal(row.amount, 208_449);
      // The file list links each payment to its freelancer and what it pays.
      assert.deepEqual(row.owner, { userId: sara.userId, name: 'Frida Frilans', email: sara.email });
      assert.equal(row.items.length, 1);
      assert.equal(row.items[0].amount, V);
      const slip = await sara.api.call('getPayslip', { params: { payoutId: payout.id } });
      const { text } = await extractPdfText(slip.body);
      for (const part of [
        'Sparad semesterersättning (brutto) 3 065,42',
        'Preliminär skatt (32 %) -980,93',
        'Att utbetala (SEK) 2 084,49',
        'Semesterersättning utbetald 3 065,42',
      ])
        assert.ok(text.includes(part), `missing "${part}" in ${text}`);
      await t.drainJobs();
      const mail = (await mailbox(t, sara.email)).find((m) => m.subject.startsWith('Din sparade semesterersättning'));
      assert.match(mail!.subject, /2\s084,49\skr/);

      const denied = await admin.call('denyPayout', {
        params: { payoutId: payout.id },
        body: { reason: 'Kontot är avslutat' },
      });
      assert.equal(denied.status, 200);
      assert.equal((await balance(sara)).savedAmount, V);
      const again = await sara.api.call('requestVacationPayPayout');
      assert.equal(again.status, 201);
      assert.equal(again.body.amount, 208_449);
      assert.notEqual(again.body.id, payout.id);
    });

    test('a day with nothing to pay says when the next payouts are', async () => {
      const empty = nextBankDay(payout.executionDate);
      // Sara's new payout (asked for after the first file) leaves on that day: make it first.
      const first = await admin.call('createPayoutBatch', { body: { executionDate: empty } });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const nothing = await admin.call('createPayoutBatch', { body: { executionDate: nextBankDay(empty) } });
      assert.equal(nothing.status, 200);
      assert.equal(nothing.body.batch, null);
      assert.equal(nothing.body.next.date, payoutDate('payout_monthly', today));
      assert.ok(nothing.body.next.freelancerCount >= 2);
    });
  });

  test('ten requests at once make one payout; every saved part is in exactly one', async () => {
    const tom = await freelancer(t, { saveVacationPay: true });
    await paidExample(tom);
    await paidExample(tom);
    const answers = await Promise.all(Array.from({ length: 10 }, () => tom.api.call('requestVacationPayPayout')));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, ...Array(9).fill(409)]);
    const made = answers.find((a) => a.status === 201)!.body;
    assert.equal(made.amount, 2 * V - 183_925); // tax 30 % of 6 130.84 = 1 839.25
    const { rows } = await t.sql(
      `select count(*)::int as items, count(distinct vacation_pay_payout_id)::int as payouts,
         (select count(*)::int from payout_line where payout_id = $2) as lines
       from salary_item where owner_id = $1 and saved_vacation_pay_amount > 0`,
      [tom.userId, made.id],
    );
    assert.deepEqual(rows[0], { items: 2, payouts: 1, lines: 2 });
  });

  test('the yearly payout: the batch of the day around midsummer pays what was saved before it, once', async () => {
    const yvonne = await freelancer(t, { saveVacationPay: true });
    const early = await paidExample(yvonne);
    const late = await paidExample(yvonne);
    const day = vacationPayPayoutDay(today < vacationPayPayoutDay(year) ? year : year + 1);
    // The second was saved on the payout day itself (after that morning's file): it waits for the next year's.
    await t.sql(`update salary_item set registered_on = $2 where id = $1`, [late, day]);
    const made = await admin.call('createPayoutBatch', { body: { executionDate: day } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const { rows } = await t.sql(
      `select p.id, p.amount::bigint as amount, p.gross_amount::bigint as gross, p.income_tax_amount::bigint as tax,
         to_char(p.execution_date, 'YYYY-MM-DD') as day, p.batch_id
       from payout p where p.owner_id = $1 and p.kind = 'vacation_pay'`,
      [yvonne.userId],
    );
    assert.deepEqual(rows, [
      { id: rows[0]!.id, amount: '214579', gross: String(V), tax: '91963', day, batch_id: made.body.batch.id },
    ]);
    const held = await t.sql(`select id, vacation_pay_payout_id from salary_item where id in ($1, $2)`, [early, late]);
    const byId = new Map(held.rows.map((r) => [r.id, r.vacation_pay_payout_id]));
    assert.equal(byId.get(early), rows[0]!.id);
    assert.equal(byId.get(late), null);
    const repeat = await admin.call('createPayoutBatch', { body: { executionDate: day } });
    assert.equal(repeat.status, 200);
    assert.equal(repeat.body.batch.id, made.body.batch.id);
    const left = await balance(yvonne);
    assert.equal(left.savedAmount, V);
    assert.equal(left.yearlyPayoutDate, vacationPayPayoutDay(Number(day.slice(0, 4)) + 1));
    // Everything saved before the day is in a payout, each part in one.
    const { rows: twice } = await t.sql(
      `select salary_item_id from payout_line l join payout p on p.id = l.payout_id where p.kind = 'vacation_pay'
         and p.status in ('initiated', 'completed_transaction') group by salary_item_id having count(*) > 1`,
    );
    assert.deepEqual(twice, []);
    const { rows: waiting } = await t.sql(
      `select count(*)::int as n from salary_item where saved_vacation_pay_amount > 0 and vacation_pay_payout_id is null
         and registered_on < $1::date`,
      [day],
    );
    assert.equal(waiting[0].n, 0);
  });

  test('the yearly statement: from January for the year before; the year so far before that', async () => {
    const years = (await sara.api.call('listYearlyStatements')).body.years;
    assert.deepEqual(
      years.find((y: { year: number }) => y.year === year),
      { year, available: false, availableFrom: `${year + 1}-01-01` },
    );
    const early = await sara.api.call('getYearlyStatement', { params: { year } });
    assert.equal(early.status, 422);
    assert.equal(early.body.code, 'statement_not_available');
    assert.equal(early.body.availableFrom, `${year + 1}-01-01`);
    assert.equal((await sara.api.call('getYearlyStatement', { params: { year: year - 5 } })).status, 404);
    // Her salary payout paid last year (moved there): its statement is there.
    const { rows } = await t.sql(
      `update payout set execution_date = $2 where id = (select id from payout where owner_id = $1 and kind <> 'vacation_pay'
         and status = 'initiated' order by number limit 1) returning id`,
      [sara.userId, `${year - 1}-12-21`],
    );
    assert.equal(rows.length, 1);
    const listed = (await sara.api.call('listYearlyStatements')).body.years;
    assert.ok(listed.some((y: { year: number; available: boolean }) => y.year === year - 1 && y.available));
    const statement = await sara.api.call('getYearlyStatement', { params: { year: year - 1 } });
    assert.equal(statement.status, 200);
    const { text } = await extractPdfText(statement.body);
    assert.ok(text.includes(`Lönesammanställning ${year - 1}`), text);
    assert.ok(text.includes('Org.nr 559900-1236'), text);
    assert.ok(text.includes('Personnummer 19811218-9876'), text);
    assert.match(text, new RegExp(`Summa ${year - 1} `));
  });

  test('a changed salary account holds saved vacation pay like a salary: refused on request, the yearly payout waits', async () => {
    const hanna = await freelancer(t, { saveVacationPay: true });
    const item = await paidExample(hanna);
    const changed = await registerBankAccount(t, hanna.api, COMMERZBANK_FORM);
    assert.equal(changed.bankDetails.hold.state, 'cooling_off');
    const day = vacationPayPayoutDay(today < vacationPayPayoutDay(year) ? year : year + 1);
    // The cooling-off period lasts past the morning of the yearly payout day (as if the change were made just before).
    const until = `${day}T12:00:00+02:00`;
    await t.sql(`update bank_account_change set hold_until = $2::timestamptz where user_id = $1`, [
      hanna.userId,
      until,
    ]);

    const asked = await hanna.api.call('requestVacationPayPayout');
    assert.equal(asked.status, 409, JSON.stringify(asked.body));
    assert.equal(asked.body.code, 'payout_account_on_hold');
    assert.equal(asked.body.heldUntil, new Date(until).toISOString());
    const held = await balance(hanna);
    assert.equal(held.savedAmount, V);
    // Expected no earlier than the first bank day after the hold.
    assert.equal(held.yearlyPayoutDate, nextBankDay(day));
    // The back office does not see her salary or vacation pay coming on a day the hold still covers.
    const upcoming = (await admin.call('listUpcomingPayouts')).body;
    for (const d of upcoming.days.filter((d: { date: string }) => d.date <= day))
      assert.ok(!d.freelancers.some((f: { userId: string }) => f.userId === hanna.userId), d.date);

    const vacationPayouts = async () =>
      (
        await t.sql(
          `select p.id, b.execution_date is not null as in_file from payout p left join payout_batch b on b.id = p.batch_id
           where p.owner_id = $1 and p.kind = 'vacation_pay'`,
          [hanna.userId],
        )
      ).rows;
    // A file made while the account is held (the clock is now, before the period ends) takes none of it.
    const dayAfter = nextBankDay(day);
    const first = await admin.call('createPayoutBatch', { body: { executionDate: dayAfter } });
    assert.ok([200, 201].includes(first.status), JSON.stringify(first.body));
    assert.deepEqual(await vacationPayouts(), []);
    const still = await t.sql(`select vacation_pay_payout_id from salary_item where id = $1`, [item]);
    assert.equal(still.rows[0].vacation_pay_payout_id, null);

    // The period over: the first file after it pays it, once.
    await t.sql(`update bank_account_change set hold_until = now() - interval '1 hour' where user_id = $1`, [
      hanna.userId,
    ]);
    const later = nextBankDay(dayAfter);
    const second = await admin.call('createPayoutBatch', { body: { executionDate: later } });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    const paid = await vacationPayouts();
    assert.equal(paid.length, 1);
    assert.equal(paid[0].in_file, true);
    const { rows } = await t.sql(`select amount::bigint as amount from payout where id = $1`, [paid[0].id]);
    assert.equal(rows[0].amount, '214579');
    assert.equal((await balance(hanna)).savedAmount, 0);
  });
});
