// The banking module's emails to the freelancer, in their language, queued in the transaction that changes the salary
// account: the account was registered (with the link that stops payouts to it), or changed (with the links that
// confirm it, releasing the payouts at once, or stop it). docs/product/payments.md#payout-holds.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../platform/http/context.ts';
import { isLocale, type Locale, type Translations } from '../../platform/i18n/translations.ts';
import { renderEmail } from '../../platform/mail/layout.ts';
import { inlineUserText } from '../../platform/mail/user-text.ts';

export interface EmailRecipient {
  email: string;
  firstName: string | null;
  preferredLocale: string | null;
}

/** Where the links land: screens of the web app that ask before they act (mail scanners open every link). */
export const CONFIRM_PATH = '/bank-account-change/confirm';
export const STOP_PATH = '/bank-account-change/stop';

/** A moment as people in Sweden read it: "27 november 2026 kl. 14:05", "27 November 2026 at 14:05". */
export function swedishTime(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Stockholm',
  }).format(at);
}

export class BankingEmails {
  readonly #services: AppServices;
  readonly #translations: Translations;

  constructor(services: AppServices, translations: Translations) {
    this.#services = services;
    this.#translations = translations;
  }

  #link(path: string, token: string): string {
    return `${this.#services.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  async #send(
    em: EntityManager,
    to: EmailRecipient,
    template: 'accountRegistered' | 'accountChanged',
    parts: {
      paragraphs: string[];
      values: (locale: Locale) => Record<string, string | number>;
      action: { key: string; url: string };
      secondary?: { textKey: string; key: string; url: string };
    },
  ): Promise<void> {
    const locale: Locale = isLocale(to.preferredLocale) ? to.preferredLocale : 'sv';
    const brand = this.#services.config.brandName;
    const name = to.firstName ? inlineUserText(to.firstName, 40) : '';
    const values = { brand, name, ...parts.values(locale) };
    const t = (key: string) => this.#translations.t(locale, 'email', key, values);
    const paragraphs = [name ? await t('common.greeting') : await t('common.greetingNoName')];
    for (const key of parts.paragraphs) paragraphs.push(await t(`banking.${template}.${key}`));
    const { html, text } = renderEmail(
      {
        brandName: brand,
        heading: await t(`banking.${template}.heading`),
        paragraphs,
        action: { label: await t(`banking.${template}.${parts.action.key}`), url: parts.action.url },
        ...(parts.secondary
          ? {
              secondaryAction: {
                text: await t(`banking.${template}.${parts.secondary.textKey}`),
                label: await t(`banking.${template}.${parts.secondary.key}`),
                url: parts.secondary.url,
              },
            }
          : {}),
        footer: await t('common.footer'),
      },
      locale,
    );
    await this.#services.mailer.enqueue(
      { to: to.email, subject: await t(`banking.${template}.subject`), text, html },
      em,
    );
  }

  /** A first account: what was registered and when, and the link that stops payouts to it. */
  accountRegistered(
    em: EntityManager,
    to: EmailRecipient,
    change: { account: string; changedAt: Date; stopToken: string; stopLinkDays: number },
  ): Promise<void> {
    return this.#send(em, to, 'accountRegistered', {
      paragraphs: ['body', 'stop'],
      values: (locale) => ({
        account: change.account,
        when: swedishTime(change.changedAt, locale),
        days: change.stopLinkDays,
      }),
      action: { key: 'stopAction', url: this.#link(STOP_PATH, change.stopToken) },
    });
  }

  /** A replaced account: from what to what, when, until when payouts wait, and the links that confirm or stop it. */
  accountChanged(
    em: EntityManager,
    to: EmailRecipient,
    change: {
      previous: string;
      account: string;
      changedAt: Date;
      holdUntil: Date;
      confirmToken: string;
      stopToken: string;
      stopLinkDays: number;
    },
  ): Promise<void> {
    return this.#send(em, to, 'accountChanged', {
      paragraphs: ['body', 'hold', 'confirm'],
      values: (locale) => ({
        previous: change.previous,
        account: change.account,
        when: swedishTime(change.changedAt, locale),
        until: swedishTime(change.holdUntil, locale),
        days: change.stopLinkDays,
      }),
      action: { key: 'confirmAction', url: this.#link(CONFIRM_PATH, change.confirmToken) },
      secondary: { textKey: 'stop', key: 'stopAction', url: this.#link(STOP_PATH, change.stopToken) },
    });
  }
}
