// Bad input where people type and upload (issues 15 and 21), through the real API: multipart bodies cut short or too big, and
// names and references with emoji, right-to-left text, combining marks, NUL and thousands of characters. Each is a
// clear 4xx problem or a correct round trip (as typed in the API, as the letters in the PDF, valid in the e-invoice),
// never a 500, and a refused request stores nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type ApiResponse, type TestApp } from '../test-app.ts';
import { extractPdfText } from '../pdf-text.ts';
import { ublXsdSkip, validateUbl } from '../fixtures/edocs/xsd.ts';
import fc from 'fast-check';
import { fileForm, tinyPng } from '../../src/modules/invoices/test-files.ts';
import {
  adminClient,
  bgMaxFile,
  freelancer,
  importFile,
  todayInSweden,
} from '../../src/modules/payments/test-helpers.ts';
import { MAX_INVOICE_AMOUNT } from '../../src/domain/invoice-totals.ts';
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

  // Issue 21: each of these was a 500, with no login or as an admin.
  describe('what was a 500 (issue 21)', () => {
    const row = { description: 'Konsulttjänst', unitPrice: 100_000, quantity: 8, unit: 'hour', vatPercentage: 25 };

    test('a translation namespace named after Object.prototype is not found, never read', async () => {
      const anonymous = t.client();
      for (const namespace of ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']) {
        for (const locale of ['sv', 'en']) {
          const res = await anonymous.call('getTranslations', { params: { locale, namespace } });
          assertClearRefusal(res, `${locale}/${namespace}`);
          // A name the contract's pattern takes is looked up and not found; the others the contract refuses.
          const expected = /^[a-z][a-z0-9-]{0,40}$/.test(namespace) ? 404 : 400;
          assert.equal(res.status, expected, `${locale}/${namespace}: ${JSON.stringify(res.body)}`);
        }
      }
      assert.equal(
        (await anonymous.call('getTranslations', { params: { locale: 'sv', namespace: 'shell' } })).status,
        200,
      );
    });

    test('an invoice whose total passes the ceiling (eight rows of 1e9 × 1e6) is a 400 naming the field, on create and on update', async () => {
      const customer = await owner.call('createCustomer', { body: swedishCompany });
      const huge = { ...row, unitPrice: 1_000_000_000, quantity: 1_000_000 };
      const created = await owner.call('createInvoice', {
        body: { recipientId: customer.body.id, rows: Array(8).fill(huge) },
      });
      assert.equal(created.status, 400, JSON.stringify(created.body));
      assert.equal(created.body.errors[0].code, 'invoice_amount_too_large');
      assert.equal(created.body.errors[0].field, 'body.rows.0');
      assert.equal(created.body.errors[0].params.limit, MAX_INVOICE_AMOUNT);
      // Lines within the ceiling whose total is not: the rows as a whole are named.
      const big = { ...row, unitPrice: 1_000_000_000, quantity: 10, vatPercentage: 0 };
      const total = await owner.call('createInvoice', {
        body: { recipientId: customer.body.id, rows: [big, big] },
      });
      assert.equal(total.status, 400, JSON.stringify(total.body));
      assert.deepEqual(
        total.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
        [['body.rows', 'invoice_amount_too_large']],
      );
      // At the ceiling exactly, it is an invoice.
      const draft = await owner.call('createInvoice', { body: { recipientId: customer.body.id, rows: [big] } });
      assert.equal(draft.status, 201, JSON.stringify(draft.body));
      assert.equal(draft.body.totals.totalInclVat, MAX_INVOICE_AMOUNT);
      const updated = await owner.call('updateInvoice', {
        params: { invoiceId: draft.body.id },
        body: { version: draft.body.version, rows: Array(8).fill(huge) },
      });
      assert.equal(updated.status, 400, JSON.stringify(updated.body));
      assert.equal(updated.body.errors[0].code, 'invoice_amount_too_large');
      const unchanged = await owner.call('getInvoice', { params: { invoiceId: draft.body.id } });
      assert.equal(unchanged.body.version, draft.body.version);
    });

    test('any rows the contract takes: a saved invoice within the ceiling, or a 400 naming the ceiling (property)', async () => {
      const customer = await owner.call('createCustomer', { body: swedishCompany });
      const rows = fc.array(
        fc.record({
          description: fc.constant('Arbete'),
          unitPrice: fc.oneof(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.constant(1_000_000_000)),
          quantity: fc.oneof(
            fc.integer({ min: 1, max: 100_000_000 }).map((n) => n / 100),
            fc.constant(1_000_000),
          ),
          unit: fc.constant('hour'),
          vatPercentage: fc.constantFrom(0, 6, 12, 25),
        }),
        { minLength: 1, maxLength: 12 },
      );
      await fc.assert(
        fc.asyncProperty(rows, async (generated) => {
          const res = await owner.call('createInvoice', { body: { recipientId: customer.body.id, rows: generated } });
          if (res.status === 201) {
            const { totals } = res.body;
            for (const amount of [totals.totalExclVat, totals.totalVat, totals.totalInclVat])
              assert.ok(Math.abs(amount) <= MAX_INVOICE_AMOUNT, JSON.stringify(totals));
          } else {
            assert.equal(res.status, 400, JSON.stringify(res.body));
            assert.equal(res.body.errors[0].code, 'invoice_amount_too_large', JSON.stringify(res.body));
          }
        }),
        { numRuns: 25, seed: 21 },
      );
    });

    test('pain.002 reports with names like constructor, or 200 levels deep, are answered as data or refused, never a 500 (ten variants); XXE and billion laughs are refused', async () => {
      const report = (inside: string, rootAttributes = '') => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"${rootAttributes}><CstmrPmtStsRpt><GrpHdr><MsgId>STS-1</MsgId><CreDtTm>2026-11-24T07:15:00</CreDtTm>${inside}</GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>PAY-1</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId><GrpSts>ACSC</GrpSts></OrgnlGrpInfAndSts></CstmrPmtStsRpt></Document>`;
      const variants = [
        report('<constructor>x</constructor>'),
        report('<__proto__>x</__proto__>'),
        report('<prototype>x</prototype>'),
        report('<constructor/>'),
        report('<X constructor="x"/>'),
        report('<X __proto__="x"/>'),
        report('', ' constructor="x"'),
        report(`${'<N>'.repeat(200)}x${'</N>'.repeat(200)}`),
        `<?xml version="1.0"?><constructor xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"/>`,
        `${'<W>'.repeat(200)}${report('').replace(/^<\?xml[^>]*\?>/, '')}${'</W>'.repeat(200)}`,
        `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>`,
        `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Document>&b;</Document>`,
      ];
      const answer = async (xml: string) => {
        const form = new FormData();
        form.set('file', new Blob([xml], { type: 'application/xml' }), 'pain002.xml');
        const res = await admin.call('importPaymentStatusReport', { form });
        assertClearRefusal(res, xml.slice(0, 160));
        assert.equal(res.status, 422, JSON.stringify(res.body));
        return res.body.code;
      };
      // The base report names a file we never sent: that is what it is told, whatever names it carries.
      assert.equal(await answer(report('')), 'status_report_unknown_file');
      // Prototype-named elements and attributes are plain data to the strict reader: the same answer as the base.
      for (const xml of variants.slice(0, 7)) assert.equal(await answer(xml), 'status_report_unknown_file', xml);
      // Too deep, not a status report, a DOCTYPE: not a status report at all.
      for (const xml of variants.slice(7)) assert.equal(await answer(xml), 'status_report_invalid', xml.slice(0, 160));
    });

    test('a legacy CSV with a NUL byte in a cell is refused with its line, nothing stored', async () => {
      const user = await freelancer(t);
      const before = (await t.sql(`select count(*)::int as n from legacy_invoice`)).rows[0].n;
      const form = new FormData();
      form.set('kind', 'invoices');
      const csv = `email,number,recipient,paid,invoiceDate,dueDate,total\n${user.email},N-1,Kund\u0000AB,yes,2024-03-01,2024-03-31,100\n`;
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'old.csv');
      const res = await admin.call('importLegacyRecords', { form });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'legacy_file_rejected');
      assert.deepEqual(
        res.body.errors.map((e: { code: string; params: { line: number; column: string } }) => [
          e.code,
          e.params.line,
          e.params.column,
        ]),
        [['invalid_characters', 2, 'recipient']],
      );
      assert.equal((await t.sql(`select count(*)::int as n from legacy_invoice`)).rows[0].n, before);
    });

    test('a BgMax file with a NUL in a payer name or reference, or a payment dated 2999, is refused whole', async () => {
      const before = await counts();
      const files = [
        bgMaxFile([{ reference: '12345682', amountMinor: 10_000, payerName: 'Kund\u0000AB' }]).bytes,
        bgMaxFile([{ reference: 'Faktura\u00001', referenceCode: '4', amountMinor: 10_000 }]).bytes,
        bgMaxFile([{ reference: '12345682', amountMinor: 10_000 }], { paymentDate: '2999-12-31' }).bytes,
        bgMaxFile([{ reference: '12345682', amountMinor: 10_000 }], { paymentDate: '2020-01-02' }).bytes,
      ];
      for (const bytes of files) {
        const res = await importFile(admin, bytes);
        assert.equal(res.status, 422, JSON.stringify(res.body));
        assert.equal(res.body.code, 'bgmax_invalid');
      }
      assert.deepEqual(await counts(), before);
      // Today's payments still go in.
      const today = await importFile(
        admin,
        bgMaxFile([{ reference: '12345682', amountMinor: 10_000 }], { paymentDate: todayInSweden() }).bytes,
      );
      assert.equal(today.status, 201, JSON.stringify(today.body));
    });

    test('a mileage trip dated 2999 (or decades back) is a 400 naming its date', async () => {
      const customer = await owner.call('createCustomer', { body: swedishCompany });
      for (const [date, code] of [
        ['2999-12-31', 'too_large'],
        ['1999-01-01', 'too_small'],
      ] as const) {
        const res = await owner.call('createInvoice', {
          body: {
            recipientId: customer.body.id,
            rows: [row],
            expenses: [
              { type: 'mileage', description: 'Resa', mileage: { date, from: 'A', to: 'B', km: 10, purpose: 'Möte' } },
            ],
          },
        });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.deepEqual(
          res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
          [['body.expenses.0.mileage.date', code]],
        );
      }
    });

    test('an uploaded file name keeps no bidi controls or other invisible characters, whatever it was (property)', async () => {
      const invisible = fc.constantFrom(
        '\u202a',
        '\u202b',
        '\u202c',
        '\u202d',
        '\u202e',
        '\u2066',
        '\u2067',
        '\u2068',
        '\u2069',
        '\u200e',
        '\u200f',
        '\u061c',
        '\u200b',
      );
      const name = fc
        .array(fc.oneof(fc.constantFrom('a', 'B', 'å', '.', '-', ' ', 'exe', 'png', 'kvitto'), invisible), {
          minLength: 1,
          maxLength: 12,
        })
        .map((parts) => parts.join(''));
      await fc.assert(
        fc.asyncProperty(name, async (fileName) => {
          const res = await owner.call('uploadReceipt', { form: fileForm(tinyPng(), fileName, 'image/png') });
          assert.equal(res.status, 201, JSON.stringify(res.body));
          const stored: string = res.body.fileName;
          assert.ok(!/[\p{Cc}\p{Cf}]/u.test(stored), JSON.stringify(stored));
          assert.equal(stored, fileName.replace(/[\p{Cc}\p{Cf}]/gu, '').trim() || 'receipt.png');
        }),
        { numRuns: 15, seed: 21 },
      );
      const issue = await owner.call('uploadReceipt', {
        form: fileForm(tinyPng(), 'invoice\u202egnp.exe', 'image/png'),
      });
      assert.equal(issue.body.fileName, 'invoicegnp.exe');
      // Every upload's name is cleaned where forms are read: an admin's BgMax file too.
      const bytes = bgMaxFile([{ reference: '12345682', amountMinor: 10_000 }]).bytes;
      const imported = await importFile(admin, bytes, 'inbetalningar\u202etxt.xamgb\u2066');
      assert.equal(imported.status, 201, JSON.stringify(imported.body));
      const [stored] = (await t.sql(`select file_name from bgmax_import order by created_at desc limit 1`)).rows;
      assert.equal(stored.file_name, 'inbetalningartxt.xamgb');
    });
  });
});
