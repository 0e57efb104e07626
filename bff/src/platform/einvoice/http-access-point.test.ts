// The access point adapter against a real HTTP server on loopback: the envelope it sends (well-formed, the UBL
// unchanged inside, the Peppol identifiers of an invoice and a credit note), the bearer token and idempotency key,
// and how each kind of answer is classified (delivered, temporary, permanent).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildUbl } from '../../domain/ubl.ts';
import { parseXml, selectPath, valueAt } from '../../domain/xml-tree.ts';
import { PARTICIPANT_AUTHORITY, SBDH_NS, ublBody } from '../../domain/peppol-envelope.ts';
import { DOCUMENT_KINDS } from '../../../test/fixtures/edocs/invoice-documents.ts';
import { HttpAccessPointTransport } from './http-access-point.ts';
import { TemporaryTransportError, type OutgoingEInvoice } from './transport.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

const TOKEN = 'ap-secret-token-0123456789';
const SENDER = '0007:5599001236';
const CREATED = new Date('2026-03-02T09:15:30.123Z');

describe('HttpAccessPointTransport', () => {
  let server: Server;
  let url: string;
  const received: Received[] = [];
  /** What the access point answers next (per test). */
  let answer: (res: ServerResponse) => void = (res) => res.writeHead(202).end();

  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        answer(res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/documents`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const transport = (timeoutSeconds = 5) =>
    new HttpAccessPointTransport({ url, token: TOKEN, senderId: SENDER, timeoutSeconds, now: () => CREATED });

  const outgoing = (kind: 'invoice' | 'credit_note'): OutgoingEInvoice => {
    const doc = kind === 'invoice' ? DOCUMENT_KINDS['one VAT rate']! : DOCUMENT_KINDS['credit note']!;
    return {
      id: `0b9f6a52-1c1e-4c5e-9d7e-${kind === 'invoice' ? '000000000001' : '000000000002'}`,
      number: doc.number,
      kind,
      xml: buildUbl(doc),
      receiver: doc.buyer.endpoint!,
    };
  };

  for (const [kind, root] of [
    ['invoice', 'Invoice'],
    ['credit_note', 'CreditNote'],
  ] as const) {
    test(`${kind === 'invoice' ? 'an invoice' : 'a credit note'} goes out as a well-formed SBD with the UBL unchanged and its Peppol identifiers`, async () => {
      answer = (res) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"ap-1"}');
      received.length = 0;
      const document = outgoing(kind);
      await transport().deliver(document);
      assert.equal(received.length, 1);
      const [request] = received as [Received];
      assert.match(request.headers['content-type'] ?? '', /^application\/xml/);
      assert.equal(request.headers.authorization, `Bearer ${TOKEN}`);
      assert.equal(request.headers['idempotency-key'], document.id);

      assert.ok(request.body.includes(ublBody(document.xml)), 'the UBL is carried byte for byte');
      assert.ok(document.xml.startsWith('<?xml'), 'the fixture has a declaration the envelope must drop');
      const ns = 'urn:oasis:names:specification:ubl:schema:xsd';
      const sbd = parseXml(request.body, { [SBDH_NS]: 's', [`${ns}:${root}-2`]: 'u' });
      assert.equal(sbd.name, 's:StandardBusinessDocument');
      const header = selectPath(sbd, 's:StandardBusinessDocumentHeader')[0]!;
      assert.equal(valueAt(header, 's:HeaderVersion'), '1.0');
      const sender = selectPath(header, 's:Sender/s:Identifier')[0]!;
      assert.equal(sender.attrs.Authority, PARTICIPANT_AUTHORITY);
      assert.equal(sender.text, SENDER);
      const receiver = selectPath(header, 's:Receiver/s:Identifier')[0]!;
      assert.equal(receiver.attrs.Authority, 'iso6523-actorid-upis');
      assert.equal(receiver.text, `${document.receiver.scheme}:${document.receiver.id}`);
      assert.equal(valueAt(header, 's:DocumentIdentification/s:Standard'), `${ns}:${root}-2`);
      assert.equal(valueAt(header, 's:DocumentIdentification/s:TypeVersion'), '2.1');
      assert.equal(valueAt(header, 's:DocumentIdentification/s:InstanceIdentifier'), document.id);
      assert.equal(valueAt(header, 's:DocumentIdentification/s:Type'), root);
      assert.equal(valueAt(header, 's:DocumentIdentification/s:CreationDateAndTime'), '2026-03-02T09:15:30Z');
      const scopes = selectPath(header, 's:BusinessScope/s:Scope').map((s) => [
        valueAt(s, 's:Type'),
        valueAt(s, 's:InstanceIdentifier'),
        valueAt(s, 's:Identifier'),
      ]);
      assert.deepEqual(scopes, [
        [
          'DOCUMENTID',
          `${ns}:${root}-2::${root}##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1`,
          'busdox-docid-qns',
        ],
        ['PROCESSID', 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0', 'cenbii-procid-ubl'],
        ['COUNTRY_C1', 'SE', undefined],
      ]);
      // The payload is the document's one other child: the UBL root.
      assert.deepEqual(
        sbd.children.map((c) => c.name),
        ['s:StandardBusinessDocumentHeader', `u:${root}`],
      );
    });
  }

  test('503 is temporary (Retry-After told in the message), so the delivery job retries it', async () => {
    answer = (res) => res.writeHead(503, { 'retry-after': '120' }).end('maintenance');
    const error = await transport()
      .deliver(outgoing('invoice'))
      .then(
        () => null,
        (e: unknown) => e,
      );
    assert.ok(error instanceof TemporaryTransportError, String(error));
    assert.match(error.message, /503 \(Retry-After: 120\): maintenance/);
  });

  test('429 and 408 are temporary too', async () => {
    for (const status of [429, 408]) {
      answer = (res) => res.writeHead(status).end();
      await assert.rejects(transport().deliver(outgoing('invoice')), TemporaryTransportError);
    }
  });

  test('no answer within the timeout is temporary', async () => {
    answer = (res) => setTimeout(() => res.writeHead(202).end(), 3_000).unref();
    const started = performance.now();
    await assert.rejects(transport(1).deliver(outgoing('invoice')), (e: unknown) => {
      assert.ok(e instanceof TemporaryTransportError);
      assert.match(e.message, /no answer within 1 s/);
      return true;
    });
    assert.ok(performance.now() - started < 2_500);
  });

  test('a closed port is temporary', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const t = new HttpAccessPointTransport({
      url: `http://127.0.0.1:${port}/`,
      token: TOKEN,
      senderId: SENDER,
      timeoutSeconds: 2,
    });
    await assert.rejects(t.deliver(outgoing('invoice')), /could not be reached: ECONNREFUSED/);
  });

  test('400 is permanent, with the access point’s problem text (cut short) and never the token', async () => {
    const detail = `Receiver 0007:5560360793 is not registered for this document type. ${'x'.repeat(1_000)}`;
    answer = (res) =>
      res
        .writeHead(400, { 'content-type': 'application/problem+json' })
        .end(JSON.stringify({ title: 'Unknown receiver', detail }));
    const error = await transport()
      .deliver(outgoing('invoice'))
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    assert.ok(error && !(error instanceof TemporaryTransportError), String(error));
    assert.match(
      error.message,
      /refused the e-invoice \(400\): Unknown receiver: Receiver 0007:5560360793 is not registered/,
    );
    assert.ok(error.message.length < 400, `${error.message.length} characters`);
    assert.ok(!error.message.includes(TOKEN));
  });
});
