// Both file storages against real parts: a directory, and a real S3-compatible server (s3rver) on loopback speaking
// the S3 protocol, so the S3 adapter is proven on the wire, not against a mock. (s3rver checks the access key of a
// SigV4 request but not its signature.)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { loadConfig, type S3StorageConfig } from '../config.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';
import { checkStorageKey, type FileStorage } from './storage.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** What every storage must do, whatever it is built on. */
function behavesLikeFileStorage(name: string, make: () => FileStorage) {
  describe(name, () => {
    test('a stored file comes back byte for byte, with its size', async () => {
      const storage = make();
      // 1.5 MB of random bytes: more than one network or disk chunk.
      const data = randomBytes(1_500_000);
      await storage.put('receipts/owner-1/file-a', data, 'application/pdf');
      const file = await storage.get('receipts/owner-1/file-a');
      assert.ok(file);
      assert.equal(file.size, data.length);
      assert.equal(sha256(await bytesOf(file.body)), sha256(data));
    });

    test('putting the same key again replaces the file', async () => {
      const storage = make();
      await storage.put('receipts/owner-1/file-b', Buffer.from('first'), 'image/png');
      await storage.put('receipts/owner-1/file-b', Buffer.from('second version'), 'image/png');
      const file = await storage.get('receipts/owner-1/file-b');
      assert.equal((await bytesOf(file!.body)).toString(), 'second version');
    });

    test('a missing key is null, and deleting is idempotent', async () => {
      const storage = make();
      assert.equal(await storage.get('receipts/owner-1/never-stored'), null);
      await storage.put('receipts/owner-1/file-c', Buffer.from('x'), 'image/jpeg');
      await storage.delete('receipts/owner-1/file-c');
      assert.equal(await storage.get('receipts/owner-1/file-c'), null);
      await storage.delete('receipts/owner-1/file-c');
    });

    test('keys() lists every stored key, and none deleted (what a backup copies)', async () => {
      const storage = make();
      await storage.put('listing/owner-1/a', Buffer.from('a'), 'image/png');
      await storage.put('listing/owner-2/deep/b.pdf', Buffer.from('b'), 'application/pdf');
      await storage.put('listing/owner-2/gone', Buffer.from('c'), 'image/png');
      await storage.delete('listing/owner-2/gone');
      const keys: string[] = [];
      for await (const key of storage.keys()) if (key.startsWith('listing/')) keys.push(key);
      assert.deepEqual(keys.sort(), ['listing/owner-1/a', 'listing/owner-2/deep/b.pdf']);
    });

    test('a key that could leave the storage is refused before anything is written', async () => {
      const storage = make();
      for (const key of ['../escape', 'receipts/../../etc/passwd', '/absolute', 'Receipts/upper', 'a//b', ''])
        await assert.rejects(storage.put(key, Buffer.from('x'), 'image/png'), RangeError, key);
    });
  });
}

describe('file storage', () => {
  let localDir: string;
  let s3Dir: string;
  let s3: S3rver;
  let s3Config: S3StorageConfig;
  const clients: S3FileStorage[] = [];

  before(async () => {
    localDir = await mkdtemp(join(tmpdir(), 'frilo-storage-local-'));
    s3Dir = await mkdtemp(join(tmpdir(), 'frilo-storage-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'frilo-files' }],
    });
    const { port } = await s3.run();
    // The configuration exactly as production reads it from the environment (s3rver's fixed test credentials).
    const config = loadConfig({
      S3_BUCKET: 'frilo-files',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_PREFIX: 'test',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    assert.equal(config.storage.kind, 's3');
    s3Config = config.storage as S3StorageConfig;
  });

  after(async () => {
    for (const client of clients) client.destroy();
    await s3.close();
    await rm(localDir, { recursive: true, force: true });
    await rm(s3Dir, { recursive: true, force: true });
  });

  behavesLikeFileStorage('a local directory', () => new LocalFileStorage(localDir));
  behavesLikeFileStorage('an S3-compatible bucket (s3rver on loopback)', () => {
    const client = new S3FileStorage(s3Config);
    clients.push(client);
    return client;
  });

  test('S3 keys carry the configured prefix, so environments can share a bucket', async () => {
    const client = new S3FileStorage(s3Config);
    clients.push(client);
    await client.put('receipts/owner-2/prefixed', Buffer.from('x'), 'image/png');
    const bucketDir = join(s3Dir, 'frilo-files');
    assert.deepEqual(await readdir(bucketDir), ['test']);
  });

  test('wrong S3 credentials fail loudly instead of storing nothing quietly', async () => {
    const client = new S3FileStorage({ ...s3Config, accessKeyId: 'NOT-A-KEY' });
    clients.push(client);
    await assert.rejects(client.put('receipts/owner-3/x', Buffer.from('x'), 'image/png'));
  });

  test('the local directory never leaves a temporary file behind', async () => {
    const storage = new LocalFileStorage(localDir);
    await storage.put('receipts/owner-4/atomic', randomBytes(10_000), 'image/png');
    assert.deepEqual(await readdir(join(localDir, 'receipts', 'owner-4')), ['atomic']);
  });

  test('keys are checked the same way for every storage', () => {
    assert.equal(checkStorageKey('receipts/0b6f2c1e/3d1e2f60.pdf'), 'receipts/0b6f2c1e/3d1e2f60.pdf');
    assert.throws(() => checkStorageKey('receipts/x/..'), RangeError);
  });
});
