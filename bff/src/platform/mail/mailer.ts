// Email: SMTP through nodemailer when SMTP_URL is set, else the development mailbox. Sending goes
// through the job queue so a failed delivery is retried without blocking the request.
import nodemailer from 'nodemailer';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Orm } from '../db/orm.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { DevMail } from './dev-mail-entity.ts';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** base64, so a queued message stays plain JSON. */
  contentBase64: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the customer's answer goes (an invoice: the freelancer). */
  replyTo?: string;
  /** A fixed Message-ID: a message sent again after a crash is recognisably the same one. */
  messageId?: string;
  attachments?: EmailAttachment[];
}

export interface Mailer {
  /**
   * Queues the message for delivery with retries; inside `em`'s transaction when it has one, so a message is queued
   * exactly when what it announces is committed.
   */
  enqueue(message: EmailMessage, em?: EntityManager): Promise<void>;
  /** Delivers at once (used by the queue's worker). */
  deliver(message: EmailMessage): Promise<void>;
  /** True when messages land in the development mailbox instead of SMTP. */
  readonly usesDevMailbox: boolean;
  /** Closes the mail server connections kept open (after the job workers have stopped). */
  close(): void;
}

/**
 * How many connections to the mail server one process keeps open and sends through, one message at a time each (the
 * delivery queue works four at once). Each is used for up to 100 messages, then opened anew.
 */
export const SMTP_CONNECTIONS = 4;

export const EMAIL_QUEUE = 'send-email';

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])];
}

export function createMailer(config: Config, orm: Orm, jobs: Jobs, log: Logger): Mailer {
  // Pooled: a message goes on an open connection (MAIL, RCPT, DATA) instead of one of its own (connect, greeting,
  // EHLO, TLS, AUTH, the same three, QUIT): fewer round trips to the mail server, and no TLS handshake per message.
  // `pool=false` in SMTP_URL turns it off (the URL's own options win).
  const transport = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS })
    : undefined;
  if (!transport && config.env === 'production') throw new Error('SMTP_URL is required in production');
  const mailer: Mailer = {
    usesDevMailbox: !transport,
    close() {
      transport?.close();
    },
    async enqueue(message, em) {
      await jobs.send(EMAIL_QUEUE, message, em ? { em } : {});
    },
    async deliver(message) {
      const { attachments, replyTo, messageId, ...content } = message;
      if (transport) {
        await transport.sendMail({
          from: config.mailFrom,
          ...content,
          ...(replyTo ? { replyTo } : {}),
          ...(messageId ? { messageId } : {}),
          ...(attachments
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: Buffer.from(a.contentBase64, 'base64'),
                })),
              }
            : {}),
        });
        log.info({ to: message.to, subject: message.subject }, 'email sent');
        return;
      }
      const links = extractLinks(message.text);
      const em = orm.em.fork() as EntityManager;
      // The development mailbox keeps the text; attachments are named in the log only.
      em.create(DevMail, { ...content, links, createdAt: new Date() });
      if (attachments?.length) log.info({ attachments: attachments.map((a) => a.filename) }, 'attachments not kept');
      await em.flush();
      log.info(
        { to: message.to, subject: message.subject, links },
        'email caught by the development mailbox (GET /api/dev/mailbox)',
      );
    },
  };
  jobs.define<EmailMessage>({
    name: EMAIL_QUEUE,
    retryLimit: 5,
    retryDelaySeconds: 5,
    handle: (message) => mailer.deliver(message),
  });
  return mailer;
}
