// Demo data (outside production): the demo freelancer's records from the old product, imported by the demo admin
// through the real import, so the demo shows what an import gives. Importing the same files again changes nothing,
// which makes this seed safe to run at every start.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../platform/http/context.ts';
import { accountIdByEmail } from '../auth/public.ts';
import type { LegacyRecords } from './service.ts';

const DEMO_EMAIL = 'demo@example.com';
const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** The old system's export as the format documents it (docs/product/legacy.md#the-import-format). */
export const DEMO_LEGACY_INVOICES = `email;number;recipient;paid;invoiceDate;dueDate;total;currency
demo@example.com;4100;Volvo Personvagnar AB;ja;2023-04-02;2023-05-02;20 654,14;SEK
demo@example.com;4107;Ericsson AB;ja;2023-06-01;2023-07-01;62 604,34;SEK
demo@example.com;4114;Kafé Linnea HB;ja;2023-07-09;2023-08-08;14 076,39;SEK
demo@example.com;4121;Sandvik Coromant AB;ja;2023-09-16;2023-10-16;15 896,20;SEK
demo@example.com;4128;Stadsmissionen;ja;2023-11-13;2023-12-13;56 887,80;SEK
demo@example.com;4135;Nordic Design Studio AB;ja;2023-12-21;2024-01-20;50 566,79;SEK
demo@example.com;4142;Beispiel GmbH;ja;2024-02-07;2024-03-08;1 696,58;EUR
demo@example.com;4149;Volvo Personvagnar AB;ja;2024-03-18;2024-04-17;44 376,83;SEK
demo@example.com;4156;Ericsson AB;ja;2024-05-18;2024-06-17;13 859,89;SEK
demo@example.com;4163;Ericsson AB;ja;2024-07-07;2024-08-06;-3 444,53;SEK
demo@example.com;4170;Sandvik Coromant AB;ja;2024-09-07;2024-10-07;12 958,54;SEK
demo@example.com;4177;Stadsmissionen;ja;2024-10-19;2024-11-18;26 726,64;SEK
demo@example.com;4184;Nordic Design Studio AB;nej;2024-11-26;2024-12-26;56 410,90;SEK
demo@example.com;4191;Beispiel GmbH;nej;2025-01-25;2025-02-24;1 759,99;EUR
`;

export const DEMO_LEGACY_PAYOUTS = `email;createdDate;transactionDate;socialFees;taxMoney;netSalary;pensionTax;pensionDeposition
demo@example.com;2023-04-20;2023-04-22;8569,13;7813,67;18231,89;297,74;1227,28
demo@example.com;2023-06-20;2023-06-22;12991,61;11846,26;27641,28;451,40;1860,67
demo@example.com;2023-08-20;2023-08-22;9472,22;8637,14;20153,33;329,12;1356,62
demo@example.com;2023-11-20;2023-11-22;7556,66;6890,47;16077,75;262,56;1082,27
demo@example.com;2024-03-20;2024-03-22;7207,92;6572,47;15335,76;250,44;1032,33
demo@example.com;2024-07-20;2024-07-22;9720,93;8863,93;20682,49;337,76;1392,24
demo@example.com;2024-11-20;2024-11-22;8037,30;7328,73;17100,37;279,26;1151,11
demo@example.com;2025-01-20;2025-01-22;13183,22;12020,98;28048,95;458,06;1888,11
demo@example.com;2025-05-20;2025-05-22;8131,46;7414,59;17300,70;282,53;1164,59
demo@example.com;2025-08-20;;6939,59;6327,79;14764,85;241,12;993,89
`;

export async function seedLegacyRecords(services: AppServices, records: LegacyRecords): Promise<string[]> {
  if (services.config.env === 'production') return [];
  const em = services.orm.em.fork() as EntityManager;
  const [demoId, adminId] = [await accountIdByEmail(em, DEMO_EMAIL), await accountIdByEmail(em, DEMO_ADMIN_EMAIL)];
  if (!demoId || !adminId) return [];
  const actor = { userId: adminId, ip: null };
  await records.import(em, actor, 'invoices', {
    fileName: 'demo-legacy-invoices.csv',
    data: Buffer.from(DEMO_LEGACY_INVOICES),
    truncated: false,
  });
  await records.import(em, actor, 'payouts', {
    fileName: 'demo-legacy-payouts.csv',
    data: Buffer.from(DEMO_LEGACY_PAYOUTS),
    truncated: false,
  });
  return [];
}
