// A message caught by the development mailbox (only written when no SMTP_URL is configured outside production).
import { defineEntity, p } from '@mikro-orm/core';

export const DevMail = defineEntity({
  name: 'DevMail',
  tableName: 'dev_mail',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    to: p.string().length(320),
    subject: p.string().length(300),
    text: p.text(),
    html: p.text(),
    links: p.json<string[]>(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
