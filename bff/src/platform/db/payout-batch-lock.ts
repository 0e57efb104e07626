// The advisory lock that orders payout files against what changes who is paid where: the payments module holds it
// exclusively while it makes a bank day's file, and shares it while a freelancer asks for a payout; the banking module
// shares it while a salary account is registered, changed, confirmed or stopped. So an account change and a file never
// interleave: a file pays every freelancer at the account and hold state it read, and a change waits for the file.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from './sql.ts';

/** The lock's key, as SQL. Always the first lock of its transaction (payments/payouts.ts lists the order). */
export const PAYOUT_BATCH_LOCK = `hashtextextended('frilo:payout-batch', 0)`;

/** Waits until no payout file is being made, and keeps one from starting until the transaction ends. */
export async function sharePayoutBatchLock(em: EntityManager): Promise<void> {
  await sqlRows(em, `select pg_advisory_xact_lock_shared(${PAYOUT_BATCH_LOCK})`);
}
