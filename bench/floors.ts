// The floors of the wizard's writes (issue 23), in one run: updateInvoice and sendInvoice against a bare node:http + pg
// handler doing the same statements (bench/bare-list-server.ts), 20 connections, and the ratios beside their targets
// (p99 ≤ 1.3× the floor's, throughput ≥ 0.75×, BFF CPU per request ≤ 1.5×). sendInvoice's floor makes no document:
// the document work (the snapshot, the UBL, the EN 16931 / Peppol check; the PDF is made at delivery) is measured
// apart, in-process, as CPU per document, and added to the floor's CPU for the CPU ratio.
//
// `npm run bench -- floors` (FLOOR_SECONDS: each measurement's length, 10 s unless told).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { detailsOf, SELLER } from '../bff/test/fixtures/edocs/invoice-details.ts';
import { ocrReferenceFor } from '../bff/src/domain/ocr.ts';
import { buildUbl } from '../bff/src/domain/ubl.ts';
import { checkEInvoice } from '../bff/src/domain/ubl-rules.ts';
import { invalidDocumentText } from '../bff/src/domain/invoice-document.ts';
import { ensureDatabase } from '../bff/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../bff/src/platform/db/embedded-postgres.ts';
import { buildSnapshot } from '../bff/src/modules/sending/snapshot.ts';
import { renderInvoicePdf } from '../bff/src/platform/pdf/invoice-pdf.ts';
import { cpuMs, headersFor, login } from './customers.ts';
import {
  BFF_COMMAND,
  productionBffEnv,
  ratioRows,
  startBareListServer,
  startProduct,
  type Measured,
  type Row,
} from './lib.ts';
import { drafts, makeSendable, ownDrafts, poster, sends, updates, type WriteResult } from './writes.ts';

const SECONDS = Number(process.env.FLOOR_SECONDS ?? 10);

/** The bench's document details: the send's invoice (two rows and a receipt), as the floors bench sends it. */
const BENCH_DETAILS = detailsOf({
  customer: { type: 'organization', name: 'Bench Probe AB', country: 'SE', governmentId: '5560360793' },
  rows: [
    { description: 'Utveckling', unitPrice: 95000, quantityHundredths: 750, unit: 'hour', vatPercentage: 25 },
    { description: 'Resdag', unitPrice: 450000, quantityHundredths: 100, unit: 'day', vatPercentage: 25 },
  ],
  expenses: [{ type: 'receipt', description: 'Tåg', amount: 45900, vatPercentage: 6 }],
  reference: 'Bench',
});

/** The snapshot a send makes of the bench's document (with the stand-in number it is checked with). */
function benchSnapshot() {
  return buildSnapshot({
    details: BENCH_DETAILS,
    kind: 'invoice',
    number: 9_999_999,
    ocrReference: ocrReferenceFor(9_999_999),
    issueDate: '2026-03-02',
    seller: SELLER,
    freelancerName: 'Bench User',
    exchangeRate: null,
  });
}

/** CPU per document of the send's document work, in this process (one core), over about `seconds`. */
export function documentCpuMicros(seconds = 2): number {
  const started = process.cpuUsage();
  const deadline = performance.now() + seconds * 1000;
  let made = 0;
  for (; performance.now() < deadline; made++) {
    const snapshot = benchSnapshot();
    if (invalidDocumentText(snapshot).length > 0) throw new Error('the bench document is refused');
    if (checkEInvoice(buildUbl(snapshot)).some((f) => f.flag === 'fatal')) throw new Error('the bench UBL fails');
  }
  const used = process.cpuUsage(started);
  return Math.round((used.user + used.system) / made);
}

/**
 * CPU per PDF of the bench's document, in this process (one core), over about `seconds`: made at delivery, by a job
 * worker after the send's answer, so in neither side of the send's ratio (the bench's BFF works no queues, the floor
 * delivers nothing); printed so that the delivery's cost is in view.
 */
export async function pdfCpuMicros(seconds = 2): Promise<number> {
  const snapshot = benchSnapshot();
  const started = process.cpuUsage();
  const deadline = performance.now() + seconds * 1000;
  let made = 0;
  for (; performance.now() < deadline; made++) await renderInvoicePdf(snapshot);
  const used = process.cpuUsage(started);
  return Math.round((used.user + used.system) / made);
}

/**
 * The list floor (FLOOR_LIST=product) must answer what the BFF answers: for each path, the same invoices in the same
 * order and the same total. Throws on the first difference, so a floor that does less cannot flatter the BFF.
 */
export async function checkListFloor(
  bffUrl: string,
  floorUrl: string,
  headers: Record<string, string>,
  paths: string[],
): Promise<number> {
  const page = async (url: string, path: string) => {
    const response = await fetch(`${url}${path}`, { headers });
    if (response.status !== 200) throw new Error(`${url}${path} answered ${response.status}: ${await response.text()}`);
    const body = (await response.json()) as { items: { id: string }[]; page: { total: number } };
    return { ids: body.items.map((item) => item.id), total: body.page.total };
  };
  for (const path of paths) {
    const [bff, floor] = await Promise.all([page(bffUrl, path), page(floorUrl, path)]);
    if (JSON.stringify(bff) !== JSON.stringify(floor)) {
      throw new Error(`the list floor answers ${path} otherwise than the BFF: ${JSON.stringify({ bff, floor })}`);
    }
  }
  return paths.length;
}

export async function benchFloors(): Promise<{ figures: Row[]; ratios: Row[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-floors-'));
  const database = await startEmbeddedPostgres(dataDir);
  try {
    await ensureDatabase(database.url('postgres'), 'frilo');
    const databaseUrl = database.url('frilo');
    const bff = await startProduct(BFF_COMMAND, productionBffEnv(databaseUrl, { FILES_DIR: join(dataDir, 'files') }));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const floor = await startBareListServer(databaseUrl);
    try {
      const headers = headersFor(await login(bff.url, client));
      await makeSendable(client);
      const onBff = poster(bff.url, headers);
      const onFloor = poster(floor.url, headers);
      const customer = await onBff('/api/customers', {
        type: 'organization',
        name: 'Bench Probe AB',
        governmentId: '5560360793',
        contactPersonEmail: 'probe@example.com',
        email: 'probe@example.com',
        invoiceLanguage: 'sv',
        address: { streetName: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm', country: 'SE' },
      });
      const createBody = {
        recipientId: customer.id,
        reference: 'Bench',
        rows: [
          { description: 'Utveckling', unitPrice: 95000, quantity: 7.5, unit: 'hour', vatPercentage: 25 },
          { description: 'Resdag', unitPrice: 450000, quantity: 1, unit: 'day', vatPercentage: 25 },
        ],
        expenses: [{ type: 'receipt', description: 'Tåg', amount: 45900, vatPercentage: 6 }],
      };

      // What is sent: no receipt expense (a receipt must be uploaded before an invoice with one can go out).
      const { expenses: _expenses, ...sendBody } = createBody;
      const measure = async (pid: number, run: () => Promise<WriteResult>): Promise<WriteResult & Measured> => {
        const before = await cpuMs([pid]);
        const result = await run();
        const cpu = (await cpuMs([pid])) - before;
        return { ...result, cpuMicros: Math.round((cpu * 1000) / Math.max(1, result.requests)) };
      };
      // The drafts to send are made before each measurement (by the BFF, not timed or counted).
      const toSend = () => drafts(onBff, sendBody, Math.max(100, SECONDS * 80));

      // Warm-up of both (JIT, prepared statements, pools).
      await updates(onBff, await ownDrafts(onBff, createBody), 2);
      await updates(onFloor, await ownDrafts(onBff, createBody), 2);
      await sends(onBff, await drafts(onBff, sendBody, 60));
      await sends(onFloor, await drafts(onBff, sendBody, 60));

      // Each worker edits its own draft, made before the measurement (by the BFF, not counted).
      const bffOwn = await ownDrafts(onBff, createBody);
      const update = await measure(bff.child.pid!, () => updates(onBff, bffOwn, SECONDS));
      const floorOwn = await ownDrafts(onBff, createBody);
      const updateFloor = await measure(floor.pid, () => updates(onFloor, floorOwn, SECONDS));
      const bffDrafts = await toSend();
      const send = await measure(bff.child.pid!, () => sends(onBff, bffDrafts));
      const floorDrafts = await toSend();
      const sendFloor = await measure(floor.pid, () => sends(onFloor, floorDrafts));
      const perDocument = documentCpuMicros();
      const perPdf = await pdfCpuMicros();
      // The invoice list's floor (the product's list SQL, bench/invoices.ts measures it) answers as the BFF does.
      const listFloor = await startBareListServer(databaseUrl, { FLOOR_LIST: 'product' });
      let listChecked: number;
      try {
        const sent = await fetch(`${bff.url}/api/invoices?pageSize=5`, { headers });
        const next = ((await sent.json()) as { page: { next: string | null } }).page.next;
        listChecked = await checkListFloor(bff.url, listFloor.url, headers, [
          '/api/invoices',
          '/api/invoices?status=sent',
          '/api/invoices?status=drafted&sort=dueDate&order=asc',
          `/api/invoices?customerId=${String(customer.id)}`,
          '/api/invoices?q=bench',
          '/api/invoices?q=probe%20ab',
          '/api/invoices?dateFrom=2020-01-01&dateTo=2099-12-31&pageSize=7',
          ...(next ? [`/api/invoices?pageSize=5&page=2&after=${encodeURIComponent(next)}`] : []),
        ]);
      } finally {
        listFloor.stop();
      }

      const row = (measure: string, m: (WriteResult & Measured) | null, note = ''): Row => ({
        measure,
        requests: m?.requests ?? '',
        'req/s': m?.rps ?? '',
        'p50 ms': m?.p50 ?? '',
        'p99 ms': m?.p99 ?? '',
        'BFF CPU µs/req': m?.cpuMicros ?? '',
        note,
      });
      const figures = [
        row('updateInvoice (the rows changed, with the version)', update),
        row('(floor) bare node:http + pg: the same statements', updateFloor),
        row('sendInvoice (by email, right after the update)', send),
        row('(floor) bare node:http + pg: the send’s statements, no document', sendFloor),
        row('document work per send (snapshot, UBL, rule check), in-process', null, `${perDocument} µs CPU`),
        row(
          'the PDF of a sent invoice, in-process (made at delivery by a job worker: in neither side)',
          null,
          `${perPdf} µs CPU`,
        ),
        row('the invoice list floor (the product’s list SQL) answers as the BFF', null, `${listChecked} pages alike`),
      ];
      const ratios = [
        ...ratioRows('updateInvoice', update, updateFloor),
        ...ratioRows(
          'sendInvoice',
          send,
          { ...sendFloor, cpuMicros: sendFloor.cpuMicros + perDocument },
          {
            cpuNote: 'floor CPU + CPU per document',
          },
        ),
      ];
      return { figures, ratios };
    } finally {
      floor.stop();
      await client.end();
      await bff.stop();
    }
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { figures, ratios } = await benchFloors();
  console.table(figures);
  console.table(ratios);
}
