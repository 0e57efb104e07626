// Steps every module's API tests start from: a signed-up user whose email is confirmed, logged in.
import assert from 'node:assert/strict';
import { PASSWORD, confirmedUser, signUpBody, uniqueEmail } from '../src/modules/auth/test-helpers.ts';
import type { ApiClient, TestApp } from './test-app.ts';

export interface TestUser {
  /** A browser-like client holding the user's session. */
  api: ApiClient;
  email: string;
  userId: string;
}

/**
 * Signs a new user up through the API, follows the confirmation link from the dev mailbox and logs in.
 * `overrides` change the sign-up body (e.g. `{ firstName: 'Berit' }`).
 */
export async function signUpConfirmedUser(t: TestApp, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  return confirmedUser(t, uniqueEmail(), overrides);
}

/** A logged-in user who has not confirmed the email address yet (business operations answer 403). */
export async function signUpUnconfirmedUser(t: TestApp, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const api = t.client();
  const email = uniqueEmail();
  assert.equal((await api.call('signUp', { body: signUpBody(email, overrides) })).status, 201);
  const login = await api.call('login', { body: { email, password: (overrides.password as string) ?? PASSWORD } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return { api, email, userId: login.body.user.id as string };
}
