import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataCipher, DecryptionError, loadDataEncryptionKey } from './data-encryption.ts';
import { Signer } from './signing.ts';

describe('encryption at rest and signing', () => {
  const cipher = new DataCipher(randomBytes(32));

  test('round-trips, with a new nonce every time and no plain text in the sealed value', () => {
    const secret = '{"clearingNumber":"83279","accountNumber":"1234567897"}';
    const a = cipher.encrypt(secret, 'bank_account:u1');
    const b = cipher.encrypt(secret, 'bank_account:u1');
    assert.notEqual(a, b);
    assert.ok(!a.includes('1234567897') && !Buffer.from(a.split('.')[3]!, 'base64url').toString().includes('1234'));
    assert.equal(cipher.decrypt(a, 'bank_account:u1'), secret);
  });

  test('refuses another row, another key and altered bytes', () => {
    const sealed = cipher.encrypt('8327-9 1234567897', 'bank_account:u1');
    assert.throws(() => cipher.decrypt(sealed, 'bank_account:u2'), DecryptionError);
    assert.throws(() => new DataCipher(randomBytes(32)).decrypt(sealed, 'bank_account:u1'), /sealed with key/);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    assert.throws(() => cipher.decrypt(parts.join('.'), 'bank_account:u1'), DecryptionError);
    assert.throws(() => cipher.decrypt('plain text', 'bank_account:u1'), DecryptionError);
  });

  test('signatures are per purpose and verify only unchanged payloads', () => {
    const signer = new Signer('x'.repeat(32));
    const signature = signer.sign('bank-registration-state', 'r1.1700000000');
    assert.equal(signer.verify('bank-registration-state', 'r1.1700000000', signature), true);
    assert.equal(signer.verify('bank-registration-state', 'r1.1700000001', signature), false);
    assert.equal(signer.verify('another-purpose', 'r1.1700000000', signature), false);
    assert.equal(new Signer('y'.repeat(32)).verify('bank-registration-state', 'r1.1700000000', signature), false);
  });

  test('the key: required in production, checked, kept under DATA_DIR in development', async () => {
    assert.throws(() => loadDataEncryptionKey({}, 'production', '/nonexistent'), /required in production/);
    assert.throws(() => loadDataEncryptionKey({ DATA_ENCRYPTION_KEY: 'c2hvcnQ=' }, 'production', '/x'), /32 bytes/);
    const given = randomBytes(32);
    assert.deepEqual(
      loadDataEncryptionKey({ DATA_ENCRYPTION_KEY: given.toString('base64') }, 'production', '/x'),
      given,
    );
    assert.deepEqual(loadDataEncryptionKey({ DATA_ENCRYPTION_KEY: given.toString('hex') }, 'production', '/x'), given);
    const dir = await mkdtemp(join(tmpdir(), 'frilo-key-'));
    try {
      const first = loadDataEncryptionKey({}, 'development', dir);
      assert.deepEqual(loadDataEncryptionKey({}, 'development', dir), first, 'the same key after a restart');
      assert.equal((await stat(join(dir, 'data-encryption-key'))).mode & 0o777, 0o600);
      assert.equal((await readFile(join(dir, 'data-encryption-key'), 'utf8')).trim(), first.toString('base64'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
