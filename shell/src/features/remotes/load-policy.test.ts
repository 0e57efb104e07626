import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify, clearReloadFlag, shouldReloadOnce, withRetry } from './load-policy.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

test('federation codes tell a dead manifest from a dead script and a missing chunk', () => {
  assert.equal(
    classify('mf-auth', new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest')).kind,
    'manifest',
  );
  assert.equal(classify('mf-auth', new Error('RUNTIME-008: Failed to load script resources')).kind, 'script');
  const chunk = Object.assign(new Error('Loading chunk 12 failed.\n(error: /remotes/x/12.js)'), {
    name: 'ChunkLoadError',
  });
  assert.equal(classify('mf-auth', chunk).kind, 'chunk');
  assert.equal(classify('mf-auth', new Error('boom')).kind, 'other');
});

test('network failures are retried with the given delays, then the last error is raised', async () => {
  let calls = 0;
  const slept: number[] = [];
  const retried: number[] = [];
  await assert.rejects(
    withRetry(
      'mf-auth',
      async () => {
        calls += 1;
        throw new Error('RUNTIME-003 manifest down');
      },
      { delaysMs: [10, 20], sleep: async (ms) => void slept.push(ms), beforeRetry: (n) => retried.push(n) },
    ),
    /RUNTIME-003/,
  );
  assert.equal(calls, 3);
  assert.deepEqual(slept, [10, 20]);
  assert.deepEqual(retried, [1, 2]);
});

test('a retry that succeeds returns the module; a non-network error is not retried', async () => {
  let calls = 0;
  const value = await withRetry(
    'mf-auth',
    async () => {
      calls += 1;
      if (calls === 1) throw new Error('RUNTIME-008');
      return 'module';
    },
    { delaysMs: [0], sleep: async () => {} },
  );
  assert.equal(value, 'module');
  calls = 0;
  await assert.rejects(
    withRetry(
      'mf-auth',
      async () => {
        calls += 1;
        throw new Error('no such expose');
      },
      { delaysMs: [0, 0], sleep: async () => {} },
    ),
  );
  assert.equal(calls, 1);
});

test('a failed chunk reloads the page once per session flag, a dead manifest never does', () => {
  const storage = memoryStorage();
  const chunk = classify('mf-x', Object.assign(new Error('Loading chunk 1 failed.'), { name: 'ChunkLoadError' }));
  assert.equal(shouldReloadOnce(classify('mf-x', new Error('RUNTIME-003')), storage), false);
  assert.equal(shouldReloadOnce(chunk, storage), true);
  assert.equal(shouldReloadOnce(chunk, storage), false);
  clearReloadFlag(storage);
  assert.equal(shouldReloadOnce(chunk, storage), true);
});
