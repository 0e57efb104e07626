// The development mailbox as tests read it: every module's emails land there (no SMTP configured).
import assert from 'node:assert/strict';
import type { TestApp } from './test-app.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Every message the dev mailbox caught for `to`, newest first, after queued jobs have run. */
export async function mailbox(t: TestApp, to: string): Promise<Mail[]> {
  await t.drainJobs();
  const res = await t.client().call('listDevMailbox', { query: { to } });
  assert.equal(res.status, 200);
  return res.body.messages;
}

/** The single link in a message that matches `pattern`. */
export function linkIn(mail: Mail | undefined, pattern: RegExp): string {
  assert.ok(mail, 'expected an email');
  const link = mail.links.find((l) => pattern.test(l));
  assert.ok(link, `no link matching ${pattern} in ${JSON.stringify(mail.links)}`);
  return link;
}
