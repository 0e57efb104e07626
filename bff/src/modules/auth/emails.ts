// The auth module's emails, in the recipient's language, HTML and plain text, queued for delivery.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../platform/http/context.ts';
import { isLocale, type Locale, type Translations } from '../../platform/i18n/translations.ts';
import { renderEmail } from '../../platform/mail/layout.ts';
import { inlineUserText } from '../../platform/mail/user-text.ts';

export const CONFIRMATION_TTL_HOURS = 72;
export const RESET_TTL_MINUTES = 60;
export const EMAIL_CHANGE_TTL_HOURS = 24;

export interface Recipient {
  email: string;
  firstName?: string | null;
  preferredLocale?: string | null;
}

type Template =
  | 'confirmEmail'
  | 'accountExists'
  | 'resetPassword'
  | 'passwordChanged'
  | 'emailChange'
  | 'emailChangeRequested'
  | 'emailChangeTaken'
  | 'emailChanged';

interface Parts {
  /** Keys of the template's paragraphs after the greeting, in order. */
  paragraphs: string[];
  action?: { key: string; url: string };
  values?: Record<string, string | number>;
}

export class AuthEmails {
  readonly #services: AppServices;
  readonly #translations: Translations;
  constructor(services: AppServices, translations: Translations) {
    this.#services = services;
    this.#translations = translations;
  }

  #link(path: string): string {
    return `${this.#services.config.publicUrl}${path}`;
  }

  async #send(to: Recipient, template: Template, parts: Parts, em?: EntityManager): Promise<void> {
    const locale: Locale = isLocale(to.preferredLocale) ? to.preferredLocale : 'sv';
    const brand = this.#services.config.brandName;
    const values = { brand, ...parts.values };
    const t = (key: string, extra: Record<string, string | number> = {}) =>
      this.#translations.t(locale, 'email', key, { ...values, ...extra });
    // The name was typed at sign-up, possibly by someone else than the owner of this address: short and link-free.
    const name = to.firstName ? inlineUserText(to.firstName, 40) : '';
    const paragraphs = [name ? await t('common.greeting', { name }) : await t('common.greetingNoName')];
    for (const key of parts.paragraphs) paragraphs.push(await t(key.includes('.') ? key : `${template}.${key}`));
    const { html, text } = renderEmail(
      {
        brandName: brand,
        heading: await t(`${template}.heading`),
        paragraphs,
        ...(parts.action
          ? { action: { label: await t(`${template}.${parts.action.key}`), url: parts.action.url } }
          : {}),
        footer: await t('common.footer'),
      },
      locale,
    );
    await this.#services.mailer.enqueue({ to: to.email, subject: await t(`${template}.subject`), text, html }, em);
  }

  /** `em`: the transaction that creates the account, when there is one (the email is queued in it). */
  confirmEmail(to: Recipient, tokenId: string, token: string, em?: EntityManager): Promise<void> {
    return this.#send(
      to,
      'confirmEmail',
      {
        paragraphs: ['body', 'expiry', 'common.notYou'],
        action: { key: 'action', url: this.#link(`/confirm/${tokenId}/${token}`) },
        values: { hours: CONFIRMATION_TTL_HOURS },
      },
      em,
    );
  }

  accountExists(to: Recipient): Promise<void> {
    return this.#send(to, 'accountExists', {
      paragraphs: ['body', 'common.notYou'],
      action: { key: 'action', url: this.#link('/forgotten-password') },
    });
  }

  resetPassword(to: Recipient, token: string): Promise<void> {
    return this.#send(to, 'resetPassword', {
      paragraphs: ['body', 'expiry', 'common.notYou'],
      action: { key: 'action', url: this.#link(`/reset-password/${token}`) },
      values: { minutes: RESET_TTL_MINUTES },
    });
  }

  passwordChanged(to: Recipient): Promise<void> {
    return this.#send(to, 'passwordChanged', { paragraphs: ['body', 'warning'] });
  }

  /** To the new address: the link that confirms it. */
  emailChange(to: Recipient, newEmail: string, token: string): Promise<void> {
    return this.#send({ ...to, email: newEmail }, 'emailChange', {
      paragraphs: ['body', 'expiry', 'common.notYou'],
      action: { key: 'action', url: this.#link(`/email-change-confirm?token=${encodeURIComponent(token)}`) },
      values: { email: newEmail, hours: EMAIL_CHANGE_TTL_HOURS },
    });
  }

  /** To the current address: a change was asked for, and the link that stops it (its only link). */
  emailChangeRequested(to: Recipient, newEmail: string, cancelToken: string): Promise<void> {
    return this.#send(to, 'emailChangeRequested', {
      paragraphs: ['body', 'stop'],
      action: { key: 'action', url: this.#link(`/email-change-cancel?token=${encodeURIComponent(cancelToken)}`) },
      values: { email: newEmail, hours: EMAIL_CHANGE_TTL_HOURS },
    });
  }

  /** To an address that already has an account, instead of a confirmation link. */
  emailChangeTaken(to: Recipient): Promise<void> {
    return this.#send(to, 'emailChangeTaken', { paragraphs: ['body', 'common.notYou'] });
  }

  /** To the previous address, once the change is confirmed. */
  emailChanged(to: Recipient, newEmail: string): Promise<void> {
    return this.#send(to, 'emailChanged', { paragraphs: ['body', 'warning'], values: { email: newEmail } });
  }
}
