// Every module's MikroORM entities, in one list for the ORM (the composition root, not a barrel).
import type { EntitySchema } from '@mikro-orm/core';
import { DevMail } from './platform/mail/dev-mail-entity.ts';
import { authEntities } from './modules/auth/entities.ts';
import { customerEntities } from './modules/customers/entities.ts';
import { invoiceEntities } from './modules/invoices/entities.ts';
import { bankingEntities } from './modules/banking/entities.ts';
import { sendingEntities } from './modules/sending/entities.ts';
import { paymentEntities } from './modules/payments/entities.ts';

export const entities: EntitySchema[] = [
  DevMail,
  ...authEntities,
  ...customerEntities,
  ...invoiceEntities,
  ...bankingEntities,
  ...sendingEntities,
  ...paymentEntities,
];
