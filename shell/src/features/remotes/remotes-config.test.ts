import { test } from 'node:test';
import assert from 'node:assert/strict';
import { containerName, parseRemotesConfig } from './remotes-config.ts';

test('manifest URLs resolve against the page and bad entries are dropped', () => {
  const config = parseRemotesConfig(
    {
      'mf-auth': '/remotes/mf-auth/mf-manifest.json',
      'mf-invoices': 'https://cdn.example/mf-invoices/mf-manifest.json',
      'Bad Name': '/x.json',
      'mf-legacy': 42,
    },
    'https://app.example/dashboard/home',
  );
  assert.deepEqual(config, {
    'mf-auth': 'https://app.example/remotes/mf-auth/mf-manifest.json',
    'mf-invoices': 'https://cdn.example/mf-invoices/mf-manifest.json',
  });
});

test('remotes.json must be an object', () => {
  assert.throws(() => parseRemotesConfig([], 'https://app.example/'));
  assert.throws(() => parseRemotesConfig(null, 'https://app.example/'));
});

test('container names are JavaScript identifiers', () => {
  assert.equal(containerName('mf-auth'), 'mf_auth');
});
