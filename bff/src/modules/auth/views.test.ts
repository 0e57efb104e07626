import { createHash } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { displayName } from './views.ts';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';

test('the displayed name is first plus last name, or the email without a first name', () => {
  assert.equal(displayName({ email: 'a@example.com', firstName: 'Anna', lastName: 'Andersson' }), 'Anna Andersson');
  assert.equal(displayName({ email: 'a@example.com', firstName: 'Anna', lastName: null }), 'Anna');
  assert.equal(displayName({ email: 'a@example.com', firstName: null, lastName: 'Andersson' }), 'a@example.com');
  assert.equal(displayName({ email: 'a@example.com', firstName: '  ', lastName: 'Andersson' }), 'a@example.com');
});

test('tokens are 256-bit, url-safe, different every time, and stored as a hash', () => {
  const a = newToken();
  const b = newToken();
  assert.notEqual(a, b);
  assert.ok(looksLikeToken(a));
  assert.equal(Buffer.from(a, 'base64url').length, 32);
  assert.match(hashToken(a), /^[0-9a-f]{64}$/);
  assert.equal(hashToken(a), hashToken(a));
  assert.equal(looksLikeToken('short'), false);
  assert.equal(looksLikeToken(undefined), false);
});

test('a token is stored as the hex SHA-256 of its UTF-8 text, whatever the text', () => {
  // The sessions and email links stored before the one-shot hash must still be found: the same digest as ever.
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constant(newToken())), (token) => {
      assert.equal(hashToken(token), createHash('sha256').update(token, 'utf8').digest('hex'));
    }),
  );
  assert.equal(hashToken(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
});
