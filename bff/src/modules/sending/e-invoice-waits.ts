// An invoice waiting for its customer's e-invoice acceptance (problem 16) waits within a time frame
// (docs/product/sending.md#waiting-for-e-invoice-acceptance): after E_INVOICE_ACCEPTANCE_WAIT_BANK_DAYS bank days the
// freelancer is emailed once and offered to send it as a PDF by email instead (SendingService.sendByEmail), or to keep
// waiting. The notice is marked on the invoice in the transaction that queues its email, so it goes exactly once, also
// with several processes and a crash in between.
import type { EntityManager } from '@mikro-orm/postgresql';
import { swedishToday } from '../../domain/calendar-date.ts';
import { eInvoiceWait, type EInvoiceWait } from '../../domain/e-invoice-wait.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import type { AppServices } from '../../platform/http/context.ts';
import { formatMoney } from '../../platform/i18n/format.ts';
import { isLocale, type Locale, type Translations } from '../../platform/i18n/translations.ts';
import { renderEmail } from '../../platform/mail/layout.ts';
import { inlineUserText } from '../../platform/mail/user-text.ts';
import { emailRecipientOf } from '../auth/public.ts';

export const E_INVOICE_WAIT_QUEUE = 'e-invoice-wait-notices';

/** How many waiting invoices one run looks at (they are few: most customers accept within days). */
const BATCH = 200;

/** When the invoice began its current wait (its latest move into Waiting) and when its freelancer was told. */
export interface WaitStart {
  since: Date;
  notifiedAt: Date | null;
}

const SINCE = `(select max(e."created_at") from "invoice_event" e where e."invoice_id" = i."id" and e."to_state" = 'waiting')`;

export async function waitStart(em: EntityManager, invoiceId: string): Promise<WaitStart | null> {
  const row = await sqlRow<{ since: Date | null; notified_at: Date | null }>(
    em,
    `select ${SINCE} as "since", i."e_invoice_wait_notified_at" as "notified_at" from "invoice" i where i."id" = ?`,
    [invoiceId],
  );
  return row?.since
    ? { since: new Date(row.since), notifiedAt: row.notified_at ? new Date(row.notified_at) : null }
    : null;
}

/** The wait of an invoice that began to wait at `since`, seen at `now` (both as Swedish days). */
export function waitOf(since: Date, now: Date): EInvoiceWait {
  return eInvoiceWait(swedishToday(since), swedishToday(now));
}

interface Candidate {
  id: string;
  owner_id: string;
  since: Date;
  customer_name: string;
  customer_email: string | null;
  total_incl_vat: string;
  currency: string;
}

export class EInvoiceWaitNotices {
  readonly #services: AppServices;
  readonly #translations: Translations;
  readonly #now: () => Date;

  constructor(services: AppServices, translations: Translations, now: () => Date = () => new Date()) {
    this.#services = services;
    this.#translations = translations;
    this.#now = now;
  }

  /**
   * Emails the freelancer of every invoice that has waited for its customer's e-invoice acceptance past the limit and
   * has not been told yet; returns how many were told. Each is claimed with a conditional update (still waiting, not
   * told) in the transaction that queues its email: two runs at once, or a run after a crash, tell each once.
   */
  async notifyDue(em: EntityManager): Promise<number> {
    const now = this.#now();
    const candidates = await sqlRows<Candidate>(
      em,
      `select i."id", i."owner_id", ${SINCE} as "since", c."name" as "customer_name", c."email" as "customer_email",
         i."total_incl_vat", i."currency"
       from "invoice" i join "customer" c on c."id" = i."customer_id"
       where i."state" = 'waiting' and i."e_invoice_wait_notified_at" is null and 16 = any(i."send_problem_codes")
       order by i."id" limit ?`,
      [BATCH],
    );
    let told = 0;
    for (const candidate of candidates) {
      if (!candidate.since) continue;
      const wait = waitOf(new Date(candidate.since), now);
      if (!wait.limitReached) continue;
      const claimed = await em.fork().transactional(async (tx) => {
        const rows = await sqlRows<{ id: string }>(
          tx,
          `update "invoice" set "e_invoice_wait_notified_at" = ? where "id" = ? and "state" = 'waiting'
             and "e_invoice_wait_notified_at" is null returning "id"`,
          [now, candidate.id],
        );
        if (rows.length === 0) return false;
        await this.#email(tx, candidate, wait);
        return true;
      });
      if (claimed) told++;
    }
    return told;
  }

  async #email(tx: EntityManager, invoice: Candidate, wait: EInvoiceWait): Promise<void> {
    const to = await emailRecipientOf(tx, invoice.owner_id);
    const locale: Locale = isLocale(to.preferredLocale) ? to.preferredLocale : 'sv';
    const brand = this.#services.config.brandName;
    const values: Record<string, string> = {
      brand,
      name: to.firstName ? inlineUserText(to.firstName, 40) : '',
      customer: inlineUserText(invoice.customer_name, 60),
      amount: formatMoney(Number(invoice.total_incl_vat), invoice.currency, locale),
      days: await this.#translations.t(
        locale,
        'email',
        `eInvoiceWait.days_${wait.bankDaysWaited === 1 ? 'one' : 'other'}`,
        { count: wait.bankDaysWaited },
      ),
      // The freelancer's own customer's address, to the freelancer: shown as typed (nothing to defuse).
      email: invoice.customer_email ?? '',
    };
    const t = (key: string) => this.#translations.t(locale, 'email', key, values);
    const { html, text } = renderEmail(
      {
        brandName: brand,
        heading: await t('eInvoiceWait.heading'),
        paragraphs: [
          values.name ? await t('common.greeting') : await t('common.greetingNoName'),
          await t('eInvoiceWait.body'),
          await t('eInvoiceWait.unknown'),
          await t(invoice.customer_email ? 'eInvoiceWait.choice' : 'eInvoiceWait.choiceNoEmail'),
        ],
        action: {
          label: await t('eInvoiceWait.action'),
          url: `${this.#services.config.publicUrl}/dashboard/invoices/${invoice.id}`,
        },
        footer: await t('common.footer'),
      },
      locale,
    );
    await this.#services.mailer.enqueue({ to: to.email, subject: await t('eInvoiceWait.subject'), text, html }, tx);
  }
}
