// Demo data (outside production): the demo freelancer's two invoices that the sending module's demo sent are paid by a
// BgMax file as Bankgirot would send it (one in full, one in part, with a payment nobody can match, for the admin);
// the salary they gave is paid out, and that bank day's payout file is made; the demo saves its vacation pay, so the
// vacation pay of both salaries stays saved, to be taken out. Everything through the services, once.
import type { EntityManager } from '@mikro-orm/postgresql';
import { writeBgMax } from '../../domain/bgmax-writer.ts';
import type { AppServices } from '../../platform/http/context.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { accountIdByEmail } from '../auth/public.ts';
import type { PaymentServices } from './services.ts';

/** The demo file's identity: the same on every start, so it is imported once. */
const DEMO_TIMESTAMP = '20260101000000000001';
const DEMO_IDENTITY = `bgmax:${DEMO_TIMESTAMP}:00001`;

export async function seedPayments(services: AppServices, payments: PaymentServices): Promise<string[]> {
  if (services.config.env === 'production') return [];
  const em = services.orm.em.fork() as EntityManager;
  if (await sqlRow(em, `select 1 from "bgmax_import" where "identity_key" = ?`, [DEMO_IDENTITY])) return [];
  const [demoId, adminId] = await Promise.all([
    accountIdByEmail(em, 'demo@example.com'),
    accountIdByEmail(em, 'admin@example.com'),
  ]);
  if (!demoId || !adminId) return [];
  const sent = await sqlRows<{ ocr_number: string; total_incl_vat: string }>(
    em,
    `select "ocr_number", "total_incl_vat" from "invoice" where "owner_id" = ? and "state" = 'sent'
     and "ocr_number" is not null order by "number" limit 2`,
    [demoId],
  );
  const [paid, partly] = sent;
  if (!paid || !partly) {
    services.log.warn('demo payments skipped: the demo freelancer has no two sent invoices');
    return [];
  }
  const today = payments.payouts.today();
  const payer = { payerName: 'Volvo Personvagnar AB', payerCity: 'Göteborg' };
  const file = writeBgMax({
    timestamp: DEMO_TIMESTAMP,
    receivingBankgiro: services.config.seller.bankgiro,
    deposits: [
      {
        paymentDate: today,
        serialNumber: '00001',
        payments: [
          {
            reference: paid.ocr_number,
            amountMinor: Number(paid.total_incl_vat),
            serialNumber: '900000000001',
            ...payer,
          },
          {
            reference: partly.ocr_number,
            amountMinor: Math.round(Number(partly.total_incl_vat) * 0.4),
            serialNumber: '900000000002',
            ...payer,
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
  const by = { adminId, actor: { type: 'admin' as const, userId: adminId }, ip: null };
  await payments.incoming.importBgMax(em, by, { fileName: 'demo-inbetalningar.bgmax', bytes: file });
  const freelancer = { userId: demoId, actor: { type: 'user' as const, userId: demoId }, ip: null };
  const { payout } = await payments.payouts.request(em, freelancer, 'demo-payout-0000001');
  // The file of the payout's bank day, made now (the schedule would make it early that morning).
  await payments.payouts.createBatch(em, payout.execution_date, by);
  services.log.info({ email: 'demo@example.com' }, 'seeded demo payments');
  return [];
}
