// The mailer keeps its connections to the mail server open and sends through them (SMTP_CONNECTIONS at most), and
// close() lets them go. A real SMTP server on loopback.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Orm } from '../db/orm.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { createMailer, SMTP_CONNECTIONS } from './mailer.ts';

let inbox: SmtpInbox;
before(async () => {
  inbox = await startSmtpInbox();
});
after(() => inbox.close());

const until = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

test('messages go over the connections kept open, never more than SMTP_CONNECTIONS, and close() ends them', async () => {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), smtpUrl: inbox.url };
  // The mailer defines its queue on the jobs it is given; nothing is queued here (deliver sends at once), and the ORM
  // is only for the development mailbox, which a mailer with SMTP_URL never uses.
  const jobs = { define() {} } as unknown as Jobs;
  const mailer = createMailer(config, {} as Orm, jobs, createLogger('silent'));
  const message = (n: number) => ({
    to: `pool-${n}@example.com`,
    subject: `Message ${n}`,
    text: `Body ${n}`,
    html: `<p>Body ${n}</p>`,
  });

  for (let n = 0; n < 5; n++) await mailer.deliver(message(n));
  assert.equal(inbox.connections.opened, 1, 'one after the other: one connection');

  await Promise.all(Array.from({ length: 20 }, (_, n) => mailer.deliver(message(100 + n))));
  assert.ok(inbox.connections.opened <= SMTP_CONNECTIONS, `${inbox.connections.opened} connections opened`);
  for (let n = 0; n < 5; n++) assert.equal(inbox.to(`pool-${n}@example.com`).length, 1);
  for (let n = 100; n < 120; n++) assert.equal(inbox.to(`pool-${n}@example.com`).length, 1);

  assert.ok(inbox.connections.open > 0);
  mailer.close();
  await until(() => inbox.connections.open === 0);
  assert.equal(inbox.connections.open, 0, 'close() leaves no connection open');
});
