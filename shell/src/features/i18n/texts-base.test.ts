import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textsBase } from './texts-base.ts';

const config = async () => ({
  'mf-auth': 'https://app.frilo.se/remotes/mf-auth/mf-manifest.json',
  'mf-customers': 'https://cdn.frilo.se/customers/2026-11-20/mf-manifest.json',
});

test("the shell's texts are next to its page", async () => {
  assert.equal(await textsBase('shell', config, 'https://app.frilo.se/dashboard/home?hl=en'), 'https://app.frilo.se/');
});

test("a remote's texts are next to its manifest, wherever remotes.json points it", async () => {
  assert.equal(await textsBase('auth', config), 'https://app.frilo.se/remotes/mf-auth/');
  assert.equal(await textsBase('customers', config), 'https://cdn.frilo.se/customers/2026-11-20/');
});

test('a remote missing from remotes.json fails (i18next retries, the area shows its error)', async () => {
  await assert.rejects(textsBase('salaries', config), /mf-salaries is not listed/);
});
