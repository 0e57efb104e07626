// Who may call what: ONE table with an entry for every operation of the contract, which the authorization suite
// (test/proof/authorization.test.ts) calls as six callers: anonymous, a logged-in user whose email is not confirmed,
// another freelancer, the owner, an admin, and an admin impersonating the owner. An operation without an entry fails the
// type check and the suite; so does an entry for an operation the contract no longer has.
//
// Adding an operation: one line here. Pick its `access` (the table below says what each caller then gets), give the
// status an allowed call answers (`ok`), and a `request` built from the owner's resources (`fx.customer()`…). When the
// operation names a new kind of resource, add a factory to RESOURCES that creates one for a user.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { OperationId } from '../src/platform/http/contract.ts';
import { PASSWORD, loggedIn, signUpBody, uniqueEmail } from '../src/modules/auth/test-helpers.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { swedishCompany } from '../src/modules/customers/test-data.ts';
import { fileForm, tinyPng } from '../src/modules/invoices/test-files.ts';
import { bgMaxFile, importFile, statusReportXml, todayInSweden } from '../src/modules/payments/test-helpers.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { linkIn, mailbox } from './mailbox.ts';
import type { ApiClient, TestApp } from './test-app.ts';

/** The callers every operation is tried as. */
export const ROLES = ['anonymous', 'unconfirmed', 'other', 'owner', 'admin', 'impersonating'] as const;
export type Role = (typeof ROLES)[number];

/**
 * - `public`: anyone, logged in or not (the secret in a link, where there is one, is what authorizes).
 * - `session`: any logged-in account, acting on its own account (401 without a session).
 * - `confirmed`: a logged-in account whose email address is confirmed, acting on its own data (403 before).
 * - `owned`: names a resource of the owner (in the path or the body): only the owner, or an admin impersonating them;
 *   for everyone else it does not exist (404, never a 403 that would confirm it does).
 * - `ownList`: the caller's own collection: every confirmed caller gets one, only the owner's holds the owner's data.
 * - `admin`: admins only; refused to everyone else (403), an admin impersonating someone included.
 */
export type Access = 'public' | 'session' | 'confirmed' | 'owned' | 'ownList' | 'admin';

/** What each caller gets, by access: `ok` is the entry's own success status. */
export const EXPECTED: Record<Access, Record<Role, number | 'ok'>> = {
  public: { anonymous: 'ok', unconfirmed: 'ok', other: 'ok', owner: 'ok', admin: 'ok', impersonating: 'ok' },
  session: { anonymous: 401, unconfirmed: 'ok', other: 'ok', owner: 'ok', admin: 'ok', impersonating: 'ok' },
  confirmed: { anonymous: 401, unconfirmed: 403, other: 'ok', owner: 'ok', admin: 'ok', impersonating: 'ok' },
  owned: { anonymous: 401, unconfirmed: 403, other: 404, owner: 'ok', admin: 404, impersonating: 'ok' },
  ownList: { anonymous: 401, unconfirmed: 403, other: 'ok', owner: 'ok', admin: 'ok', impersonating: 'ok' },
  admin: { anonymous: 401, unconfirmed: 403, other: 403, owner: 403, admin: 'ok', impersonating: 403 },
};

/** A request as the test client sends it. */
export interface MatrixRequest {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A multipart form (uploads); built anew for every call. */
  form?: () => FormData;
  headers?: Record<string, string>;
}

/** A user the resources are made for, logged in. */
export interface FixtureUser {
  api: ApiClient;
  email: string;
  userId: string;
}

export interface FixtureContext {
  t: TestApp;
  user: FixtureUser;
  /** Text put into the user's resources: it must never show in an answer to anyone else. */
  marker: string;
}

/** One caller's view of a resource kind: a new resource of the user each call. */
export type Fixtures = { [K in keyof typeof RESOURCES]: () => ReturnType<(typeof RESOURCES)[K]> } & {
  user: FixtureUser;
};

export interface Entry {
  access: Access;
  /** The status of an allowed call. */
  ok: number;
  /** The request, from the resources of the user it is for (the owner's in the matrix). No body when absent. */
  request?: (fx: Fixtures) => MatrixRequest | Promise<MatrixRequest>;
  /** Callers for whom the answer differs from what `access` says, each with its reason in a comment. */
  except?: Partial<Record<Role, number>>;
  /**
   * Fields of the body or query that name another resource (a uuid), and its kind. The suite lets another freelancer
   * make the request from their own resources with just this field naming the owner's: it must be answered `status`
   * (default 404), exactly as when the field names nothing that exists, and write nothing. Every uuid field of a
   * non-public operation must be listed.
   */
  references?: Record<string, { kind: keyof typeof RESOURCES; status?: number }>;
  /** Exists outside production only and shows anyone's data by design (the dev mailbox); production.test.ts. */
  devOnly?: true;
  /**
   * Make each caller's request just before its call instead of all up front: for operations that take everything of
   * a kind the owner has (a payout takes every salary available), so one caller's call would empty another's request.
   */
  sequential?: true;
}

/** Invoices above this total (excluding VAT, öre) wait for an admin's review (−1) in the proof suites' app. */
export const REVIEW_ABOVE_ORE = 10_000_000;

/** How the proof suites run the app: no rate limits, and big invoices reviewed by an admin first (the approval queue). */
export function proofAppConfig(): Partial<Config> {
  const base = loadConfig({ NODE_ENV: 'test', PORT: '0' });
  return { rateLimits: false, sending: { ...base.sending, reviewAboveSek: REVIEW_ABOVE_ORE } };
}

const created = async (res: Promise<{ status: number; body: { id: string } }>, what: string) => {
  const answer = await res;
  assert.equal(answer.status, 201, `${what}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

const BANK_FORM = { kind: 'domestic', clearingNumber: '8327-9', accountNumber: '123 456 789-7', action: 'save' };

const row = { description: 'Konsulttjänst', unitPrice: 100_000, quantity: 8, unit: 'hour', vatPercentage: 25 };

/** Sends the user a fresh link by email and returns it, once `mailbox` has it. */
async function emailedLink(t: TestApp, to: string, pattern: RegExp): Promise<URL> {
  const [mail] = await mailbox(t, to);
  return new URL(linkIn(mail, pattern));
}

/** Opens a bank registration for `user` and fills in the built-in provider's page: the signed `state` it returned with. */
async function filledBankRegistration(t: TestApp, user: FixtureUser): Promise<{ state: string }> {
  const started = await user.api.call('startBankRegistration', { body: { locale: 'sv' } });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const page = await fetch(t.url + (started.body.redirectUrl as string).split('?')[0], {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: [...user.api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams(BANK_FORM).toString(),
  });
  const location = page.headers.get('location') ?? '';
  assert.match(location, /^\/dashboard\/pinebucket-confirmation\?state=/, `the page answered ${page.status}`);
  return { state: new URL(location, t.url).searchParams.get('state')! };
}

let passwordHash: Promise<string> | undefined;

/**
 * A confirmed account of its own, for links that change the account they belong to; made in the database (signing up
 * is the matrix's to test, and would cost an emailed link each), logged in when `login`.
 */
async function spareAccount(t: TestApp, login = true): Promise<FixtureUser> {
  const email = uniqueEmail('spare');
  passwordHash ??= hashPassword(PASSWORD);
  const user = await t.sql(
    `insert into app_user (email, password_hash, first_name, last_name, email_confirmed_at, terms_accepted_at)
     values ($1, $2, 'Svea', 'Spare', now(), now()) returning id`,
    [email, await passwordHash],
  );
  return { api: login ? await loggedIn(t, email) : t.client(), email, userId: user.rows[0].id as string };
}

const admins = new WeakMap<TestApp, Promise<FixtureUser>>();

/** An admin of the fixtures' own (not one of the callers), who makes what only an admin can: payments, files, codes. */
function fixtureAdmin(t: TestApp): Promise<FixtureUser> {
  let admin = admins.get(t);
  if (!admin) {
    admin = (async () => {
      const spare = await spareAccount(t, false);
      await t.sql(`update app_user set is_admin = true where id = $1`, [spare.userId]);
      return { ...spare, api: await loggedIn(t, spare.email) };
    })();
    admins.set(t, admin);
  }
  return admin;
}

/** An invoice of the user, to a customer named with the marker (the salary rows show it), sent and delivered. */
async function sentInvoiceOf({ t, user, marker }: FixtureContext, terms: Record<string, unknown> = {}) {
  const customer = await created(
    user.api.call('createCustomer', { body: { ...swedishCompany, name: `Kund ${marker}` } }),
    'customer',
  );
  const draft = await created(
    user.api.call('createInvoice', {
      body: { recipientId: customer.id, rows: [{ ...row, description: marker }], ...terms },
    }),
    'invoice',
  );
  const sent = await user.api.call('sendInvoice', { params: { invoiceId: draft.id } });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  await t.drainJobs();
  const invoice = await user.api.call('getInvoice', { params: { invoiceId: draft.id } });
  assert.equal(invoice.body.statusName, 'sent', JSON.stringify(invoice.body));
  return {
    id: draft.id,
    number: invoice.body.number as number,
    totalInclVat: invoice.body.totals.totalInclVat as number,
  };
}

/** A salary item: the user's invoice, paid in full (registered by an admin). */
async function salaryItemOf(context: FixtureContext) {
  const invoice = await sentInvoiceOf(context);
  const admin = await fixtureAdmin(context.t);
  const payment = await admin.api.call('registerPayment', {
    body: { invoiceId: invoice.id, amount: invoice.totalInclVat, currency: 'SEK', paymentDate: todayInSweden() },
  });
  assert.equal(payment.status, 201, JSON.stringify(payment.body));
  const item = await context.t.sql(`select id from salary_item where invoice_id = $1`, [invoice.id]);
  assert.equal(item.rows.length, 1, 'one salary item per paid invoice');
  return { id: item.rows[0].id as string, invoiceId: invoice.id };
}

/** The user's invoice, due 15 days ago at a typed 12 % interest, paid in full today: an interest invoice is owed. */
async function latePaidInvoiceOf(context: FixtureContext) {
  const today = todayInSweden();
  const invoiceDate = new Date(Date.parse(`${today}T00:00:00Z`) - 45 * 86_400_000).toISOString().slice(0, 10);
  const invoice = await sentInvoiceOf(context, { invoiceDate, paymentTermsDays: 30, latePaymentInterest: 12 });
  const admin = await fixtureAdmin(context.t);
  const payment = await admin.api.call('registerPayment', {
    body: { invoiceId: invoice.id, amount: invoice.totalInclVat, currency: 'SEK', paymentDate: today },
  });
  assert.equal(payment.status, 201, JSON.stringify(payment.body));
  return invoice;
}

/** A payout takes every salary the user has available, so payouts are made one at a time. */
let payouts: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = payouts.then(work, work);
  payouts = next.catch(() => undefined);
  return next;
}

/** A payout the user asked for, holding a salary of theirs (its file not made yet). */
async function payoutOf(context: FixtureContext): Promise<{ id: string; executionDate: string }> {
  await salaryItemOf(context);
  const payout = await context.user.api.call('requestPayout');
  assert.equal(payout.status, 201, JSON.stringify(payout.body));
  return payout.body;
}

/** A CSV file of the old system for the admin's import, as a form. */
function legacyForm(kind: 'invoices' | 'payouts', csv: string): FormData {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`);
  return form;
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** An old invoice of the user's, with the marker as its recipient. */
function legacyInvoiceCsv(email: string, marker: string): string {
  return `email,number,recipient,paid,invoiceDate,dueDate,total\n${email},L${unique()},Kund ${marker},yes,2024-03-01,2024-03-31,"1 000,50"\n`;
}

/** A BgMax file of one payment whose reference matches no invoice: it waits for an admin to match it. */
function unmatchedBgMax(amountMinor = 10_000) {
  return bgMaxFile([{ reference: `9${unique()}`.slice(0, 20), amountMinor }]).bytes;
}

/**
 * Factories, one per kind of thing a request can name: each makes a new one for `user`. Resources carry the marker;
 * links (which anyone holding them may use) are made for spare accounts and customers without it.
 */
export const RESOURCES = {
  customer: ({ user, marker }: FixtureContext) =>
    created(user.api.call('createCustomer', { body: { ...swedishCompany, name: `Kund ${marker}` } }), 'customer'),

  receipt: ({ user, marker }: FixtureContext) =>
    created(
      user.api.call('uploadReceipt', { form: fileForm(tinyPng(), `kvitto-${marker}.png`, 'image/png') }),
      'receipt',
    ),

  invoice: async ({ user, marker }: FixtureContext) => {
    const customer = await created(user.api.call('createCustomer', { body: swedishCompany }), 'customer');
    const invoice = await created(
      user.api.call('createInvoice', {
        body: { recipientId: customer.id, reference: `Ref ${marker}`, rows: [{ ...row, description: marker }] },
      }),
      'invoice',
    );
    return invoice as { id: string; version: number; recipient: { id: string } };
  },

  /** A draft the user can send (rows, a customer with an invoice email; the user has a personal number and a bank). */
  sendableInvoice: async ({ user, marker }: FixtureContext) => {
    const customer = await created(user.api.call('createCustomer', { body: swedishCompany }), 'customer');
    const body = { recipientId: customer.id, reference: `Ref ${marker}`, rows: [{ ...row, description: marker }] };
    return (await created(user.api.call('createInvoice', { body }), 'invoice')) as { id: string; version: number };
  },

  /** An invoice that has been sent and delivered (to the development mailbox). */
  sentInvoice: async (context: FixtureContext) => {
    const invoice = await RESOURCES.sendableInvoice(context);
    const sent = await context.user.api.call('sendInvoice', { params: { invoiceId: invoice.id } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await context.t.drainJobs();
    const state = await context.t.sql(`select state from invoice where id = $1`, [invoice.id]);
    assert.equal(state.rows[0].state, 'sent');
    return invoice;
  },

  /**
   * A bank registration the user filled in on the built-in provider's page: the signed `state` it returned with. The
   * user's account is removed first, so completing it is a first registration: a change would hold the user's payouts
   * for a day (issue 21), and the payout operations after it in the matrix need them to go.
   */
  bankRegistration: async ({ t, user }: FixtureContext) => {
    await t.sql(`delete from bank_account where user_id = $1`, [user.userId]);
    return filledBankRegistration(t, user);
  },

  /**
   * The emailed links of a salary account change a spare account made (a registration, then a change): confirm and
   * stop. A spare account: stopping ends every session of the account it belongs to.
   */
  accountChange: async ({ t }: FixtureContext) => {
    const spare = await spareAccount(t);
    for (let i = 0; i < 2; i++) {
      const done = await spare.api.call('completeBankRegistration', { body: await filledBankRegistration(t, spare) });
      assert.equal(done.status, 200, JSON.stringify(done.body));
    }
    const confirm = await emailedLink(t, spare.email, /\/bank-account-change\/confirm\?token=/);
    const stop = await emailedLink(t, spare.email, /\/bank-account-change\/stop\?token=/);
    return { confirm: confirm.searchParams.get('token')!, stop: stop.searchParams.get('token')! };
  },

  /** An account of its own (logged in), for operations that log in as someone. */
  spare: ({ t }: FixtureContext) => spareAccount(t, false),

  /** A verification link sent to a customer's contact: `{ uuid, nonce }`. */
  verification: async ({ t, user }: FixtureContext) => {
    const contactPersonEmail = uniqueEmail('contact');
    const customer = await created(
      user.api.call('createCustomer', { body: { ...swedishCompany, contactPersonEmail } }),
      'customer',
    );
    assert.equal((await user.api.call('sendCustomerVerification', { params: { uuid: customer.id } })).status, 202);
    const link = await emailedLink(t, contactPersonEmail, /\/verify\//);
    const [, , uuid, , nonce] = link.pathname.split('/');
    return { uuid: uuid!, nonce: nonce!, version: (customer as unknown as { version: number }).version };
  },

  /** The confirmation link of a new account that has not been confirmed: `{ id, token }`. */
  confirmation: async ({ t }: FixtureContext) => {
    const email = uniqueEmail('unconfirmed');
    assert.equal((await t.client().call('signUp', { body: signUpBody(email) })).status, 201);
    const [, , id, token] = (await emailedLink(t, email, /\/confirm\//)).pathname.split('/');
    return { id: id!, token: token! };
  },

  /** A password reset link of a spare account. */
  passwordReset: async ({ t }: FixtureContext) => {
    const { email } = await spareAccount(t, false);
    assert.equal((await t.client().call('forgotPassword', { body: { email } })).status, 202);
    return { token: (await emailedLink(t, email, /\/reset-password\//)).pathname.split('/').pop()! };
  },

  /** The links of an email change a spare account asked for: confirm (to the new address) and cancel (to the old). */
  emailChange: async ({ t }: FixtureContext) => {
    const { api, email } = await spareAccount(t);
    const newEmail = uniqueEmail('moved');
    assert.equal((await api.call('requestEmailChange', { body: { email: newEmail, password: PASSWORD } })).status, 202);
    const confirm = await emailedLink(t, newEmail, /\/email-change-confirm\?token=/);
    const cancel = await emailedLink(t, email, /\/email-change-cancel\?token=/);
    return { confirm: confirm.searchParams.get('token')!, cancel: cancel.searchParams.get('token')! };
  },

  /** An account of its own made an admin (for revoking the right). */
  spareAdmin: async ({ t }: FixtureContext) => {
    const spare = await spareAccount(t, false);
    await t.sql(`update app_user set is_admin = true where id = $1`, [spare.userId]);
    return spare;
  },

  /** An account of its own that an admin disabled. */
  disabledAccount: async ({ t }: FixtureContext) => {
    const spare = await spareAccount(t, false);
    await t.sql(`update app_user set disabled_at = now() where id = $1`, [spare.userId]);
    return spare;
  },

  /** An invoice of the user's waiting (2) for its e-invoice customer to accept e-invoices (problem 16). */
  invoiceWaitingForEInvoice: async ({ user, marker }: FixtureContext) => {
    const customer = await created(
      user.api.call('createCustomer', { body: { ...swedishCompany, eInvoice: true } }),
      'customer',
    );
    const body = { recipientId: customer.id, reference: `Ref ${marker}`, rows: [{ ...row, description: marker }] };
    const invoice = await created(user.api.call('createInvoice', { body }), 'invoice');
    const sent = await user.api.call('sendInvoice', { params: { invoiceId: invoice.id } });
    assert.equal(sent.body.statusName, 'quoted', `the invoice should wait: ${JSON.stringify(sent.body)}`);
    return invoice;
  },

  /** An invoice of the user's waiting for an admin's review (−1): sent above REVIEW_ABOVE_ORE. */
  invoiceInReview: async ({ user, marker }: FixtureContext) => {
    const customer = await created(user.api.call('createCustomer', { body: swedishCompany }), 'customer');
    const rows = [{ ...row, description: marker, unitPrice: REVIEW_ABOVE_ORE + 100, quantity: 1 }];
    const body = { recipientId: customer.id, reference: `Ref ${marker}`, rows };
    const invoice = await created(user.api.call('createInvoice', { body }), 'invoice');
    const sent = await user.api.call('sendInvoice', { params: { invoiceId: invoice.id } });
    assert.equal(sent.body.status, -1, `the invoice should wait for review: ${JSON.stringify(sent.body)}`);
    return invoice;
  },

  /** An invoice of the user's that was sent: `{ id, number, totalInclVat }`. */
  payableInvoice: (context: FixtureContext) => sentInvoiceOf(context),

  /** An invoice of the user's paid in full after its due date. */
  latePaidInvoice: latePaidInvoiceOf,

  /** A salary item of the user's (an invoice paid in full), available for a payout. */
  salaryItem: salaryItemOf,

  /** A payout the user asked for. */
  payout: (context: FixtureContext) => oneAtATime(() => payoutOf(context)),

  /** Vacation pay the user saved (a salary booked while "spara semesterersättning" was on). */
  savedVacationPay: async (context: FixtureContext) => {
    await context.t.sql(`update app_user set save_vacation_pay = true where id = $1`, [context.user.userId]);
    try {
      return await salaryItemOf(context);
    } finally {
      await context.t.sql(`update app_user set save_vacation_pay = false where id = $1`, [context.user.userId]);
    }
  },

  /** A payout of the user's on a bank day of last year: the year has a statement. */
  lastYearPayout: (context: FixtureContext) =>
    oneAtATime(async () => {
      const payout = await payoutOf(context);
      const year = Number(todayInSweden().slice(0, 4)) - 1;
      await context.t.sql(`update payout set execution_date = $2 where id = $1`, [payout.id, `${year}-06-18`]);
      return { year };
    }),

  /** The payout file of a bank day holding a payout of the user's: `{ id, messageId, payoutId }`. */
  payoutBatch: (context: FixtureContext) =>
    oneAtATime(async () => {
      const payout = await payoutOf(context);
      const admin = await fixtureAdmin(context.t);
      const res = await admin.api.call('createPayoutBatch', { body: { executionDate: payout.executionDate } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return { id: res.body.batch.id as string, messageId: res.body.batch.messageId as string, payoutId: payout.id };
    }),

  /** A customer's payment no invoice matched (imported from a BgMax file), waiting for an admin. */
  unmatchedPayment: async ({ t }: FixtureContext) => {
    const res = await importFile((await fixtureAdmin(t)).api, unmatchedBgMax());
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const [payment] = res.body.payments as { id: string; status: string }[];
    assert.equal(payment?.status, 'unmatched');
    return payment!;
  },

  /** A recipient on the blocklist. */
  blocklistEntry: async ({ t }: FixtureContext) =>
    created(
      (await fixtureAdmin(t)).api.call('blockRecipient', {
        body: { kind: 'email_domain', value: `blocked-${unique()}.example` },
      }),
      'blocklist entry',
    ),

  /** A campaign code. */
  campaignCode: async ({ t }: FixtureContext) =>
    created(
      (await fixtureAdmin(t)).api.call('createCampaignCode', {
        body: { code: `PROOF-${unique()}`, effect: { type: 'fee_rate', value: 3 } },
      }),
      'campaign code',
    ),

  /** Records of the old product for the user (an admin's import, which gives the account the legacy flag). */
  legacyRecords: async ({ t, user, marker }: FixtureContext) => {
    const admin = (await fixtureAdmin(t)).api;
    const payouts = `email,createdDate,transactionDate,socialFees,taxMoney,netSalary,pensionTax,pensionDeposition\n${user.email},2024-01-25,2024-01-26,${unique().slice(-6)},100,200,0,0\n`;
    for (const [kind, csv] of [
      ['invoices', legacyInvoiceCsv(user.email, marker)],
      ['payouts', payouts],
    ] as const) {
      const res = await admin.call('importLegacyRecords', { form: legacyForm(kind, csv) });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    return {};
  },
};
export type ResourceKind = keyof typeof RESOURCES;

/**
 * An invoice's customer and receipts. A receipt that is not the caller's is a field error (400 `receipt_not_found` on
 * the expense), as for a receipt that never existed: the wizard shows it at the expense.
 */
const RECIPIENT_AND_RECEIPT: Entry['references'] = {
  'body.recipientId': { kind: 'customer' },
  'body.expenses.0.receiptId': { kind: 'receipt', status: 400 },
};

const profileAddress = { streetName: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm', country: 'SE' };

/** The fingerprint of a month in which no salary was paid (employer declarations: sha256 of no people). */
const EMPTY_MONTH_FINGERPRINT = createHash('sha256').update('[]').digest('hex');
let emptyMonths = 0;
/** A month of 2000–2019 not handed out before in this process: nothing is paid in those. */
function nextEmptyMonth(): string {
  const n = emptyMonths++;
  return `${2000 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
}

export const AUTHORIZATION: Record<OperationId, Entry> = {
  // system
  getHealth: { access: 'public', ok: 200 },
  getOpenApi: { access: 'public', ok: 200 },
  getTranslations: { access: 'public', ok: 200, request: () => ({ params: { locale: 'sv', namespace: 'shell' } }) },
  trackEvent: {
    access: 'public',
    ok: 202,
    request: () => ({ body: { name: 'page_view', version: '24.10.2025.01', environment: 'production' } }),
  },
  listDevMailbox: { access: 'public', ok: 200, devOnly: true },

  // auth: accounts and sessions
  signUp: { access: 'public', ok: 201, request: () => ({ body: signUpBody(uniqueEmail('signup')) }) },
  confirmEmail: {
    access: 'public',
    ok: 200,
    request: async (fx) => ({ body: await fx.confirmation() }),
  },
  resendConfirmation: {
    access: 'session',
    // Only an unconfirmed account has a confirmation to resend; a confirmed one is told so.
    ok: 409,
    except: { unconfirmed: 202 },
  },
  resendConfirmationByEmail: {
    access: 'public',
    ok: 202,
    request: () => ({ body: { email: uniqueEmail('resend') } }),
  },
  dismissNotice: { access: 'session', ok: 204, request: () => ({ params: { notice: 'survey_2' } }) },
  login: {
    access: 'public',
    ok: 200,
    request: async (fx) => ({ body: { email: (await fx.spare()).email, password: PASSWORD } }),
  },
  logout: { access: 'public', ok: 204 },
  getSession: { access: 'session', ok: 200 },
  forgotPassword: { access: 'public', ok: 202, request: () => ({ body: { email: uniqueEmail('forgot') } }) },
  resetPassword: {
    access: 'public',
    ok: 200,
    request: async (fx) => ({
      body: { token: (await fx.passwordReset()).token, password: PASSWORD, passwordConfirmation: PASSWORD },
    }),
  },
  changePassword: {
    access: 'session',
    ok: 204,
    request: () => ({ body: { currentPassword: PASSWORD, password: PASSWORD, passwordConfirmation: PASSWORD } }),
    // An admin acting as someone may not change their password.
    except: { impersonating: 403 },
  },
  requestEmailChange: {
    access: 'session',
    ok: 202,
    request: () => ({ body: { email: uniqueEmail('new-address'), password: PASSWORD } }),
    // An unconfirmed account never proved its address; an admin acting as someone may not move their account.
    except: { unconfirmed: 403, impersonating: 403 },
  },
  confirmEmailChange: {
    access: 'public',
    ok: 200,
    request: async (fx) => ({ body: { token: (await fx.emailChange()).confirm } }),
  },
  cancelEmailChange: {
    access: 'public',
    ok: 200,
    request: async (fx) => ({ body: { token: (await fx.emailChange()).cancel } }),
  },
  getProfile: { access: 'session', ok: 200 },
  updateProfile: {
    access: 'session',
    ok: 200,
    request: () => ({ body: { lastName: 'Bergström', address: profileAddress } }),
    // Changing the profile needs a confirmed address, like every business operation.
    except: { unconfirmed: 403 },
  },
  startImpersonation: {
    access: 'admin',
    ok: 200,
    request: (fx) => ({ body: { userId: fx.user.userId } }),
    // An impersonation session is told to stop the current one first (409 already_impersonating).
    except: { impersonating: 409 },
  },
  stopImpersonation: {
    access: 'session',
    ok: 409,
    // Only an impersonation session has one to stop; everyone else is told they are not impersonating.
    except: { impersonating: 200 },
  },

  // customers
  listCustomers: {
    access: 'ownList',
    ok: 200,
    request: async (fx) => {
      await fx.customer();
      return {};
    },
  },
  createCustomer: { access: 'confirmed', ok: 201, request: () => ({ body: swedishCompany }) },
  // Asked with the owner's customer's own details: another caller is answered an empty list, never that customer.
  findDuplicateCustomers: {
    access: 'ownList',
    ok: 200,
    request: async (fx) => {
      await fx.customer();
      return { query: { governmentId: swedishCompany.governmentId } };
    },
  },
  getCustomer: { access: 'owned', ok: 200, request: async (fx) => ({ params: { uuid: (await fx.customer()).id } }) },
  updateCustomer: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { uuid: (await fx.customer()).id }, body: { name: 'Nytt namn AB' } }),
  },
  deleteCustomer: { access: 'owned', ok: 204, request: async (fx) => ({ params: { uuid: (await fx.customer()).id } }) },
  getCustomerProblems: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { uuid: (await fx.customer()).id } }),
  },
  sendCustomerVerification: {
    access: 'owned',
    ok: 202,
    request: async (fx) => ({ params: { uuid: (await fx.customer()).id } }),
  },
  getPublicRecipient: { access: 'public', ok: 200, request: async (fx) => ({ params: await linkParams(fx) }) },
  confirmPublicRecipient: {
    access: 'public',
    ok: 200,
    request: async (fx) => {
      const { uuid, nonce, version } = await fx.verification();
      return { params: { uuid, nonce }, body: { version } };
    },
  },
  stopRecipientEmails: { access: 'public', ok: 200, request: async (fx) => ({ params: await linkParams(fx) }) },

  // invoices
  listInvoices: {
    access: 'ownList',
    ok: 200,
    request: async (fx) => ({ query: { customerId: (await fx.invoice()).recipient.id } }),
    // Another freelancer filtering by the owner's customer gets an empty page of their own.
    references: { 'query.customerId': { kind: 'customer', status: 200 } },
  },
  createInvoice: {
    access: 'owned',
    ok: 201,
    request: async (fx) => ({ body: invoiceBody((await fx.customer()).id, (await fx.receipt()).id) }),
    references: RECIPIENT_AND_RECEIPT,
  },
  getInvoice: { access: 'owned', ok: 200, request: async (fx) => ({ params: { invoiceId: (await fx.invoice()).id } }) },
  updateInvoice: {
    access: 'owned',
    ok: 200,
    request: async (fx) => {
      const invoice = await fx.invoice();
      return {
        params: { invoiceId: invoice.id },
        body: { version: invoice.version, ...invoiceBody((await fx.customer()).id, (await fx.receipt()).id) },
      };
    },
    references: RECIPIENT_AND_RECEIPT,
  },
  deleteInvoice: {
    access: 'owned',
    ok: 204,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoice()).id } }),
  },
  getInvoiceProblems: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoice()).id } }),
  },
  getInvoiceSalaryEstimate: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoice()).id } }),
  },
  checkCampaignCode: {
    access: 'confirmed',
    // No campaign code exists in the suite's database: an allowed call is told the code does not apply.
    ok: 422,
    request: () => ({ body: { code: 'FRILO50' } }),
  },
  uploadReceipt: {
    access: 'confirmed',
    ok: 201,
    request: () => ({ form: () => fileForm(tinyPng(), 'kvitto.png', 'image/png') }),
  },
  getReceipt: { access: 'owned', ok: 200, request: async (fx) => ({ params: { receiptId: (await fx.receipt()).id } }) },
  deleteReceipt: {
    access: 'owned',
    ok: 204,
    request: async (fx) => ({ params: { receiptId: (await fx.receipt()).id } }),
  },
  estimateSalary: { access: 'confirmed', ok: 200, request: () => ({ body: { amount: 1_000_000 } }) },
  getDashboardSummary: { access: 'confirmed', ok: 200 },

  // banking
  getBankDetails: { access: 'confirmed', ok: 200 },
  startBankRegistration: {
    access: 'confirmed',
    ok: 201,
    request: () => ({ body: { locale: 'sv' } }),
    // Only the freelancer registers or changes the salary account (issue 21).
    except: { impersonating: 403 },
  },
  completeBankRegistration: {
    // The signed state names the owner's registration: anyone else's completing it is not found.
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ body: await fx.bankRegistration() }),
    // Not even the owner's own registration is completed by an admin acting as them (issue 21).
    except: { impersonating: 403 },
  },
  confirmBankAccountChange: {
    access: 'public',
    ok: 200,
    request: async (fx) => ({ body: { token: (await fx.accountChange()).confirm } }),
  },
  stopBankAccountChange: {
    access: 'public',
    ok: 200,
    request: async (fx) => ({ body: { token: (await fx.accountChange()).stop } }),
  },

  // sending
  sendInvoice: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.sendableInvoice()).id } }),
  },
  creditInvoice: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.sentInvoice()).id }, body: { reason: 'Fel belopp' } }),
  },
  getInvoicePdf: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.sentInvoice()).id } }),
  },
  getInvoiceEInvoice: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.sentInvoice()).id } }),
  },
  sendInvoiceByEmail: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoiceWaitingForEInvoice()).id } }),
  },
  getInvoiceDelivery: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoice()).id } }),
  },
  getInvoicePreviewPdf: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoice()).id } }),
  },
  getInvoiceEvents: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoice()).id } }),
  },
  sendInterestInvoice: {
    access: 'owned',
    ok: 201,
    request: async (fx) => ({ params: { invoiceId: (await fx.latePaidInvoice()).id } }),
  },
  runPaymentReminders: { access: 'admin', ok: 200 },
  estimateInvoiceAmount: {
    access: 'confirmed',
    ok: 200,
    request: () => ({ body: { target: 'netSalary', amount: 2_000_000 } }),
  },

  // payments: the freelancer's salaries and payouts
  listSalaryTransactions: {
    access: 'ownList',
    ok: 200,
    request: async (fx) => {
      await fx.salaryItem();
      return { query: { kind: 'salary' } };
    },
  },
  getSalaryTransaction: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { transactionId: (await fx.salaryItem()).id } }),
  },
  getPayoutSummary: { access: 'confirmed', ok: 200 },
  requestPayout: {
    access: 'confirmed',
    ok: 201,
    // Each call just after a salary of the owner's was paid: the owner's payout (and the impersonating admin's, for
    // the owner) takes it. Another freelancer and an admin have no salary of their own: nothing is available.
    sequential: true,
    request: async (fx) => {
      await fx.salaryItem();
      return {};
    },
    except: { other: 409, admin: 409 },
  },
  getPayslip: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { payoutId: (await fx.payout()).id } }),
  },
  getVacationPayBalance: { access: 'confirmed', ok: 200 },
  requestVacationPayPayout: {
    access: 'confirmed',
    ok: 201,
    // As requestPayout: the owner's (and the impersonating admin's, for the owner) takes the vacation pay just saved;
    // another freelancer and an admin have none saved.
    sequential: true,
    request: async (fx) => {
      await fx.savedVacationPay();
      return {};
    },
    except: { other: 409, admin: 409 },
  },
  // The caller's own years (numbers only: nothing of the owner's to look for in another caller's answer).
  listYearlyStatements: { access: 'confirmed', ok: 200, request: async (fx) => (await fx.lastYearPayout(), {}) },
  getYearlyStatement: {
    // The caller's own year: for anyone else than the owner, a year without payouts (404).
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { year: String((await fx.lastYearPayout()).year) } }),
  },

  // payments: admins
  importBgMax: {
    access: 'admin',
    ok: 201,
    request: () => {
      const bytes = unmatchedBgMax();
      return {
        form: () => {
          const form = new FormData();
          form.set('file', new Blob([new Uint8Array(bytes)]), 'inbetalningar.bgmax');
          return form;
        },
      };
    },
  },
  listPayments: { access: 'admin', ok: 200, request: async (fx) => (await fx.unmatchedPayment(), {}) },
  registerPayment: {
    access: 'admin',
    ok: 201,
    request: async (fx) => {
      const invoice = await fx.payableInvoice();
      return {
        body: { invoiceId: invoice.id, amount: invoice.totalInclVat, currency: 'SEK', paymentDate: todayInSweden() },
      };
    },
  },
  matchPayment: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({
      params: { paymentId: (await fx.unmatchedPayment()).id },
      body: { invoiceId: (await fx.payableInvoice()).id },
    }),
  },
  findPayableInvoice: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { reference: String((await fx.payableInvoice()).number) } }),
  },
  listPayoutBatches: { access: 'admin', ok: 200 },
  createPayoutBatch: {
    access: 'admin',
    ok: 201,
    request: async (fx) => ({ body: { executionDate: (await fx.payout()).executionDate } }),
  },
  getPayoutBatchFile: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { batchId: (await fx.payoutBatch()).id } }),
  },
  importPaymentStatusReport: {
    access: 'admin',
    ok: 201,
    request: async (fx) => {
      const batch = await fx.payoutBatch();
      const xml = statusReportXml(`STS-${unique()}`, batch.messageId, [[batch.payoutId.replaceAll('-', ''), 'ACSC']]);
      return {
        form: () => {
          const form = new FormData();
          form.set('file', new Blob([xml], { type: 'application/xml' }), 'pain002.xml');
          return form;
        },
      };
    },
  },
  listPayoutHolds: { access: 'admin', ok: 200 },
  listPayouts: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ query: { userId: fx.user.userId } }),
  },
  listUpcomingPayouts: { access: 'admin', ok: 200, request: async (fx) => (await fx.salaryItem(), {}) },
  getVacationPayOwed: { access: 'admin', ok: 200, request: async (fx) => (await fx.savedVacationPay(), {}) },
  denyPayout: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { payoutId: (await fx.payout()).id }, body: { reason: 'Kontot är avslutat' } }),
  },

  // the operator's reports (issue 26): admins only, the owner's paid salary in the figures
  getEmployerDeclaration: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ query: { month: (await fx.payout()).executionDate.slice(0, 7) } }),
  },
  listEmployerDeclarationMonths: { access: 'admin', ok: 200, request: () => ({ query: { months: 2 } }) },
  getEmployerDeclarationFile: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ query: { month: (await fx.payout()).executionDate.slice(0, 7) } }),
  },
  declareEmployerDeclaration: {
    access: 'admin',
    ok: 201,
    // A month of its own per caller (nothing paid in it: the fingerprint of no people), so only the admin's declares.
    request: () => ({ body: { month: nextEmptyMonth(), fingerprint: EMPTY_MONTH_FINGERPRINT } }),
  },
  getVatReturn: {
    access: 'admin',
    ok: 200,
    request: async (fx) => (await fx.payableInvoice(), { query: { period: todayInSweden().slice(0, 7) } }),
  },
  getVatReturnFile: {
    access: 'admin',
    ok: 200,
    request: () => ({ query: { period: todayInSweden().slice(0, 7), lang: 'en' } }),
  },
  getEcSalesList: { access: 'admin', ok: 200, request: () => ({ query: { period: todayInSweden().slice(0, 7) } }) },
  getEcSalesListFile: { access: 'admin', ok: 200, request: () => ({ query: { period: todayInSweden().slice(0, 7) } }) },
  exportBookkeeping: {
    access: 'admin',
    ok: 200,
    request: async (fx) => (
      await fx.payout(), { query: { from: `${todayInSweden().slice(0, 7)}-01`, to: todayInSweden() } }
    ),
  },
  getReconciliation: {
    access: 'admin',
    ok: 200,
    request: () => ({ query: { from: `${todayInSweden().slice(0, 7)}-01`, to: todayInSweden() } }),
  },

  // back office: accounts (changed on spare accounts, so the callers stay who they are)
  listUsers: { access: 'admin', ok: 200, request: (fx) => ({ query: { q: fx.user.email } }) },
  getUser: { access: 'admin', ok: 200, request: (fx) => ({ params: { userId: fx.user.userId } }) },
  disableUser: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { userId: (await fx.spare()).userId }, body: { reason: 'Bedrägeri' } }),
  },
  enableUser: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { userId: (await fx.disabledAccount()).userId } }),
  },
  grantAdmin: { access: 'admin', ok: 200, request: async (fx) => ({ params: { userId: (await fx.spare()).userId } }) },
  revokeAdmin: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { userId: (await fx.spareAdmin()).userId } }),
  },
  listAuditEvents: { access: 'admin', ok: 200, request: (fx) => ({ query: { subjectId: fx.user.userId } }) },

  // back office: the approval queue
  listApprovalQueue: { access: 'admin', ok: 200, request: async (fx) => (await fx.invoiceInReview(), {}) },
  getApprovalInvoice: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoiceInReview()).id } }),
  },
  getApprovalInvoicePdf: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoiceInReview()).id } }),
  },
  approveInvoice: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoiceInReview()).id }, body: {} }),
  },
  requestInvoiceChanges: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({
      params: { invoiceId: (await fx.invoiceInReview()).id },
      body: { comment: 'Lägg till datumet för uppdraget' },
    }),
  },

  // back office: blocklist, exchange rates, campaign codes, settings
  listBlockedRecipients: { access: 'admin', ok: 200, request: async (fx) => (await fx.blocklistEntry(), {}) },
  blockRecipient: {
    access: 'admin',
    ok: 201,
    request: () => ({ body: { kind: 'email_domain', value: `blocked-${unique()}.example`, reason: 'Bedrägeri' } }),
  },
  updateBlockedRecipient: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({
      params: { entryId: (await fx.blocklistEntry()).id },
      body: { reason: 'Obetalda fakturor' },
    }),
  },
  unblockRecipient: {
    access: 'admin',
    ok: 204,
    request: async (fx) => ({ params: { entryId: (await fx.blocklistEntry()).id } }),
  },
  listEInvoiceRecipients: {
    access: 'admin',
    ok: 200,
    request: () => ({ query: { status: 'waiting', q: 'Kund' } }),
  },
  markEInvoiceRecipientReachable: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { customerId: (await fx.customer()).id }, body: { participantId: null } }),
  },
  markEInvoiceRecipientUnreachable: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { customerId: (await fx.customer()).id } }),
  },
  listExchangeRates: { access: 'admin', ok: 200, request: () => ({ query: { currency: 'EUR' } }) },
  setExchangeRate: {
    access: 'admin',
    ok: 200,
    request: () => ({ params: { currency: 'EUR', date: '2026-01-05' }, body: { sekPerUnit: '11.1' } }),
  },
  importExchangeRates: {
    access: 'admin',
    ok: 200,
    request: () => ({
      form: () => {
        const form = new FormData();
        form.set('file', new Blob(['Date;SEKEURPMI\n2026-01-06;11.2\n'], { type: 'text/csv' }), 'rates.csv');
        return form;
      },
    }),
  },
  listCampaignCodes: { access: 'admin', ok: 200, request: async (fx) => (await fx.campaignCode(), {}) },
  createCampaignCode: {
    access: 'admin',
    ok: 201,
    request: () => ({ body: { code: `PROOF-${unique()}`, effect: { type: 'fee_rate', value: 3 } } }),
  },
  updateCampaignCode: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { codeId: (await fx.campaignCode()).id }, body: { maxUses: 5 } }),
  },
  expireCampaignCode: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { codeId: (await fx.campaignCode()).id } }),
  },
  listCampaignCodeUses: {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ params: { codeId: (await fx.campaignCode()).id } }),
  },
  listDatedSettings: { access: 'admin', ok: 200 },

  // legacy: the old product's records
  listLegacyInvoices: {
    access: 'ownList',
    ok: 200,
    request: async (fx) => (await fx.legacyRecords(), {}),
    // Only accounts with the legacy flag (given by an import of their records) have these lists.
    except: { other: 403, admin: 403 },
  },
  listLegacyPayouts: {
    // Payouts carry no text to mark (amounts and days only), so the list is checked for its access, not its rows:
    // legacy.test.ts proves each user reads only their own.
    access: 'confirmed',
    ok: 200,
    request: async (fx) => (await fx.legacyRecords(), {}),
    except: { other: 403, admin: 403 },
  },
  listLegacyImports: { access: 'admin', ok: 200 },
  importLegacyRecords: {
    access: 'admin',
    ok: 201,
    request: (fx) => {
      const csv = legacyInvoiceCsv(fx.user.email, 'import');
      return { form: () => legacyForm('invoices', csv) };
    },
  },
};

async function linkParams(fx: Fixtures) {
  const { uuid, nonce } = await fx.verification();
  return { uuid, nonce };
}

function invoiceBody(recipientId: string, receiptId: string) {
  return {
    recipientId,
    rows: [row],
    expenses: [{ type: 'receipt', description: 'Tåg', amount: 50_000, vatPercentage: 6, receiptId }],
  };
}
