import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prefetchTranslations, readTranslations, setTextsBase, translationUrl } from './fetch-backend.ts';

// As index.ts sets it: the shell's texts at the root, a remote's next to its manifest.
setTextsBase(async (namespace) =>
  namespace === 'shell' ? 'https://app.frilo.se/' : `https://app.frilo.se/remotes/mf-${namespace}/`,
);

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

test("a namespace's texts are locales/{lng}/{ns}.json under its app's base URL", () => {
  assert.equal(
    translationUrl('en', 'auth', 'https://cdn.frilo.se/mf-auth/'),
    'https://cdn.frilo.se/mf-auth/locales/en/auth.json',
  );
});

test('a 200 answers the parsed JSON', async () => {
  const result = await read(async () => ({ ok: true, status: 200, json: async () => ({ hello: 'hej' }) }));
  assert.deepEqual(result.urls, ['https://app.frilo.se/locales/sv/shell.json']);
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

test('a prefetched answer is used once by the first read of the same file', async () => {
  const urls: string[] = [];
  const answer = (url: string) => {
    urls.push(url);
    return Promise.resolve({ ok: true, status: 200, json: async () => ({ url }) });
  };
  prefetchTranslations(['sv', 'en'], ['auth'], answer);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(urls, [
    'https://app.frilo.se/remotes/mf-auth/locales/sv/auth.json',
    'https://app.frilo.se/remotes/mf-auth/locales/en/auth.json',
  ]);

  const first = await new Promise<unknown>(
    (resolve) => void readTranslations('sv', 'auth', (_error, data) => resolve(data), answer),
  );
  assert.deepEqual(first, { url: 'https://app.frilo.se/remotes/mf-auth/locales/sv/auth.json' });
  assert.equal(urls.length, 2, 'the read took the prefetched answer');

  await new Promise<unknown>((resolve) => void readTranslations('sv', 'auth', (_error, data) => resolve(data), answer));
  assert.equal(urls.length, 3, 'a second read (a reload) asks again');
});
