// Steps the auth tests (and other modules' tests) repeat: sign up, read the dev mailbox, log in.
import assert from 'node:assert/strict';
import { linkIn, mailbox } from '../../../test/mailbox.ts';
import type { ApiClient, TestApp } from '../../../test/test-app.ts';

// The auth tests read the mailbox through this file too.
export { linkIn, mailbox };
// Other modules' demo data belongs to the demo accounts; their tests create them first.
export { seedAccounts } from './seed.ts';

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
