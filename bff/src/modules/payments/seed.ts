// Demo data (outside production): two invoices of the demo freelancer sent for real, then a BgMax file as Bankgirot
// would send it (one invoice paid in full, one in part, and a payment nobody can match, for the admin), a payout of
// the salary they gave, and that bank day's payout file. Everything goes through the services, once.
import type { EntityManager } from '@mikro-orm/postgresql';
import { writeBgMax } from '../../domain/bgmax-writer.ts';
import type { AppServices } from '../../platform/http/context.ts';
import { sqlRow } from '../../platform/db/sql.ts';
import { User } from '../auth/entities.ts';
import { Customer } from '../customers/entities.ts';
import { Invoice } from '../invoices/entities.ts';
import type { InvoicesModule } from '../invoices/routes.ts';
import type { PaymentsModule } from './module.ts';

/** The demo file's identity: the same on every start, so it is imported once. */
const DEMO_TIMESTAMP = '20260101000000000001';
const DEMO_IDENTITY = `bgmax:${DEMO_TIMESTAMP}:00001`;

export interface DemoSending {
  invoices: InvoicesModule;
  /** Sends the owner's invoice and delivers it at once (the demo cannot wait for the queue). */
  sendNow: (em: EntityManager, ownerId: string, invoiceId: string) => Promise<void>;
}

export async function seedPayments(
  services: AppServices,
  module: PaymentsModule,
  sending: DemoSending,
): Promise<string[]> {
  if (services.config.env === 'production') return [];
  const em = services.orm.em.fork() as EntityManager;
  if (await sqlRow(em, `select 1 from "bgmax_import" where "identity_key" = ?`, [DEMO_IDENTITY])) return [];
  const [demo, admin] = await Promise.all([
    em.findOne(User, { email: 'demo@example.com' }),
    em.findOne(User, { email: 'admin@example.com' }),
  ]);
  const customer =
    demo && (await em.findOne(Customer, { ownerId: demo.id, name: 'Volvo Personvagnar AB', deletedAt: null }));
  if (!demo || !admin || !customer) return [];

  const actor = { userId: demo.id, actorUserId: demo.id, impersonating: false };
  const invoiceIds: string[] = [];
  for (const [description, hours] of [
    ['Apputveckling, oktober', 40],
    ['Apputveckling, november', 24],
  ] as const) {
    const details = await sending.invoices.invoices.create(em, actor, {
      recipientId: customer.id,
      reference: 'Ramavtal 2026',
      rows: [{ description, unitPrice: 95_000, quantity: hours, unit: 'hour', vatPercentage: 25 }],
    });
    await sending.sendNow(em, demo.id, details.invoice.id);
    invoiceIds.push(details.invoice.id);
  }
  const [paid, partly] = await Promise.all(invoiceIds.map((id) => em.fork().findOneOrFail(Invoice, { id })));
  if (paid?.state !== 'sent' || partly?.state !== 'sent' || !paid.ocrNumber || !partly.ocrNumber) {
    services.log.warn('demo payments skipped: the demo invoices were not sent');
    return [];
  }
  const today = module.payouts.today();
  const file = writeBgMax({
    timestamp: DEMO_TIMESTAMP,
    receivingBankgiro: services.config.seller.bankgiro,
    deposits: [
      {
        paymentDate: today,
        serialNumber: '00001',
        payments: [
          {
            reference: paid.ocrNumber,
            amountMinor: paid.totalInclVat,
            serialNumber: '900000000001',
            payerName: 'Volvo Personvagnar AB',
            payerCity: 'Göteborg',
          },
          {
            reference: partly.ocrNumber,
            amountMinor: Math.round(partly.totalInclVat * 0.4),
            serialNumber: '900000000002',
            payerName: 'Volvo Personvagnar AB',
            payerCity: 'Göteborg',
          },
          {
            reference: '',
            amountMinor: 1_875_000,
            serialNumber: '900000000003',
            payerName: 'Okänd Betalare AB',
            informationText: ['Betalning enligt avtal'],
          },
        ],
      },
    ],
  });
  const by = { adminId: admin.id, actor: { type: 'admin' as const, userId: admin.id }, ip: null };
  await module.incoming.importBgMax(em, by, { fileName: 'demo-inbetalningar.bgmax', bytes: file });
  const freelancer = { userId: demo.id, actor: { type: 'user' as const, userId: demo.id }, ip: null };
  const { payout } = await module.payouts.request(em, freelancer, 'demo-payout-0000001');
  // The file of the payout's bank day, made now (the schedule would make it early that morning).
  await module.payouts.createBatch(em, payout.execution_date, by);
  services.log.info({ email: 'demo@example.com' }, 'seeded demo payments');
  return [];
}
