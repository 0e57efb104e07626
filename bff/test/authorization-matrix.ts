// Who may call what: ONE table with an entry for every operation of the contract, which the authorization suite
// (test/proof/authorization.test.ts) calls as six callers: anonymous, a logged-in user whose email is not confirmed,
// another freelancer, the owner, an admin, and an admin impersonating the owner. An operation without an entry fails the
// type check and the suite; so does an entry for an operation the contract no longer has.
//
// Adding an operation: one line here. Pick its `access` (the table below says what each caller then gets), give the
// status an allowed call answers (`ok`), and a `request` built from the owner's resources (`fx.customer()`…). When the
// operation names a new kind of resource, add a factory to RESOURCES that creates one for a user.
import assert from 'node:assert/strict';
import type { OperationId } from '../src/platform/http/contract.ts';
import { PASSWORD, loggedIn, signUpBody, uniqueEmail } from '../src/modules/auth/test-helpers.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { swedishCompany } from '../src/modules/customers/test-data.ts';
import { fileForm, tinyPng } from '../src/modules/invoices/test-files.ts';
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

  /** A bank registration the user filled in on the built-in provider's page: the signed `state` it returned with. */
  bankRegistration: async ({ t, user }: FixtureContext) => {
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
  startBankRegistration: { access: 'confirmed', ok: 201, request: () => ({ body: { locale: 'sv' } }) },
  completeBankRegistration: {
    // The signed state names the owner's registration: anyone else's completing it is not found.
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ body: await fx.bankRegistration() }),
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
  getInvoiceEvents: {
    access: 'owned',
    ok: 200,
    request: async (fx) => ({ params: { invoiceId: (await fx.invoice()).id } }),
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
