import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearStorageOnLogout, NEW_LOGIN_MODAL_SEEN_KEY } from './clear-storage.ts';

test('logout clears everything but the new-login-modal flag', () => {
  const data = new Map([
    ['user_details', '{}'],
    ['user_locale', 'en'],
    [NEW_LOGIN_MODAL_SEEN_KEY, 'true'],
    ['promo_dismissed', '1'],
  ]);
  const storage = {
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    removeItem: (key: string) => void data.delete(key),
  };
  clearStorageOnLogout(storage);
  assert.deepEqual([...data.keys()], [NEW_LOGIN_MODAL_SEEN_KEY]);
});
