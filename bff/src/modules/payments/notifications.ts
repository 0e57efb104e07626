// Tells each freelancer of a payout batch that the salary is on its way: a job per batch, queued with the batch, which
// queues one email per payout in small transactions, each marking its payouts told, so a crash repeats no email.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../platform/db/sql.ts';
import type { PaymentEmails } from './emails.ts';

const CHUNK = 200;

export async function notifyBatch(em: EntityManager, emails: PaymentEmails, batchId: string): Promise<number> {
  let told = 0;
  for (;;) {
    const done = await em.fork().transactional(async (tx) => {
      const payouts = await sqlRows<{
        id: string;
        amount: string;
        account_masked: string | null;
        execution_date: string;
        gross_amount: string | null;
        email: string;
        first_name: string | null;
        preferred_locale: string | null;
      }>(
        tx,
        `select p."id", p."amount", p."account_masked", to_char(p."execution_date", 'YYYY-MM-DD') as "execution_date",
           p."gross_amount", u."email", u."first_name", u."preferred_locale"
         from "payout" p join "app_user" u on u."id" = p."owner_id"
         where p."batch_id" = ? and p."notified_at" is null
         order by p."id" limit ? for update of p skip locked`,
        [batchId, CHUNK],
      );
      for (const payout of payouts) {
        await emails.payoutLeaving(
          tx,
          { email: payout.email, firstName: payout.first_name, preferredLocale: payout.preferred_locale },
          {
            amount: Number(payout.amount),
            account: payout.account_masked ?? '',
            executionDate: payout.execution_date,
            vacationPayGross: payout.gross_amount === null ? null : Number(payout.gross_amount),
          },
        );
      }
      if (payouts.length) {
        await sqlRows(tx, `update "payout" set "notified_at" = now() where "id" in (?)`, [payouts.map((p) => p.id)]);
      }
      return payouts.length;
    });
    told += done;
    if (done < CHUNK) return told;
  }
}
