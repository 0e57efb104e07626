import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readTranslations, translationUrl } from './fetch-backend.ts';

type Result = { error: Error | null; data: unknown };

function read(answer: () => Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>) {
  const urls: string[] = [];
  return new Promise<Result & { urls: string[] }>((resolve) => {
    void readTranslations(
      'sv',
      'shell',
      (error, data) => resolve({ error: error ? new Error(String(error)) : null, data, urls }),
      (url) => {
        urls.push(url);
        return answer();
      },
    );
  });
}

test('the URL is /api/i18n/{lng}/{ns}', () => {
  assert.equal(translationUrl('en', 'auth'), '/api/i18n/en/auth');
});

test('a 200 answers the parsed JSON', async () => {
  const result = await read(async () => ({ ok: true, status: 200, json: async () => ({ hello: 'hej' }) }));
  assert.deepEqual(result.urls, ['/api/i18n/sv/shell']);
  assert.equal(result.error, null);
  assert.deepEqual(result.data, { hello: 'hej' });
});

test('a 404 fails without retry, a 5xx and a network failure ask i18next to retry', async () => {
  const missing = await read(async () => ({ ok: false, status: 404, json: async () => ({}) }));
  assert.match(String(missing.error), /status 404/);
  assert.equal(missing.data, false);

  const down = await read(async () => ({ ok: false, status: 503, json: async () => ({}) }));
  assert.equal(down.data, true);

  const offline = await read(async () => {
    throw new TypeError('Failed to fetch');
  });
  assert.match(String(offline.error), /Failed to fetch/);
  assert.equal(offline.data, true);
});

test('a body that is not JSON fails without retry', async () => {
  const result = await read(async () => ({
    ok: true,
    status: 200,
    json: async () => {
      throw new SyntaxError('Unexpected token');
    },
  }));
  assert.match(String(result.error), /parsing/);
  assert.equal(result.data, false);
});
