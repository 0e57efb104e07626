// Steps the tests of several modules share: a freelancer registers or changes their salary account the way a browser
// does (the app opens a registration, the built-in provider's page takes the account, the app completes it).
import assert from 'node:assert/strict';
import type { ApiClient, TestApp } from '../../../test/test-app.ts';

export const SWEDBANK_FORM = {
  kind: 'domestic',
  clearingNumber: '8327-9',
  accountNumber: '123 456 789-7',
  action: 'save',
};
export const COMMERZBANK_FORM = {
  kind: 'iban',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  action: 'save',
};

/** The provider's page as the browser holding `api`'s cookies sees it (a same-origin form post with `form`). */
export async function providerPage(t: TestApp, api: ApiClient, path: string, form?: Record<string, string>) {
  const response = await fetch(t.url + path, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      cookie: [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' } : {}),
    },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

/** Opens a registration and fills in the provider's page: the page's path and the signed state it returned with. */
export async function filledInRegistration(
  t: TestApp,
  api: ApiClient,
  form: Record<string, string>,
): Promise<{ path: string; state: string }> {
  const started = await api.call('startBankRegistration', { body: { locale: 'sv' } });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const path = (started.body.redirectUrl as string).split('?')[0]!;
  const saved = await providerPage(t, api, path, form);
  assert.equal(saved.status, 303, saved.html);
  return { path, state: new URL(saved.location!, t.url).searchParams.get('state')! };
}

/** Registers (or changes to) the account of `form` through the whole flow; the completion's answer. */
export async function registerBankAccount(t: TestApp, api: ApiClient, form: Record<string, string>) {
  const { state } = await filledInRegistration(t, api, form);
  const done = await api.call('completeBankRegistration', { body: { state } });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  assert.equal(done.body.outcome, 'success');
  return done.body;
}
