// The demo freelancer's sent invoices: three sent (the payments module's demo pays the first two, one in full and one in
// part), one credited with its credit invoice, and one waiting for its e-invoice customer's acceptance, made through the
// real send, delivery and credit, so the demo shows numbers, OCR references, PDFs, e-invoices and every state the list
// names; and three waiting for an admin's review (−1), sent through the real send with a review rule on, so the
// approval queue has work.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../platform/http/context.ts';
import { accountIdByEmail } from '../auth/public.ts';
import { liveCustomerIdByName } from '../customers/public.ts';
import type { InvoiceServices } from '../invoices/public.ts';
import type { DocumentDelivery } from './delivery.ts';
import { OutgoingDocument } from './entities.ts';
import { SendingService } from './service.ts';

const DEMO_EMAIL = 'demo@example.com';

/** What happens after the send: nothing more, a credit, or a wait. */
type DemoOutcome = 'sent' | 'credit' | 'waiting';

const DEMO_SENT: readonly {
  customer: string;
  description: string;
  hours: number;
  daysAgo: number;
  then: DemoOutcome;
}[] = [
  {
    customer: 'Volvo Personvagnar AB',
    description: 'Utveckling av kundportal, sprint 14',
    hours: 62,
    daysAgo: 12,
    then: 'sent',
  },
  {
    customer: 'Volvo Personvagnar AB',
    description: 'Workshop om tillgänglighet',
    hours: 7.5,
    daysAgo: 4,
    then: 'sent',
  },
  {
    customer: 'Volvo Personvagnar AB',
    description: 'Konsulttjänst, oktober (fel antal timmar)',
    hours: 40,
    daysAgo: 30,
    then: 'credit',
  },
  { customer: 'Volvo Personvagnar AB', description: 'Konsulttjänst, september', hours: 24, daysAgo: 45, then: 'sent' },
  { customer: 'Spotify AB', description: 'Granskning av betalflödet', hours: 16, daysAgo: 1, then: 'waiting' },
];

const DEMO_FOR_REVIEW = [
  { description: 'Arkitekturgranskning, betalflöden', hours: 120, daysAgo: 2 },
  { description: 'Designsystem, komponentbibliotek', hours: 96, daysAgo: 1 },
  { description: 'Prestandaanalys, mobilapp', hours: 80, daysAgo: 0 },
] as const;

const isoDaysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

export async function seedSentInvoices(
  services: AppServices,
  invoices: InvoiceServices,
  sending: SendingService,
  delivery: DocumentDelivery,
): Promise<string[]> {
  if (services.config.env === 'production') return [];
  const em = services.orm.em.fork() as EntityManager;
  const demoId = await accountIdByEmail(em, DEMO_EMAIL);
  if (!demoId || (await em.count(OutgoingDocument, { ownerId: demoId }))) return [];
  const actor = { userId: demoId, actorUserId: demoId, impersonating: false };
  const deliver = async (invoiceId: string, kind: 'invoice' | 'credit_note') => {
    const document = await sending.document(em.fork(), demoId, invoiceId, kind);
    // The queue's worker may have it already; the lease lets only one of us deliver it.
    await delivery.deliver(document.id);
    for (let i = 0; i < 100; i++) {
      const current = await em.fork().findOneOrFail(OutgoingDocument, { id: document.id });
      if (current.deliveryState !== 'pending') return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  // First (so the invoices sent below are the latest on the dashboard): the same send, with a rule that reviews every
  // invoice, whatever this installation's review settings are.
  const reviewing = new SendingService({
    invoices: invoices.invoices,
    jobs: services.jobs,
    seller: services.config.seller,
    settings: { ...sending.settings, reviewFirstInvoice: false, reviewAboveSek: 0 },
  });
  const reviewCustomerId = await liveCustomerIdByName(em, demoId, 'Volvo Personvagnar AB');
  for (const demo of reviewCustomerId ? DEMO_FOR_REVIEW : []) {
    const details = await invoices.invoices.create(em.fork(), actor, {
      recipientId: reviewCustomerId!,
      invoiceDate: isoDaysAgo(demo.daysAgo),
      reference: 'Anna Berg',
      rows: [
        { description: demo.description, unitPrice: 95_000, quantity: demo.hours, unit: 'hour', vatPercentage: 25 },
      ],
    });
    await reviewing.send(em.fork(), actor, details.invoice.id);
  }
  for (const demo of DEMO_SENT) {
    const customerId = await liveCustomerIdByName(em, demoId, demo.customer);
    if (!customerId) continue;
    const details = await invoices.invoices.create(em.fork(), actor, {
      recipientId: customerId,
      invoiceDate: isoDaysAgo(demo.daysAgo),
      reference: 'Anna Berg',
      rows: [
        { description: demo.description, unitPrice: 95_000, quantity: demo.hours, unit: 'hour', vatPercentage: 25 },
      ],
    });
    const id = details.invoice.id;
    await sending.send(em.fork(), actor, id);
    // Waiting: the customer has not accepted e-invoices, so nothing is numbered or delivered.
    if (demo.then === 'waiting') continue;
    await deliver(id, 'invoice');
    if (demo.then === 'credit') {
      await sending.credit(em.fork(), actor, id, { reason: 'Fel antal timmar; ny faktura skickas' });
      await deliver(id, 'credit_note');
    }
  }
  services.log.info(
    { email: DEMO_EMAIL, invoices: DEMO_SENT.length, waitingForReview: DEMO_FOR_REVIEW.length },
    'seeded sent, credited and waiting demo invoices',
  );
  return [];
}
