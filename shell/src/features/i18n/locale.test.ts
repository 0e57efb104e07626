import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localeCookie, localeLanguages, readCookie, resolveLocale, withoutHl } from './locale.ts';

test('Swedish is the default', () => {
  assert.equal(resolveLocale({}), 'sv');
  assert.equal(resolveLocale({ query: 'de', cookie: 'xx' }), 'sv');
});

test('?hl= wins, then the stored choice, then the profile', () => {
  assert.equal(resolveLocale({ query: 'en', cookie: 'sv', profile: 'sv' }), 'en');
  assert.equal(resolveLocale({ cookie: 'en', stored: 'sv', profile: 'sv' }), 'en');
  assert.equal(resolveLocale({ stored: 'en', profile: 'sv' }), 'en');
  assert.equal(resolveLocale({ profile: 'en-GB' }), 'en');
});

test('the cookie round-trips and hl leaves the URL', () => {
  const cookie = localeCookie('en', true);
  assert.match(cookie, /^user_locale=en; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
  assert.equal(readCookie('a=1; user_locale=en; b=2', 'user_locale'), 'en');
  assert.equal(readCookie('a=1', 'user_locale'), null);
  assert.equal(withoutHl('?hl=en'), '');
  assert.equal(withoutHl('?redirect=%2Fx&hl=sv'), '?redirect=%2Fx');
  assert.equal(withoutHl('?a=1'), '?a=1');
});

test('texts load for the locale and the English fallback', () => {
  assert.deepEqual(localeLanguages('sv'), ['sv', 'en']);
  assert.deepEqual(localeLanguages('en'), ['en']);
});
