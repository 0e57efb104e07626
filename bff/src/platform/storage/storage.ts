// Where files live (receipts now; invoice PDFs and payslips later): a directory under DATA_DIR by default, an
// S3-compatible bucket in production. Modules keep the key and the file's facts (type, size, hash) in their tables.
import type { Logger } from 'pino';
import type { StorageConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

// The storages import these from file-storage.ts (not from here, which imports them): no import cycle.
export { checkStorageKey, type FileStorage, type StoredFile } from './file-storage.ts';

export function createStorage(config: StorageConfig, log: Logger): FileStorage {
  if (config.kind === 's3') {
    log.info({ bucket: config.bucket, endpoint: config.endpoint ?? 'aws' }, 'files in S3-compatible storage');
    return new S3FileStorage(config);
  }
  return new LocalFileStorage(config.directory);
}
