// The payments module's emails to the freelancer, in their language, queued in the transaction of what they announce
// (an invoice paid, a payout leaving), so an email goes out exactly when that is committed.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../platform/http/context.ts';
import { isLocale, type Locale, type Translations } from '../../platform/i18n/translations.ts';
import { renderEmail } from '../../platform/mail/layout.ts';
import { inlineUserText } from '../../platform/mail/user-text.ts';
import { formatDay, formatMoney } from '../../platform/i18n/format.ts';

export interface EmailRecipient {
  email: string;
  firstName: string | null;
  preferredLocale: string | null;
}

export interface InvoicePaidEmail {
  customerName: string;
  invoiceNumber: number | null;
  currency: string;
  /** What went to the invoice, minor units of its currency. */
  amount: number;
  outstanding: number;
  paymentDate: string;
  salary: {
    netSalary: number;
    grossSalary: number;
    incomeTaxAmount: number;
    payout: number;
    savedVacationPayAmount: number;
  } | null;
  /** The bank day the salary is expected to leave; null without bank details. */
  payoutDate: string | null;
}

export interface PayoutEmail {
  amount: number;
  account: string;
  executionDate: string;
  /** A payout of saved vacation pay: its gross (`amount` is after tax); null for a salary. */
  vacationPayGross: number | null;
}

const NAME_LENGTH = 60;

export class PaymentEmails {
  readonly #services: AppServices;
  readonly #translations: Translations;

  constructor(services: AppServices, translations: Translations) {
    this.#services = services;
    this.#translations = translations;
  }

  async #send(
    em: EntityManager,
    to: EmailRecipient,
    template: 'invoicePaid' | 'payoutLeaving' | 'vacationPayLeaving',
    paragraphs: string[],
    valuesIn: (locale: Locale) => Record<string, string>,
  ): Promise<void> {
    const locale: Locale = isLocale(to.preferredLocale) ? to.preferredLocale : 'sv';
    const brand = this.#services.config.brandName;
    const values = { brand, ...valuesIn(locale) };
    const t = (key: string) => this.#translations.t(locale, 'email', key, values);
    const name = to.firstName ? inlineUserText(to.firstName, 40) : '';
    const body = [name ? await t('common.greeting') : await t('common.greetingNoName')];
    for (const key of paragraphs) body.push(await t(`payments.${template}.${key}`));
    const { html, text } = renderEmail(
      {
        brandName: brand,
        heading: await t(`payments.${template}.heading`),
        paragraphs: body,
        action: {
          label: await t(`payments.${template}.action`),
          url: `${this.#services.config.publicUrl}/dashboard/salaries/transactions`,
        },
        footer: await t('common.footer'),
      },
      locale,
    );
    await this.#services.mailer.enqueue(
      { to: to.email, subject: await t(`payments.${template}.subject`), text, html },
      em,
    );
  }

  invoicePaid(em: EntityManager, to: EmailRecipient, paid: InvoicePaidEmail): Promise<void> {
    const paragraphs = ['body', paid.outstanding > 0 ? 'partly' : 'wholly'];
    if (paid.salary) paragraphs.push('salary');
    if (paid.salary && paid.salary.savedVacationPayAmount > 0) paragraphs.push('vacationSaved');
    if (paid.salary) paragraphs.push(paid.payoutDate ? 'when' : 'noBankDetails');
    return this.#send(em, to, 'invoicePaid', paragraphs, (locale) => {
      const sek = (minor: number) => formatMoney(minor, 'SEK', locale);
      return {
        name: to.firstName ? inlineUserText(to.firstName, 40) : '',
        customer: inlineUserText(paid.customerName, NAME_LENGTH),
        number: paid.invoiceNumber === null ? '' : String(paid.invoiceNumber),
        amount: formatMoney(paid.amount, paid.currency, locale),
        outstanding: formatMoney(paid.outstanding, paid.currency, locale),
        date: formatDay(paid.paymentDate, locale),
        net: sek(paid.salary?.netSalary ?? 0),
        gross: sek(paid.salary?.grossSalary ?? 0),
        tax: sek(paid.salary?.incomeTaxAmount ?? 0),
        payout: sek(paid.salary?.payout ?? 0),
        vacationPay: sek(paid.salary?.savedVacationPayAmount ?? 0),
        payoutDate: paid.payoutDate ? formatDay(paid.payoutDate, locale) : '',
      };
    });
  }

  payoutLeaving(em: EntityManager, to: EmailRecipient, payout: PayoutEmail): Promise<void> {
    const vacationPay = payout.vacationPayGross !== null;
    return this.#send(
      em,
      to,
      vacationPay ? 'vacationPayLeaving' : 'payoutLeaving',
      vacationPay ? ['body', 'payslip'] : ['body', 'arrival', 'payslip'],
      (locale) => ({
        name: to.firstName ? inlineUserText(to.firstName, 40) : '',
        amount: formatMoney(payout.amount, 'SEK', locale),
        gross: formatMoney(payout.vacationPayGross ?? 0, 'SEK', locale),
        account: payout.account,
        date: formatDay(payout.executionDate, locale),
      }),
    );
  }
}
