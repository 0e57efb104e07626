// Demo data for the demo freelancer (outside production): customers, invoices in several states, exchange rates for
// recent days and a campaign code. Every invoice is made through the services and reaches its state through the
// status machine, so the demo shows exactly what real use would. The sending and payments modules add their states
// (sent, paid…) by adding entries to DEMO_INVOICES with the events that lead there.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoiceEvent } from '../../domain/invoice-status.ts';
import type { AppServices } from '../../platform/http/context.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import { accountIdByEmail } from '../auth/public.ts';
import { createCustomerService, liveCustomerIdByName, type CustomerCreateInput } from '../customers/public.ts';
import { tinyPdf, tinyPng } from './demo-files.ts';
import { Invoice } from './entities.ts';
import type { EventActor } from './repository.ts';
import { createInvoiceServices } from './public.ts';
import type { InvoiceActor, InvoiceCreateInput } from './service.ts';

export const DEMO_EMAIL = 'demo@example.com';
const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** Printed in the README and at start-up: half the platform fee. */
export const DEMO_CAMPAIGN_CODE = {
  code: 'FRILO50',
  effect: 'fee_discount',
  value: '50',
  validFrom: '2026-01-01',
  validTo: '2027-12-31',
  maxUses: 1000,
  description: 'Demo: half the platform fee',
} as const;

/** SEK per unit around late 2026, moved a little per day so the table looks like the Riksbank's. */
const DEMO_RATES: Record<string, number> = { EUR: 11.05, USD: 9.62, NOK: 0.935, DKK: 1.4812, GBP: 12.71 };
const DEMO_RATE_DAYS = 45;

const DEMO_CUSTOMERS: Record<'volvo' | 'beispiel' | 'person' | 'noEmail' | 'eInvoice', CustomerCreateInput> = {
  volvo: {
    type: 'organization',
    name: 'Volvo Personvagnar AB',
    governmentId: '5560360793',
    vatNumber: 'SE556036079301',
    contactPersonEmail: 'anna.berg@volvo.example',
    email: 'invoices@volvo.example',
    invoiceLanguage: 'sv',
    eInvoice: false,
    address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '40531', city: 'Göteborg', country: 'SE' },
  },
  beispiel: {
    type: 'organization',
    name: 'Beispiel GmbH',
    vatNumber: 'DE123456788',
    contactPersonEmail: 'kontakt@beispiel.example',
    email: 'rechnung@beispiel.example',
    invoiceLanguage: 'en',
    eInvoice: false,
    address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  },
  person: {
    type: 'individual',
    name: 'Sven Svensson',
    governmentId: '811218-9876',
    contactPersonEmail: 'sven@example.com',
    email: 'sven@example.com',
    invoiceLanguage: 'sv',
    eInvoice: false,
    address: { streetName: 'Storgatan 1', postalCode: '123 45', city: 'Stockholm', country: 'SE' },
  },
  noEmail: {
    type: 'organization',
    name: 'Ekström Bygg AB',
    governmentId: '5566778899',
    contactPersonEmail: 'lena@ekstrombygg.example',
    invoiceLanguage: 'sv',
    eInvoice: false,
    address: { streetName: 'Byggvägen 3', postalCode: '72211', city: 'Västerås', country: 'SE' },
  },
  // An e-invoice customer that has not accepted e-invoices yet: the sending demo's invoice to it waits (problem 16).
  eInvoice: {
    type: 'organization',
    name: 'Spotify AB',
    governmentId: '5567037485',
    vatNumber: 'SE556703748501',
    contactPersonEmail: 'ap@spotify.example',
    email: 'ap@spotify.example',
    invoiceLanguage: 'sv',
    eInvoice: true,
    address: { streetName: 'Regeringsgatan 19', postalCode: '11153', city: 'Stockholm', country: 'SE' },
  },
};

interface DemoInvoice {
  customer: keyof typeof DEMO_CUSTOMERS;
  invoice: Omit<InvoiceCreateInput, 'recipientId'>;
  /** Receipt files to upload and attach to the receipt expenses, in order. */
  receipts?: { fileName: string; data: () => Buffer }[];
  /** Events after creation, each through the status machine, with who does it. */
  events?: { event: InvoiceEvent; by: 'user' | 'admin' | 'system'; reason?: string }[];
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

const DEMO_INVOICES: DemoInvoice[] = [
  {
    customer: 'volvo',
    invoice: {
      reference: 'PO 4711',
      rows: [
        { description: 'Webbutveckling, sprint 12', unitPrice: 95000, quantity: 32.5, unit: 'hour', vatPercentage: 25 },
        { description: 'Workshop med produktteamet', unitPrice: 760000, quantity: 1, unit: 'day', vatPercentage: 25 },
      ],
    },
  },
  {
    customer: 'volvo',
    invoice: {
      reference: 'Projekt Norrsken',
      rows: [{ description: 'Konsultarvode oktober', unitPrice: 90000, quantity: 60, unit: 'hour', vatPercentage: 25 }],
      expenses: [
        { type: 'receipt', description: 'Tågbiljett Stockholm–Göteborg', amount: 45900, vatPercentage: 6 },
        { type: 'receipt', description: 'Hotell, en natt', amount: 139500, vatPercentage: 12 },
        {
          type: 'mileage',
          description: 'Kundbesök Torslanda',
          mileage: { date: '', from: 'Göteborg C', to: 'Torslanda', km: 38.4, purpose: 'Möte med kunden' },
        },
      ],
    },
    receipts: [
      { fileName: 'tagbiljett.pdf', data: () => tinyPdf('SJ 459,00 kr inkl. moms 6 %') },
      { fileName: 'hotell.png', data: () => tinyPng(24, 16) },
    ],
  },
  {
    customer: 'beispiel',
    invoice: {
      currency: 'EUR',
      paymentTermsDays: 20,
      reference: 'Bestellung 2026-118',
      rows: [
        { description: 'UX review of the checkout', unitPrice: 9500, quantity: 24, unit: 'hour', vatPercentage: 0 },
      ],
    },
  },
  {
    customer: 'person',
    invoice: {
      rows: [
        { description: 'Fotografering, bröllop', unitPrice: 1200000, quantity: 1, unit: 'lump_sum', vatPercentage: 25 },
      ],
    },
    events: [
      { event: { type: 'send', reviewRequired: true, preconditionsPending: false }, by: 'user' },
      { event: { type: 'request_changes' }, by: 'admin', reason: 'Please state the date of the wedding in the row.' },
    ],
  },
  {
    customer: 'noEmail',
    invoice: {
      reference: 'Offert 17',
      rows: [
        { description: 'Projektledning, ombyggnad', unitPrice: 85000, quantity: 12, unit: 'hour', vatPercentage: 25 },
      ],
    },
  },
];

async function seedReferenceData(em: EntityManager): Promise<void> {
  const conn = em.getConnection();
  await conn.execute(
    `insert into "campaign_code" ("code", "effect", "value", "valid_from", "valid_to", "max_uses", "description")
     values (?, ?, ?, ?, ?, ?, ?) on conflict ("code") do nothing`,
    [
      DEMO_CAMPAIGN_CODE.code,
      DEMO_CAMPAIGN_CODE.effect,
      DEMO_CAMPAIGN_CODE.value,
      DEMO_CAMPAIGN_CODE.validFrom,
      DEMO_CAMPAIGN_CODE.validTo,
      DEMO_CAMPAIGN_CODE.maxUses,
      DEMO_CAMPAIGN_CODE.description,
    ],
  );
  // One rate per weekday for the last weeks (the Riksbank publishes on bank days), kept if already there.
  for (const [currency, base] of Object.entries(DEMO_RATES)) {
    await conn.execute(
      `insert into "exchange_rate" ("currency", "date", "sek_per_unit", "source")
       select ?, d::date, round((? * (1 + 0.004 * sin(extract(doy from d)::float)))::numeric, 4), 'demo'
       from generate_series(current_date - ?::int, current_date, interval '1 day') d
       where extract(isodow from d) < 6
       on conflict ("currency", "date") do nothing`,
      [currency, base, DEMO_RATE_DAYS],
    );
  }
}

/** Creates the demo freelancer's customers and invoices once; returns the lines the server prints. */
export async function seedInvoices(services: AppServices, translations: Translations): Promise<string[]> {
  if (services.config.env === 'production') return [];
  const em = services.orm.em.fork() as EntityManager;
  await seedReferenceData(em);
  const line = `${DEMO_CAMPAIGN_CODE.code}: demo campaign code (half the platform fee)`;
  const demoId = await accountIdByEmail(em, DEMO_EMAIL);
  if (!demoId || (await em.count(Invoice, { ownerId: demoId }))) return [line];

  const actor: InvoiceActor = { userId: demoId, actorUserId: demoId, impersonating: false };
  const adminId = await accountIdByEmail(em, DEMO_ADMIN_EMAIL);
  const actorOf = (by: 'user' | 'admin' | 'system'): EventActor =>
    by === 'user'
      ? { type: 'user', userId: demoId }
      : by === 'admin' && adminId
        ? { type: 'admin', userId: adminId }
        : { type: 'system', userId: null };
  const customers = createCustomerService(services, translations);
  const module = createInvoiceServices(services, translations);
  const customerIds = {} as Record<keyof typeof DEMO_CUSTOMERS, string>;
  for (const [key, input] of Object.entries(DEMO_CUSTOMERS) as [keyof typeof DEMO_CUSTOMERS, CustomerCreateInput][]) {
    customerIds[key] =
      (await liveCustomerIdByName(em, demoId, input.name)) ??
      (await customers.create(em, { userId: demoId, actorUserId: demoId, ip: null }, input)).id;
  }
  for (const demoInvoice of DEMO_INVOICES) {
    const receiptIds: string[] = [];
    for (const receipt of demoInvoice.receipts ?? []) {
      const data = receipt.data();
      const stored = await module.receipts.upload(em, demoId, {
        fileName: receipt.fileName,
        declaredType: '',
        data,
        truncated: false,
        limit: data.length,
      });
      receiptIds.push(stored.id);
    }
    let receiptIndex = 0;
    const expenses = demoInvoice.invoice.expenses?.map((expense) =>
      expense.type === 'receipt'
        ? { ...expense, receiptId: receiptIds[receiptIndex++] ?? null }
        : { ...expense, mileage: { ...expense.mileage!, date: today() } },
    );
    const details = await module.invoices.create(em, actor, {
      ...demoInvoice.invoice,
      ...(expenses ? { expenses } : {}),
      recipientId: customerIds[demoInvoice.customer],
    });
    let state = details.invoice.state;
    for (const step of demoInvoice.events ?? []) {
      await em.transactional(async (tx) => {
        const result = await module.invoices.repository.transition(
          tx,
          { id: details.invoice.id, ownerId: demoId, state },
          step.event,
          actorOf(step.by),
          { reason: step.reason ?? null },
        );
        state = result.state;
      });
    }
  }
  services.log.info({ email: DEMO_EMAIL, invoices: DEMO_INVOICES.length }, 'seeded demo invoices');
  return [line];
}
