// Receipt uploads against the real app and PostgreSQL, with real files: judged by content, limited to 4 MB, stored
// through the storage interface, shown to their owner only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import jpeg from 'jpeg-js';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser } from '../../../test/fixtures.ts';
import { LocalFileStorage } from '../../platform/storage/local-storage.ts';
import { swedishCompany } from '../customers/test-data.ts';
import { elfExecutable, fileForm, tinyJpeg, tinyPdf, tinyPng } from './test-files.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('receipts', () => {
  let t: TestApp;
  let api: ApiClient;
  let userId: string;
  before(async () => {
    t = await createTestApp();
    ({ api, userId } = await signUpConfirmedUser(t));
  });
  after(() => t.close());

  const receiptRows = async () =>
    (await t.sql(`select count(*)::int as n from receipt where owner_id = $1`, [userId])).rows[0].n as number;

  test('a real JPEG, PNG and PDF are stored and come back byte for byte, with their detected type', async () => {
    const files = [
      { data: tinyJpeg(), name: 'tågbiljett.jpeg', type: 'image/jpeg' },
      { data: tinyPng(), name: 'parkering.png', type: 'image/png' },
      { data: tinyPdf(), name: 'hotell.pdf', type: 'application/pdf' },
    ];
    for (const file of files) {
      // The declared type is deliberately wrong: only the content counts.
      const res = await api.call('uploadReceipt', { form: fileForm(file.data, file.name, 'application/octet-stream') });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.headers.get('location'), `/api/receipts/${res.body.id}`);
      assert.equal(res.body.contentType, file.type);
      assert.equal(res.body.fileName, file.name);
      assert.equal(res.body.size, file.data.length);
      assert.equal(res.body.sha256, sha256(file.data));

      const download = await api.call('getReceipt', { params: { receiptId: res.body.id } });
      assert.equal(download.status, 200);
      assert.equal(download.headers.get('content-type'), file.type);
      assert.ok(Buffer.isBuffer(download.body));
      assert.equal(sha256(download.body), sha256(file.data));
      assert.match(download.headers.get('content-security-policy') ?? '', /sandbox/);
      assert.match(download.headers.get('content-disposition') ?? '', /^inline; filename\*=UTF-8''/);
      const saved = await api.call('getReceipt', { params: { receiptId: res.body.id }, query: { download: true } });
      assert.match(saved.headers.get('content-disposition') ?? '', /^attachment; filename\*=UTF-8''/);
    }
    // The JPEG that came back is still an image a decoder reads.
    const [jpegReceipt] = (
      await t.sql(`select id from receipt where owner_id = $1 and content_type = 'image/jpeg'`, [userId])
    ).rows;
    const image = await api.call('getReceipt', { params: { receiptId: jpegReceipt.id } });
    assert.equal(jpeg.decode(image.body).width, 8);
  });

  test('a program renamed to .pdf is refused by its content, and nothing is stored', async () => {
    const before = await receiptRows();
    const res = await api.call('uploadReceipt', { form: fileForm(elfExecutable(), 'kvitto.pdf', 'application/pdf') });
    assert.equal(res.status, 415);
    assert.equal(res.body.code, 'file_type_not_allowed');
    const text = await api.call('uploadReceipt', {
      form: fileForm(Buffer.from('<html><script>alert(1)</script>'), 'a.jpg', 'image/jpeg'),
    });
    assert.equal(text.status, 415);
    const empty = await api.call('uploadReceipt', { form: fileForm(Buffer.alloc(0), 'tom.png', 'image/png') });
    assert.equal(empty.status, 415);
    assert.equal(await receiptRows(), before);
  });

  test("a 5 MB file is refused with the spec's message, and nothing is stored", async () => {
    const before = await receiptRows();
    // A real PDF header followed by 5 MB: the type would pass, the size does not.
    const big = Buffer.concat([tinyPdf(), randomBytes(5 * 1024 * 1024)]);
    const res = await api.call('uploadReceipt', { form: fileForm(big, 'stor.pdf', 'application/pdf') });
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 'file_too_large');
    assert.equal(res.body.detail, 'File size exceeds limit (4MB maximum)');
    assert.equal(await receiptRows(), before);
  });

  test('exactly 4 MB is still accepted', async () => {
    const pdf = tinyPdf();
    const data = Buffer.concat([pdf, Buffer.alloc(4 * 1024 * 1024 - pdf.length, 0x20)]);
    const res = await api.call('uploadReceipt', { form: fileForm(data, 'precis.pdf', 'application/pdf') });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.size, 4 * 1024 * 1024);
  });

  test('a form without the file, or with a JSON body, is a clear 4xx', async () => {
    const form = new FormData();
    form.append('other', 'value');
    const missing = await api.call('uploadReceipt', { form });
    assert.equal(missing.status, 400);
    assert.deepEqual(
      missing.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['body.file', 'required']],
    );
    const json = await api.call('uploadReceipt', { body: { file: 'not a file' } });
    assert.equal(json.status, 415);
    // And a form sent to an operation that takes JSON is refused the same way, unread.
    const misplaced = await api.call('createInvoice', { form: fileForm(tinyPng(), 'x.png', 'image/png') });
    assert.equal(misplaced.status, 415);
    assert.equal(misplaced.body.code, 'unsupported_media_type');
  });

  test("another user's receipt is a 404 for download, delete and attaching; the owner's stays", async () => {
    const mine = await api.call('uploadReceipt', { form: fileForm(tinyPng(), 'min.png', 'image/png') });
    const other = await signUpConfirmedUser(t);
    assert.equal((await other.api.call('getReceipt', { params: { receiptId: mine.body.id } })).status, 404);
    assert.equal((await other.api.call('deleteReceipt', { params: { receiptId: mine.body.id } })).status, 404);
    const theirCustomer = (await other.api.call('createCustomer', { body: swedishCompany })).body.id;
    const attach = await other.api.call('createInvoice', {
      body: {
        recipientId: theirCustomer,
        expenses: [{ type: 'receipt', description: 'Lånat', amount: 100, vatPercentage: 25, receiptId: mine.body.id }],
      },
    });
    assert.equal(attach.status, 400);
    assert.equal(attach.body.errors[0].code, 'receipt_not_found');
    assert.equal((await api.call('getReceipt', { params: { receiptId: mine.body.id } })).status, 200);
  });

  test('a receipt on an expense cannot be deleted until the expense lets it go; then its file goes too', async () => {
    const customerId = (await api.call('createCustomer', { body: swedishCompany })).body.id;
    const receipt = await api.call('uploadReceipt', { form: fileForm(tinyJpeg(), 'lunch.jpg', 'image/jpeg') });
    const invoice = await api.call('createInvoice', {
      body: {
        recipientId: customerId,
        expenses: [
          { type: 'receipt', description: 'Lunch', amount: 12500, vatPercentage: 12, receiptId: receipt.body.id },
        ],
      },
    });
    assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
    assert.deepEqual(invoice.body.expenses[0].receipt, {
      id: receipt.body.id,
      fileName: 'lunch.jpg',
      contentType: 'image/jpeg',
      size: receipt.body.size,
    });
    const refused = await api.call('deleteReceipt', { params: { receiptId: receipt.body.id } });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'receipt_in_use');
    await api.call('updateInvoice', {
      params: { invoiceId: invoice.body.id },
      body: { version: invoice.body.version, expenses: [] },
    });
    const key = (await t.sql(`select storage_key from receipt where id = $1`, [receipt.body.id])).rows[0]
      .storage_key as string;
    assert.match(key, new RegExp(`^receipts/${userId}/`));
    assert.equal((await api.call('deleteReceipt', { params: { receiptId: receipt.body.id } })).status, 204);
    assert.equal((await api.call('getReceipt', { params: { receiptId: receipt.body.id } })).status, 404);
    assert.equal(await t.services.files.get(key), null, 'the file is gone from the storage');
  });

  test('an upload without the CSRF header is refused before the file is read', async () => {
    const res = await api.call('uploadReceipt', { form: fileForm(tinyPng(), 'x.png', 'image/png'), noCsrf: true });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'csrf');
  });

  test('refused uploads leave no file behind: every stored file has its row', async () => {
    const storage = t.services.files;
    assert.ok(storage instanceof LocalFileStorage);
    const dir = `receipts/${userId}`;
    const rows = (await t.sql(`select storage_key from receipt where owner_id = $1`, [userId])).rows;
    const keys = rows.map((r) => (r.storage_key as string).slice(dir.length + 1));
    assert.deepEqual((await readdir(join(storage.directory, dir))).sort(), keys.sort());
  });
});
