// Steps the payments tests share: an admin, freelancers ready to be paid, invoices sent for real (the sending
// module's API and its delivery job), and BgMax files written from the public layout.
import assert from 'node:assert/strict';
import type { EntityManager } from '@mikro-orm/postgresql';
import { writeBgMax, type BgMaxPaymentInput } from '../../domain/bgmax-writer.ts';
import type { ApiClient, TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser, type TestUser } from '../../../test/fixtures.ts';
import { createBankingService } from '../banking/public.ts';

export const todayInSweden = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

export async function adminClient(t: TestApp): Promise<TestUser> {
  const user = await signUpConfirmedUser(t, { firstName: 'Ada', lastName: 'Admin' });
  await t.sql(`update app_user set is_admin = true where id = $1`, [user.userId]);
  return user;
}

export interface FreelancerOptions {
  bankDetails?: boolean;
  locale?: 'sv' | 'en';
  /** Personal identity number; null for none. Default a Skatteverket test number (born 1981). */
  governmentId?: string | null;
  incomeTaxRate?: number;
  pensionRate?: number;
  payoutPreference?: 'payout_monthly' | 'payout_immediate';
  /** "Spara semesterersättning". Default false. */
  saveVacationPay?: boolean;
}

/** A confirmed freelancer with a personal identity number and (unless told) bank details. */
export async function freelancer(t: TestApp, options: FreelancerOptions = {}): Promise<TestUser> {
  const user = await signUpConfirmedUser(t, { firstName: 'Frida', lastName: 'Frilans' });
  await t.sql(
    `update app_user set government_id = $2, income_tax_rate = $3, pension_rate = $4, payout_preference = $5,
       preferred_locale = $6, save_vacation_pay = $7 where id = $1`,
    [
      user.userId,
      options.governmentId === undefined ? '198112189876' : options.governmentId,
      options.incomeTaxRate ?? 30,
      options.pensionRate ?? 0,
      options.payoutPreference ?? 'payout_monthly',
      options.locale ?? 'sv',
      options.saveVacationPay ?? false,
    ],
  );
  if (options.bankDetails !== false) {
    await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, user.userId, {
      kind: 'domestic',
      clearingNumber: '83279',
      accountNumber: '1234567897',
      bankName: 'Swedbank',
    });
  }
  return user;
}

export interface SentInvoice {
  id: string;
  number: number;
  ocr: string;
  totalInclVat: number;
  totalExclVat: number;
  currency: string;
}

/** A customer and an invoice sent through the sending module and delivered (status 3). */
export async function sentInvoice(
  t: TestApp,
  api: ApiClient,
  invoice: Record<string, unknown> = {},
  customerId?: string,
): Promise<SentInvoice> {
  let recipientId = customerId;
  if (!recipientId) {
    const customer = await api.call('createCustomer', { body: CUSTOMER });
    assert.equal(customer.status, 201, JSON.stringify(customer.body));
    recipientId = customer.body.id as string;
  }
  const draft = await api.call('createInvoice', {
    body: {
      recipientId,
      rows: [{ description: 'Konsultarvode', unitPrice: 100_000, quantity: 10, unit: 'hour', vatPercentage: 25 }],
      ...invoice,
    },
  });
  assert.equal(draft.status, 201, JSON.stringify(draft.body));
  const sent = await api.call('sendInvoice', { params: { invoiceId: draft.body.id } });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  await t.drainJobs();
  const got = await api.call('getInvoice', { params: { invoiceId: draft.body.id } });
  assert.equal(got.body.statusName, 'sent', JSON.stringify(got.body));
  return {
    id: got.body.id,
    number: got.body.number,
    ocr: got.body.ocrNumber,
    totalInclVat: got.body.totals.totalInclVat,
    totalExclVat: got.body.totals.totalExclVat,
    currency: got.body.currency,
  };
}

/** The customer the invoices go to (a real company's public details). */
const CUSTOMER = {
  type: 'organization',
  name: 'Volvo Personvagnar AB',
  governmentId: '5560360793',
  vatNumber: 'SE556036079301',
  contactPersonEmail: 'anna.berg@volvo.se',
  email: 'invoices@volvo.se',
  invoiceLanguage: 'sv',
  address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '40531', city: 'Göteborg', country: 'SE' },
} as const;

let serial = 0;
let stamp = 0;
/** A BgMax file of one deposit today with these payments; fresh serial numbers and time stamp unless given. */
export function bgMaxFile(
  payments: (Omit<BgMaxPaymentInput, 'serialNumber'> & { serialNumber?: string })[],
  options: { timestamp?: string; depositSerial?: string; paymentDate?: string } = {},
): { bytes: Buffer; serials: string[] } {
  const withSerials = payments.map((p) => ({
    ...p,
    serialNumber: p.serialNumber ?? `${process.pid % 1000}`.padStart(3, '0') + String(++serial).padStart(9, '0'),
  }));
  stamp += 1;
  const bytes = writeBgMax({
    timestamp: options.timestamp ?? `${todayInSweden().replaceAll('-', '')}${String(stamp).padStart(12, '0')}`,
    receivingBankgiro: '50501238',
    deposits: [
      {
        paymentDate: options.paymentDate ?? todayInSweden(),
        serialNumber: options.depositSerial ?? '00001',
        payments: withSerials,
      },
    ],
  });
  return { bytes, serials: withSerials.map((p) => p.serialNumber) };
}

/** Uploads a file as the admin. */
export function importFile(admin: ApiClient, bytes: Uint8Array, fileName = 'inbetalningar.bgmax') {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), fileName);
  return admin.call('importBgMax', { form });
}

export function uploadStatusReport(admin: ApiClient, xml: string) {
  const form = new FormData();
  form.set('file', new Blob([xml], { type: 'application/xml' }), 'pain002.xml');
  return admin.call('importPaymentStatusReport', { form });
}

/** A pain.002.001.03 status report on a payout file: `[endToEndId, status, reason?]` per transaction. */
export function statusReportXml(
  messageId: string,
  originalMessageId: string,
  transactions: [string, string, string?][],
): string {
  const tx = transactions
    .map(
      ([endToEndId, status, reason]) =>
        `<TxInfAndSts><OrgnlEndToEndId>${endToEndId}</OrgnlEndToEndId><TxSts>${status}</TxSts>${
          reason ? `<StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn><AddtlInf>Kontot är avslutat</AddtlInf></StsRsnInf>` : ''
        }</TxInfAndSts>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
<GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2026-11-24T07:15:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>${originalMessageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
<OrgnlPmtInfAndSts><OrgnlPmtInfId>${originalMessageId}-X</OrgnlPmtInfId><PmtInfSts>PART</PmtInfSts>${tx}</OrgnlPmtInfAndSts>
</CstmrPmtStsRpt></Document>`;
}
