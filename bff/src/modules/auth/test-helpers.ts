// Steps the auth tests (and other modules' tests) repeat: sign up, read the dev mailbox, log in.
import assert from 'node:assert/strict';
import type { ApiClient, TestApp } from '../../../test/test-app.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

let counter = 0;
/** A fresh lower-case address per call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = 'correct horse battery';

export function signUpBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    firstName: 'Anna',
    lastName: 'Andersson',
    acceptTerms: true,
    ...overrides,
  };
}

/** Every message the dev mailbox caught for `to`, newest first, after queued jobs have run. */
export async function mailbox(t: TestApp, to: string): Promise<Mail[]> {
  await t.drainJobs();
  const res = await t.client().call('listDevMailbox', { query: { to } });
  assert.equal(res.status, 200);
  return res.body.messages;
}

/** The single link in a message that matches `pattern`. */
export function linkIn(mail: Mail | undefined, pattern: RegExp): string {
  assert.ok(mail, 'expected an email');
  const link = mail.links.find((l) => pattern.test(l));
  assert.ok(link, `no link matching ${pattern} in ${JSON.stringify(mail.links)}`);
  return link;
}

/** id and token of the newest confirmation link sent to `email`. */
export async function confirmationLink(t: TestApp, email: string): Promise<{ id: string; token: string }> {
  const [mail] = await mailbox(t, email);
  const match = /\/confirm\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)$/.exec(linkIn(mail, /\/confirm\//));
  assert.ok(match);
  return { id: match[1]!, token: match[2]! };
}

/** Signs up through the API and follows the confirmation link; returns a logged-in client. */
export async function confirmedUser(t: TestApp, email = uniqueEmail(), overrides: Record<string, unknown> = {}) {
  const api = t.client();
  const signUp = await api.call('signUp', { body: signUpBody(email, overrides) });
  assert.equal(signUp.status, 201);
  const link = await confirmationLink(t, email);
  assert.equal((await api.call('confirmEmail', { body: link })).status, 200);
  const login = await api.call('login', { body: { email, password: (overrides.password as string) ?? PASSWORD } });
  assert.equal(login.status, 200);
  return { api, email, userId: login.body.user.id as string };
}

export async function loggedIn(t: TestApp, email: string, password = PASSWORD): Promise<ApiClient> {
  const api = t.client();
  const res = await api.call('login', { body: { email, password } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return api;
}
