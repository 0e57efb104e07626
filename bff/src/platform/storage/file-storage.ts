// What every file storage is (local-storage.ts, s3-storage.ts) and the key rule they share; storage.ts picks one.
import type { Readable } from 'node:stream';

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
