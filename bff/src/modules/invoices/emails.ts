// The invoices module's emails to the freelancer, in the freelancer's language, queued in the caller's transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../platform/http/context.ts';
import { isLocale, type Locale, type Translations } from '../../platform/i18n/translations.ts';
import { renderEmail } from '../../platform/mail/layout.ts';
import { inlineUserText } from '../../platform/mail/user-text.ts';
import { emailRecipientOf } from '../auth/public.ts';

export class InvoiceEmails {
  readonly #services: AppServices;
  readonly #translations: Translations;
  constructor(services: AppServices, translations: Translations) {
    this.#services = services;
    this.#translations = translations;
  }

  /** An admin's review sent the invoice back: the comment, line by line, and a link to edit the invoice. */
  async changesRequested(
    em: EntityManager,
    invoice: { id: string; ownerId: string; recipientName: string },
    comment: string,
  ): Promise<void> {
    const to = await emailRecipientOf(em, invoice.ownerId);
    const locale: Locale = isLocale(to.preferredLocale) ? to.preferredLocale : 'sv';
    const values = { brand: this.#services.config.brandName, customer: inlineUserText(invoice.recipientName, 60) };
    const t = (key: string) => this.#translations.t(locale, 'email', key, values);
    const name = to.firstName ? inlineUserText(to.firstName, 40) : '';
    const lines = comment
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    const { html, text } = renderEmail(
      {
        brandName: values.brand,
        heading: await t('invoiceChangesRequested.heading'),
        paragraphs: [
          name
            ? await this.#translations.t(locale, 'email', 'common.greeting', { name })
            : await t('common.greetingNoName'),
          await t('invoiceChangesRequested.body'),
          ...lines,
          await t('invoiceChangesRequested.next'),
        ],
        action: {
          label: await t('invoiceChangesRequested.action'),
          url: `${this.#services.config.publicUrl}/quotations/edit/${invoice.id}`,
        },
        footer: await t('common.footer'),
      },
      locale,
    );
    await this.#services.mailer.enqueue(
      { to: to.email, subject: await t('invoiceChangesRequested.subject'), text, html },
      em,
    );
  }
}
