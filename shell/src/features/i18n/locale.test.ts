import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  choiceTarget,
  localeCookie,
  localeLanguages,
  planSessionLocale,
  readCookie,
  resolveLocale,
  withoutHl,
  type SessionLocaleInput,
} from './locale.ts';

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

const at = (input: Partial<SessionLocaleInput>): SessionLocaleInput => ({
  profile: 'sv',
  unsaved: null,
  loggedIn: true,
  stored: false,
  impersonating: false,
  ...input,
});

test('a choice made while logged in goes to the profile at once, logged out at the next login, impersonating nowhere', () => {
  assert.equal(choiceTarget({ isImpersonating: false }), 'profile');
  assert.equal(choiceTarget(null), 'next-login');
  assert.equal(choiceTarget({ isImpersonating: true }), 'device');
});

test('login keeps a choice made on this device and saves it to the profile, so it is not switched back', () => {
  assert.deepEqual(planSessionLocale(at({ unsaved: 'en', stored: true })), {
    show: 'en',
    save: 'en',
    forgetUnsaved: false,
  });
  // The same on a page load that follows a failed save or a `?hl=` before the session was known.
  assert.deepEqual(planSessionLocale(at({ unsaved: 'en', stored: true, loggedIn: false })), {
    show: 'en',
    save: 'en',
    forgetUnsaved: false,
  });
});

test('a choice the profile already holds is not saved again, only forgotten', () => {
  assert.deepEqual(planSessionLocale(at({ profile: 'en', unsaved: 'en' })), {
    show: 'en',
    save: null,
    forgetUnsaved: true,
  });
});

test("a device without an unsaved choice takes the profile's language at login, even if it showed another before", () => {
  assert.deepEqual(planSessionLocale(at({ profile: 'en', stored: true })), {
    show: 'en',
    save: null,
    forgetUnsaved: false,
  });
  assert.deepEqual(planSessionLocale(at({ profile: 'en' })), { show: 'en', save: null, forgetUnsaved: false });
});

test("a page load keeps the language the device stored, else takes the profile's", () => {
  const load = { loggedIn: false, profile: 'en' };
  assert.deepEqual(planSessionLocale(at({ ...load, stored: true })), { show: null, save: null, forgetUnsaved: false });
  assert.deepEqual(planSessionLocale(at({ ...load, stored: false })), { show: 'en', save: null, forgetUnsaved: false });
});

test("an admin acting as a user never writes the user's profile and sees the user's language on taking over", () => {
  assert.deepEqual(planSessionLocale(at({ impersonating: true, unsaved: 'en', profile: 'sv' })), {
    show: 'sv',
    save: null,
    forgetUnsaved: false,
  });
  assert.deepEqual(planSessionLocale(at({ impersonating: true, unsaved: 'en', loggedIn: false, stored: true })), {
    show: null,
    save: null,
    forgetUnsaved: false,
  });
});

test('an unsaved value that is not a language is ignored', () => {
  assert.deepEqual(planSessionLocale(at({ unsaved: 'de', profile: 'en' })), {
    show: 'en',
    save: null,
    forgetUnsaved: false,
  });
});
