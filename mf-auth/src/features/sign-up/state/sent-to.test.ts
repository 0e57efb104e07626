import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forgetSentTo, readSentTo, rememberSentTo, sameAddress } from './sent-to.ts';

function memory() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

test('the address survives (a reload reads it) until it is forgotten', () => {
  const store = memory();
  assert.equal(readSentTo(store), null);
  rememberSentTo(store, 'anna@example.com', 1000);
  assert.equal(readSentTo(store, 2000), 'anna@example.com');
  forgetSentTo(store);
  assert.equal(readSentTo(store, 2000), null);
});

test('an address older than the link (72 h) or garbage is not shown', () => {
  const store = memory();
  rememberSentTo(store, 'anna@example.com', 0);
  assert.equal(readSentTo(store, 72 * 3600 * 1000 + 1), null);
  store.setItem('frilo.sign-up.sent-to', '{not json');
  assert.equal(readSentTo(store), null);
  store.setItem('frilo.sign-up.sent-to', JSON.stringify({ email: 42, at: 0 }));
  assert.equal(readSentTo(store), null);
});

test('broken or missing storage never throws', () => {
  const broken = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
    removeItem: () => {
      throw new Error('denied');
    },
  };
  assert.equal(readSentTo(broken), null);
  assert.doesNotThrow(() => rememberSentTo(broken, 'a@example.com'));
  assert.doesNotThrow(() => forgetSentTo(broken));
  assert.equal(readSentTo(null), null);
});

test('addresses compare without case', () => {
  assert.equal(sameAddress('Anna@Example.com ', 'anna@example.com'), true);
  assert.equal(sameAddress('anna@example.com', 'bertil@example.com'), false);
});
