// Where files live (receipts now; invoice PDFs and payslips later): a directory under DATA_DIR by default, an
// S3-compatible bucket in production. Modules keep the key and the file's facts (type, size, hash) in their tables.
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { StorageConfig } from '../config.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

export interface StoredFile {
  body: Readable;
  size: number;
}

export interface FileStorage {
  /** `local` or `s3`, for logs and health. */
  readonly kind: string;
  /** Stores a file under `key` (replacing one with the same key). */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when no file has that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key stored (backups read them all); in no particular order. */
  keys(): AsyncIterable<string>;
}

/**
 * Keys are made by the modules (e.g. `receipts/<owner>/<uuid>`), never from user input, but a key is also a file
 * path for the local storage, so anything that could leave its directory is refused outright.
 */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function checkStorageKey(key: string): string {
  if (!KEY.test(key) || key.length > 500) throw new RangeError(`Not a storage key: ${key}`);
  return key;
}

export function createStorage(config: StorageConfig, log: Logger): FileStorage {
  if (config.kind === 's3') {
    log.info({ bucket: config.bucket, endpoint: config.endpoint ?? 'aws' }, 'files in S3-compatible storage');
    return new S3FileStorage(config);
  }
  return new LocalFileStorage(config.directory);
}
