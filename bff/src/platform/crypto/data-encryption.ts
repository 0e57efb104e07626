// Encryption at rest for the few fields that must never sit in the database as plain text (bank account numbers):
// AES-256-GCM with a random 96-bit nonce per value and the row it belongs to as associated data, so a value copied to
// another row does not decrypt. The key is DATA_ENCRYPTION_KEY (required in production, like APP_SECRET); elsewhere
// one is generated and kept under DATA_DIR (development) or per process (tests).
// It is a key of its own, not APP_SECRET: that one keys HMACs (signing.ts) and may be changed at any time, while
// changing this one needs every sealed value re-encrypted.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

/** Thrown when a value cannot be decrypted: another key, another row, or altered bytes. */
export class DecryptionError extends Error {
  constructor(reason: string) {
    super(`Cannot decrypt: ${reason}`);
    this.name = 'DecryptionError';
  }
}

function parseKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), /^[0-9a-f]{64}$/i.test(text.trim()) ? 'hex' : 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes, base64 or hex (e.g. openssl rand -base64 32)');
  }
  return key;
}

/**
 * DATA_ENCRYPTION_KEY when set (required in production); in tests a fresh one per process; in development one made
 * once and kept in `DATA_DIR/data-encryption-key`, so the stored bank details survive a restart. Losing the key loses
 * the data it encrypted: back it up with the database, but never in the same place.
 */
export function loadDataEncryptionKey(
  env: NodeJS.ProcessEnv,
  mode: 'development' | 'production' | 'test',
  dataDir: string,
): Buffer {
  const given = env.DATA_ENCRYPTION_KEY;
  if (given) return parseKey(given);
  if (mode === 'production') {
    throw new Error('DATA_ENCRYPTION_KEY is required in production (e.g. openssl rand -base64 32)');
  }
  if (mode === 'test') return randomBytes(KEY_BYTES);
  const file = join(dataDir, 'data-encryption-key');
  try {
    return parseKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(KEY_BYTES);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

export class DataCipher {
  readonly #key: Buffer;
  /** Names the key in every value it seals, so a value from another key is told apart from a damaged one. */
  readonly keyId: string;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new RangeError('An AES-256 key is 32 bytes');
    this.#key = key;
    this.keyId = createHash('sha256').update('frilo key id\n').update(key).digest('base64url').slice(0, 8);
  }

  /** `v1.<keyId>.<nonce>.<ciphertext+tag>` (base64url); `context` must be given again to decrypt. */
  encrypt(plaintext: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [FORMAT, this.keyId, nonce.toString('base64url'), sealed.toString('base64url')].join('.');
  }

  decrypt(value: string, context: string): string {
    const [format, keyId, nonceText, sealedText, ...rest] = value.split('.');
    if (format !== FORMAT || !nonceText || !sealedText || rest.length > 0)
      throw new DecryptionError('not a sealed value');
    if (keyId !== this.keyId) throw new DecryptionError(`sealed with key ${keyId}, this is ${this.keyId}`);
    const nonce = Buffer.from(nonceText, 'base64url');
    const sealed = Buffer.from(sealedText, 'base64url');
    if (nonce.length !== NONCE_BYTES || sealed.length < TAG_BYTES) throw new DecryptionError('truncated');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new DecryptionError('altered, or sealed for another context');
    }
  }
}
