// The customers module's email: the verification link to a customer's contact, in the customer's invoice language.
import type { AppServices } from '../../platform/http/context.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import { renderEmail } from '../../platform/mail/layout.ts';
import { inlineUserText } from '../../platform/mail/user-text.ts';
import type { Customer } from './entities.ts';

/** The freelancer's and the customer's names are the only text of the freelancer's in this email: kept short. */
const NAME_LENGTH = 60;

export class CustomerEmails {
  readonly #services: AppServices;
  readonly #translations: Translations;
  constructor(services: AppServices, translations: Translations) {
    this.#services = services;
    this.#translations = translations;
  }

  /**
   * The public page's address: `{publicUrl}/recipients/{uuid}/verify/{nonce}` (docs/product/customers.md#verification), with `?hl=` so
   * the page speaks the email's language even when the link is dead and the API cannot say it.
   */
  verificationUrl(customerId: string, nonce: string, locale: string): string {
    return `${this.#services.config.publicUrl}/recipients/${customerId}/verify/${nonce}?hl=${locale}`;
  }

  /** The page where the recipient says "I did not ask for this": `{publicUrl}/recipients/{uuid}/stop/{nonce}`. */
  stopUrl(customerId: string, nonce: string, locale: string): string {
    return `${this.#services.config.publicUrl}/recipients/${customerId}/stop/${nonce}?hl=${locale}`;
  }

  async verification(customer: Customer, sender: string, nonce: string, days: number): Promise<void> {
    const locale = customer.invoiceLanguage;
    const brand = this.#services.config.brandName;
    const t = (key: string) =>
      this.#translations.t(locale, 'email', `customers.verification.${key}`, {
        brand,
        sender: inlineUserText(sender, NAME_LENGTH),
        customer: inlineUserText(customer.name, NAME_LENGTH),
        days,
      });
    const { html, text } = renderEmail(
      {
        brandName: brand,
        heading: await t('heading'),
        paragraphs: [
          await t('greeting'),
          await t('body'),
          await t('instructions'),
          await t('expiry'),
          await t('notYou'),
        ],
        action: { label: await t('action'), url: this.verificationUrl(customer.id, nonce, locale) },
        footer: await t('footer'),
        optOut: { label: await t('optOut'), url: this.stopUrl(customer.id, nonce, locale) },
      },
      locale,
    );
    await this.#services.mailer.enqueue({ to: customer.contactPersonEmail, subject: await t('subject'), text, html });
  }
}
