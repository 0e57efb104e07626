// Issue 21's property suite through the real API (the volume runs in documents.property.test.ts over the same code):
// random customers and invoices with hostile text are created, sent and credited over HTTP on a real PostgreSQL, and
// what the API answers (the stored texts, the totals) is what the e-invoice and the PDF the customer gets carry, to the
// character and to the öre; a text the invoice cannot carry is refused with problem 18 before anything is written.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EntityManager } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser } from '../../../test/fixtures.ts';
import { HOSTILE_PIECES } from '../../../test/fixtures/hostile-text.ts';
import { ublXsdSkip, validateUblBatch } from '../../../test/fixtures/edocs/xsd.ts';
import { extractPdfText, pdfShows } from '../../../test/pdf-text.ts';
import { invalidInvoiceCharacters } from '../../domain/invoice-text.ts';
import { formatMinor, type DocumentCurrency } from '../../domain/invoice-document.ts';
import { checkEInvoice } from '../../domain/ubl-rules.ts';
import { parseXml, selectPath, valueAt } from '../../domain/xml-tree.ts';
import { createBankingService } from '../banking/public.ts';
import { RELEASE_QUEUE } from './service.ts';

const PREFIXES = {
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': '',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': '',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
};
const todayInSweden = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

const SENDABLE_PIECES = HOSTILE_PIECES.filter((piece) => invalidInvoiceCharacters(piece).length === 0);
/**
 * Texts a user may type: entity-looking text, markup, quotes, Swedish letters, combining marks; in a hostile case
 * (one in four) also emoji, right-to-left text, bidi controls and arbitrary graphemes (then problem 18 is the answer).
 */
const typed = (max: number, hostile: boolean) =>
  fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...SENDABLE_PIECES) },
        {
          weight: 4,
          arbitrary: fc.string({ unit: fc.constantFrom(...'abcåäöÅÄÖéü &;#<>"\'-.,'.split('')), maxLength: 8 }),
        },
        ...(hostile
          ? [
              {
                weight: 2,
                arbitrary: fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ unit: 'grapheme', maxLength: 3 })),
              },
            ]
          : []),
      ),
      { minLength: 1, maxLength: 6 },
    )
    .map((parts) => [...parts.join('')].slice(0, max).join(''))
    .filter((text) => text.trim() !== '' && text.isWellFormed());

const CUSTOMERS = [
  {
    type: 'organization',
    governmentId: '5560360793',
    contactPersonEmail: 'anna@kund.se',
    email: 'ap@kund.se',
    invoiceLanguage: 'sv',
    address: { postalCode: '40531', country: 'SE' },
  },
  {
    type: 'individual',
    governmentId: '811218-9876',
    contactPersonEmail: 'sven@example.com',
    email: 'sven@example.com',
    invoiceLanguage: 'sv',
    address: { postalCode: '12345', country: 'SE' },
  },
  {
    type: 'organization',
    vatNumber: 'DE123456788',
    reverseVat: true,
    contactPersonEmail: 'kontakt@beispiel.de',
    email: 'rechnung@beispiel.de',
    invoiceLanguage: 'en',
    address: { postalCode: '10115', country: 'DE' },
  },
  {
    type: 'organization',
    governmentId: '923609016',
    contactPersonEmail: 'post@kunde.no',
    email: 'faktura@kunde.no',
    invoiceLanguage: 'en',
    address: { postalCode: '0155', country: 'NO' },
  },
  {
    type: 'organization',
    contactPersonEmail: 'ap@client.com',
    email: 'ap@client.com',
    invoiceLanguage: 'en',
    address: { postalCode: '12345', country: 'US' },
  },
] as const;

describe('documents through the API (issue 21)', () => {
  let t: TestApp;
  let api: ApiClient;
  let cookie: string;
  const xmls: string[] = [];
  const counts = { sent: 0, credited: 0, refused18: 0, refusedByApi: 0 };

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    const user = await signUpConfirmedUser(t, { firstName: 'Anna &nbsp;', lastName: 'R&amp;D <Berg>' });
    api = user.api;
    await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [user.userId]);
    await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, user.userId, {
      kind: 'domestic',
      clearingNumber: '83279',
      accountNumber: '1234567897',
      bankName: 'Swedbank',
    });
    for (const [currency, rate] of [
      ['EUR', '11.2345'],
      ['USD', '10.4321'],
      ['NOK', '0.9876'],
      ['DKK', '1.5012'],
      ['GBP', '13.1234'],
    ]) {
      await t.sql(
        `insert into exchange_rate (currency, date, sek_per_unit) values ($1, $2::date, $3::numeric) on conflict do nothing`,
        [currency, todayInSweden(), rate],
      );
    }
    cookie = [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  });
  after(async () => {
    console.log(`documents.api: ${JSON.stringify(counts)}, ${xmls.length} documents`);
    await t.close();
  });

  const download = async (invoiceId: string, kind: 'invoice' | 'credit_note', what: 'e-invoice' | 'pdf') => {
    const response = await fetch(`${t.url}/api/invoices/${invoiceId}/${what}?document=${kind}`, {
      headers: { cookie },
    });
    assert.equal(response.status, 200);
    return what === 'pdf' ? new Uint8Array(await response.arrayBuffer()) : await response.text();
  };

  it('what the API keeps is what the UBL and the PDF carry, or problem 18 refuses it before anything is written', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })
          .chain((hostile) =>
            fc.record({
              customer: fc.constantFrom(...CUSTOMERS),
              name: typed(50, hostile),
              street: typed(60, hostile),
              city: typed(40, hostile),
              reference: fc.option(typed(50, hostile), { nil: undefined }),
              rows: fc.array(
                fc.record({
                  description: typed(200, hostile),
                  // At least 1 000 a row: neither a discount nor the exchange rate takes it under the 500 SEK minimum.
                  unitPrice: fc.integer({ min: 100_000, max: 2_000_000 }),
                  quantity: fc.constantFrom(1, 2.5, 10),
                  unit: fc.constantFrom('hour', 'day', 'pcs', 'lump_sum'),
                  vatPercentage: fc.constantFrom(25, 12, 6, 0),
                }),
                { minLength: 1, maxLength: 3 },
              ),
              discount: fc.option(fc.integer({ min: 1, max: 40_000 }), { nil: undefined }),
              trip: fc.option(fc.record({ from: typed(100, hostile), to: typed(100, hostile) }), { nil: undefined }),
              currency: fc.constantFrom('SEK', 'EUR', 'USD', 'NOK', 'DKK', 'GBP'),
              credit: fc.boolean(),
            }),
          ),
        async (c) => {
          const outside = c.customer.address.country === 'US' || c.customer.address.country === 'NO';
          const rate = (r: number) => ('reverseVat' in c.customer ? 0 : outside ? (c.rows[0]?.vatPercentage ?? 0) : r);
          const created = await api.call('createCustomer', {
            body: {
              ...c.customer,
              name: c.name,
              address: { ...c.customer.address, streetName: c.street, city: c.city },
            },
          });
          if (created.status === 400) {
            if (process.env.DOCS_DEBUG) console.log(JSON.stringify(created.body.errors));
            counts.refusedByApi++;
            return;
          }
          assert.equal(created.status, 201, JSON.stringify(created.body));
          const customer = created.body;
          const rows = [
            ...c.rows.map((r) => ({ ...r, vatPercentage: rate(r.vatPercentage) })),
            ...(c.discount
              ? [
                  {
                    description: 'Rabatt',
                    unitPrice: -c.discount,
                    quantity: 1,
                    unit: 'pcs',
                    vatPercentage: rate(c.rows[0]?.vatPercentage ?? 25),
                  },
                ]
              : []),
          ];
          const draft = await api.call('createInvoice', {
            body: {
              recipientId: customer.id,
              currency: c.currency,
              rows,
              ...(c.reference !== undefined ? { reference: c.reference } : {}),
              ...(c.trip
                ? {
                    expenses: [
                      {
                        type: 'mileage',
                        description: 'Resa',
                        mileage: {
                          date: todayInSweden(),
                          from: c.trip.from,
                          to: c.trip.to,
                          km: 42.5,
                          purpose: 'Kundbesök',
                        },
                      },
                    ],
                  }
                : {}),
            },
          });
          if (draft.status === 400) {
            if (process.env.DOCS_DEBUG) console.log(JSON.stringify(draft.body.errors));
            counts.refusedByApi++;
            return;
          }
          assert.equal(draft.status, 201, JSON.stringify(draft.body));
          const invoice = (await api.call('getInvoice', { params: { invoiceId: draft.body.id } })).body;
          // Problem 18 names exactly the fields whose text an invoice cannot carry, and the send changes nothing.
          const texts: [string, string][] = [
            ['recipient.name', customer.name],
            ['recipient.address.streetName', customer.address.streetName],
            ['recipient.address.city', customer.address.city],
            ...(invoice.reference ? [['reference', invoice.reference] as [string, string]] : []),
            ...invoice.rows.map((r: { description: string }, i: number): [string, string] => [
              `rows[${i}].description`,
              r.description,
            ]),
            ...(invoice.expenses[0]?.mileage
              ? [
                  ['expenses[0].mileage.from', invoice.expenses[0].mileage.from] as [string, string],
                  ['expenses[0].mileage.to', invoice.expenses[0].mileage.to] as [string, string],
                ]
              : []),
          ];
          const unsendable = texts
            .filter(([, text]) => invalidInvoiceCharacters(text).length > 0)
            .map(([field]) => field);
          const problems = (await api.call('getInvoiceProblems', { params: { invoiceId: invoice.id } })).body
            .problems as {
            code: string;
            field: string;
          }[];
          assert.deepEqual(
            problems
              .filter((p) => p.code === 'invalid_characters')
              .map((p) => p.field)
              .sort(),
            unsendable.sort(),
          );
          const sent = await api.call('sendInvoice', { params: { invoiceId: invoice.id } });
          if (unsendable.length > 0) {
            counts.refused18++;
            assert.equal(sent.status, 422);
            assert.equal(
              (await api.call('getInvoice', { params: { invoiceId: invoice.id } })).body.statusName,
              'drafted',
            );
            return;
          }
          assert.equal(sent.status, 200, JSON.stringify(sent.body));
          await t.drainJobs();
          counts.sent++;
          const kinds: ('invoice' | 'credit_note')[] = ['invoice'];
          if (c.credit) {
            assert.equal((await api.call('creditInvoice', { params: { invoiceId: invoice.id } })).status, 200);
            await t.drainJobs();
            kinds.push('credit_note');
            counts.credited++;
          }
          const after = (await api.call('getInvoice', { params: { invoiceId: invoice.id } })).body;
          for (const kind of kinds) {
            const xml = (await download(invoice.id, kind, 'e-invoice')) as string;
            xmls.push(xml);
            const root = parseXml(xml, PREFIXES);
            const endpoint = selectPath(root, 'cac:AccountingCustomerParty/cac:Party/cbc:EndpointID')[0];
            assert.deepEqual(
              checkEInvoice(xml).map((f) => f.rule),
              !endpoint ? ['PEPPOL-EN16931-R010'] : endpoint.attrs.schemeID === 'EM' ? ['PEPPOL-EN16931-CL008'] : [],
            );
            const party = 'cac:AccountingCustomerParty/cac:Party';
            assert.equal(selectPath(root, `${party}/cac:PartyName/cbc:Name`)[0]?.text, customer.name);
            assert.equal(
              selectPath(root, `${party}/cac:PostalAddress/cbc:StreetName`)[0]?.text,
              customer.address.streetName,
            );
            assert.equal(selectPath(root, `${party}/cac:PostalAddress/cbc:CityName`)[0]?.text, customer.address.city);
            assert.equal(selectPath(root, 'cbc:BuyerReference')[0]?.text, after.reference ?? valueAt(root, 'cbc:ID'));
            const names = selectPath(
              root,
              `${kind === 'invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine'}/cac:Item/cbc:Name`,
            ).map((n) => n.text);
            assert.deepEqual(
              names.slice(0, after.rows.length),
              after.rows.map((r: { description: string }) => r.description),
            );
            const amount = (minor: number) => formatMinor(minor, after.currency as DocumentCurrency);
            assert.equal(
              valueAt(root, 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount'),
              amount(after.totals.totalExclVat),
            );
            assert.equal(valueAt(root, 'cac:TaxTotal/cbc:TaxAmount'), amount(after.totals.totalVat));
            assert.equal(valueAt(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount'), amount(after.totals.totalInclVat));
            const pdf = (await extractPdfText((await download(invoice.id, kind, 'pdf')) as Uint8Array)).text;
            for (const text of [
              customer.name,
              customer.address.streetName,
              ...after.rows.map((r: { description: string }) => r.description),
            ]) {
              assert.ok(pdfShows(pdf, text), `the PDF shows ${JSON.stringify(text)}:\n${pdf}`);
            }
          }
        },
      ),
      { numRuns: Number(process.env.DOCS_API_RUNS ?? 20) },
    );
    assert.ok(counts.sent >= 5, JSON.stringify(counts));
  });

  it('every one of those documents is valid UBL 2.1', { skip: ublXsdSkip }, async () => {
    const results = await validateUblBatch(xmls);
    results.forEach((result, i) => assert.deepEqual(result.errors, [], xmls[i]));
  });

  it('rows not subject to Swedish VAT beside rows with it, to a customer outside the EU, are refused before sending', async () => {
    const created = await api.call('createCustomer', {
      body: {
        ...CUSTOMERS[4],
        name: 'Client Inc.',
        address: { ...CUSTOMERS[4].address, streetName: '1 Main Street', city: 'Springfield' },
      },
    });
    const row = { description: 'Design', unitPrice: 100_000, quantity: 1, unit: 'hour' };
    const draft = await api.call('createInvoice', {
      body: {
        recipientId: created.body.id,
        rows: [
          { ...row, vatPercentage: 0 },
          { ...row, vatPercentage: 25 },
        ],
      },
    });
    const problems = (await api.call('getInvoiceProblems', { params: { invoiceId: draft.body.id } })).body.problems;
    assert.ok(
      problems.some((p: { code: string; field: string }) => p.code === 'vat_outside_scope_mixed' && p.field === 'rows'),
      JSON.stringify(problems),
    );
    assert.equal((await api.call('sendInvoice', { params: { invoiceId: draft.body.id } })).status, 422);
  });

  it('a discount and entity-looking text reach a Peppol customer (were 422 e_invoice_rules and a broken document)', async () => {
    const created = await api.call('createCustomer', {
      body: {
        ...CUSTOMERS[0],
        name: 'R&amp;D &nbsp; AB',
        eInvoice: true,
        address: { ...CUSTOMERS[0].address, streetName: 'Gatan 1', city: 'Göteborg' },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await t.sql(`update customer set e_invoice_connected_at = now() where id = $1`, [created.body.id]);
    const draft = await api.call('createInvoice', {
      body: {
        recipientId: created.body.id,
        rows: [
          {
            description: 'Konsult&nbsp;arbete &x; &#0; &#1;',
            unitPrice: 95_000,
            quantity: 10,
            unit: 'hour',
            vatPercentage: 25,
          },
          { description: 'Rabatt', unitPrice: -100_000, quantity: 1, unit: 'pcs', vatPercentage: 25 },
        ],
      },
    });
    const sent = await api.call('sendInvoice', { params: { invoiceId: draft.body.id } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await t.services.jobs.send(RELEASE_QUEUE, {});
    await t.drainJobs();
    assert.equal((await api.call('getInvoice', { params: { invoiceId: draft.body.id } })).body.statusName, 'sent');
    const xml = (await download(draft.body.id, 'invoice', 'e-invoice')) as string;
    assert.deepEqual(checkEInvoice(xml), []);
    const root = parseXml(xml, PREFIXES);
    assert.equal(selectPath(root, 'cac:InvoiceLine/cac:Item/cbc:Name')[0]?.text, 'Konsult&nbsp;arbete &x; &#0; &#1;');
    assert.equal(
      selectPath(root, 'cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name')[0]?.text,
      'R&amp;D &nbsp; AB',
    );
    assert.equal(valueAt(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount'), '10625.00');
  });
});
