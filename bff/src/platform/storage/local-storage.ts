// Files in a local directory (the default: `$DATA_DIR/files`). Writes go to a temporary name first and are renamed
// into place, so a reader never sees half a file and a crash leaves at most a stray temporary file.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { checkStorageKey, type FileStorage, type StoredFile } from './file-storage.ts';

export class LocalFileStorage implements FileStorage {
  readonly kind = 'local';
  readonly #directory: string;

  constructor(directory: string) {
    this.#directory = directory;
  }

  get directory(): string {
    return this.#directory;
  }

  #path(key: string): string {
    return join(this.#directory, checkStorageKey(key));
  }

  /** The type is the database's to keep: a directory has nowhere to put it. */
  async put(key: string, data: Uint8Array, _contentType?: string): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.#path(key);
    try {
      const { size } = await stat(path);
      return { body: createReadStream(path), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(this.#directory, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.#directory, join(entry.parentPath, entry.name)).split(sep).join('/');
      // A write's temporary file, left by a crash, is not a stored file.
      if (!key.endsWith('.tmp')) yield key;
    }
  }
}
