// Bad input where people type and upload (issue 15), through the real API: multipart bodies cut short or too big, and
// names and references with emoji, right-to-left text, combining marks, NUL and thousands of characters. Each is a
// clear 4xx problem or a correct round trip (as typed in the API, as the letters in the PDF, valid in the e-invoice),
// never a 500, and a refused request stores nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type ApiResponse, type TestApp } from '../test-app.ts';
import { extractPdfText } from '../pdf-text.ts';
import { ublXsdSkip, validateUbl } from '../fixtures/edocs/xsd.ts';
import { tinyPng } from '../../src/modules/invoices/test-files.ts';
import { adminClient, freelancer } from '../../src/modules/payments/test-helpers.ts';
import { swedishCompany } from '../../src/modules/customers/test-data.ts';

/** A clear refusal: a 4xx problem with a code (and the fields, for a validation problem). */
function assertClearRefusal(res: ApiResponse, where: string) {
  assert.ok(res.status >= 400 && res.status < 500, `${where} answered ${res.status}: ${JSON.stringify(res.body)}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/, where);
  assert.equal(typeof res.body.code, 'string', where);
  if (res.body.code === 'validation') assert.ok(res.body.errors?.length, `${where}: names no field`);
}

/** A multipart body by hand, so it can be cut anywhere. */
function multipart(parts: { name: string; fileName?: string; type?: string; data: Buffer }[]) {
  const boundary = '----frilo-bad-input-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function postRaw(t: TestApp, api: ApiClient, path: string, body: Buffer, contentType: string) {
  // A write needs the CSRF token the client got with its session.
  if (!api.cookies.has('csrf_token')) await api.call('getSession');
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: {
      cookie: [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': api.cookies.get('csrf_token') ?? '',
      'content-type': contentType,
      accept: 'application/json',
    },
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the assertion below shows it
  }
  return { status: res.status, body: parsed as ApiResponse['body'], headers: res.headers };
}

describe('bad input', () => {
  let t: TestApp;
  let owner: ApiClient;
  let admin: ApiClient;
  const counts = async () =>
    (
      await t.sql(
        `select (select count(*) from receipt)::int as receipts, (select count(*) from bgmax_import)::int as imports`,
      )
    ).rows[0];

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    owner = (await freelancer(t)).api;
    admin = (await adminClient(t)).api;
  });
  after(() => t.close());

  describe('uploads', () => {
    test('a receipt whose multipart body is cut short (mid-file, mid-header, no closing boundary) is a 400, nothing stored', async () => {
      const before = await counts();
      const whole = multipart([{ name: 'file', fileName: 'kvitto.png', type: 'image/png', data: tinyPng() }]).body;
      const { contentType } = multipart([]);
      for (const cut of [whole.length - 10, Math.floor(whole.length / 2), 40, 5]) {
        const res = await postRaw(t, owner, '/api/receipts', whole.subarray(0, cut), contentType);
        assertClearRefusal(res, `receipt cut at ${cut} of ${whole.length} bytes`);
      }
      // Cut inside a file the form has no field for.
      const stray = multipart([{ name: 'other', fileName: 'x.png', type: 'image/png', data: tinyPng() }]).body;
      const strayRes = await postRaw(t, owner, '/api/receipts', stray.subarray(0, stray.length - 20), contentType);
      assertClearRefusal(strayRes, 'a stray file cut short');
      assert.deepEqual(await counts(), before);
      // The server is still there (a form cut inside a file once ended the process with an uncaught exception).
      assert.equal((await owner.call('getHealth')).status, 200);
    });

    test('admin imports cut short are a 400, and one over its size limit a 413, nothing stored', async () => {
      const before = await counts();
      const bgmax = Buffer.from(`01BGMAX               0120261123000000000001P${' '.repeat(36)}\r\n`, 'latin1');
      const whole = multipart([{ name: 'file', fileName: 'bg.txt', data: bgmax }]);
      const cut = await postRaw(t, admin, '/api/admin/bgmax-imports', whole.body.subarray(0, 60), whole.contentType);
      assertClearRefusal(cut, 'BgMax cut short');
      const big = multipart([{ name: 'file', fileName: 'big.txt', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x41) }]);
      const tooBig = await postRaw(t, admin, '/api/admin/bgmax-imports', big.body, big.contentType);
      assert.equal(tooBig.status, 413, JSON.stringify(tooBig.body));
      assertClearRefusal(tooBig, 'BgMax over 10 MB');
      const legacy = multipart([
        { name: 'kind', data: Buffer.from('invoices') },
        { name: 'file', fileName: 'old.csv', type: 'text/csv', data: Buffer.from('email,number\n') },
      ]);
      const legacyCut = await postRaw(
        t,
        admin,
        '/api/admin/legacy-imports',
        legacy.body.subarray(0, 120),
        legacy.contentType,
      );
      assertClearRefusal(legacyCut, 'legacy import cut short');
      assert.deepEqual(await counts(), before);
    });
  });

  describe('names and references', () => {
    const row = { unitPrice: 100_000, quantity: 1, unit: 'hour', vatPercentage: 25 };
    const cases: { what: string; text: string }[] = [
      { what: 'combining marks (decomposed å, é)', text: 'A\u030Angstro\u0308m Cafe\u0301' },
      { what: 'emoji, with a joiner sequence', text: 'Raket 🚀 AB 👩‍👩‍👧' },
      { what: 'right-to-left text', text: 'شركة الأمل' },
      { what: 'a right-to-left override', text: 'Kund \u202Efdp.exe AB' },
      { what: 'NUL', text: 'Kund\u0000AB' },
      { what: 'ten thousand characters', text: 'Å'.repeat(10_000) },
    ];

    for (const { what, text } of cases) {
      test(`${what}: a clear 4xx or a correct round trip through the API, the PDF and the e-invoice`, async (context) => {
        if (ublXsdSkip) return context.skip(ublXsdSkip);
        const customer = await owner.call('createCustomer', { body: { ...swedishCompany, name: text } });
        if (customer.status >= 400) {
          assertClearRefusal(customer, `customer named with ${what}`);
          return;
        }
        assert.equal(customer.status, 201);
        assert.equal(customer.body.name.normalize('NFC'), text.normalize('NFC'), 'the name as typed');
        const draft = await owner.call('createInvoice', {
          body: { recipientId: customer.body.id, reference: text, rows: [{ ...row, description: text }] },
        });
        if (draft.status >= 400) {
          assertClearRefusal(draft, `invoice with ${what}`);
          return;
        }
        const got = await owner.call('getInvoice', { params: { invoiceId: draft.body.id } });
        assert.equal(got.body.rows[0].description.normalize('NFC'), text.normalize('NFC'), 'the row as typed');
        const sent = await owner.call('sendInvoice', { params: { invoiceId: draft.body.id } });
        if (sent.status >= 400) {
          // Characters an invoice cannot carry block sending with their problem, never a broken document.
          assertClearRefusal(sent, `sending with ${what}`);
          return;
        }
        await t.drainJobs();
        const pdf = await owner.call('getInvoicePdf', { params: { invoiceId: draft.body.id } });
        assert.equal(pdf.status, 200);
        const pdfText = (await extractPdfText(pdf.body as Buffer)).text.replace(/\s+/g, ' ');
        assert.ok(pdfText.includes(text.normalize('NFC').slice(0, 40)), `the PDF shows ${what} as typed`);
        const ubl = await owner.call('getInvoiceEInvoice', { params: { invoiceId: draft.body.id } });
        assert.equal(ubl.status, 200);
        const xml = Buffer.isBuffer(ubl.body) ? ubl.body.toString('utf8') : String(ubl.body);
        const valid = await validateUbl(xml);
        assert.deepEqual(valid.errors, [], `the e-invoice with ${what} is valid UBL`);
        assert.ok(xml.normalize('NFC').includes(text.normalize('NFC').slice(0, 40)), `the e-invoice carries ${what}`);
      });
    }
  });
});
