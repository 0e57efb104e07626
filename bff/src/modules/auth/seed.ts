// Demo accounts for development and the demo: created once, never in production.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../platform/http/context.ts';
import { User, UserAddress } from './entities.ts';
import { hashPassword } from './passwords.ts';

interface SeedAccount {
  email: string;
  password: string;
  role: string;
  user: Partial<User>;
  address?: { streetName: string; postalCode: string; city: string; country: string };
}

const ACCOUNTS: SeedAccount[] = [
  {
    email: 'demo@example.com',
    password: 'demo-password',
    role: 'freelancer',
    user: {
      firstName: 'Demo',
      lastName: 'Frilansare',
      legacy: true,
      phoneNumber: '+46701234567',
      // A Skatteverket test personal identity number (no real person has it).
      governmentId: '198112189876',
      pensionRate: '4.50',
      // Saves the vacation pay of each salary (issue 25): the salaries screen shows a balance to take out.
      saveVacationPay: true,
    },
    address: { streetName: 'Drottninggatan 1', postalCode: '111 51', city: 'Stockholm', country: 'SE' },
  },
  {
    email: 'admin@example.com',
    password: 'admin-password',
    role: 'admin',
    user: { firstName: 'Admin', lastName: 'Frilo', isAdmin: true },
  },
];

/** Creates the demo accounts that do not exist yet; returns the lines the server prints. */
export async function seedAccounts(services: AppServices): Promise<string[]> {
  if (services.config.env === 'production') return [];
  const em = services.orm.em.fork() as EntityManager;
  for (const account of ACCOUNTS) {
    const exists = await em.count(User, { email: account.email });
    if (exists) continue;
    const now = new Date();
    const user = em.create(User, {
      ...account.user,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      preferredLocale: 'sv',
      emailConfirmedAt: now,
      termsAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    if (account.address) {
      em.create(UserAddress, { ...account.address, userId: user.id, createdAt: now, updatedAt: now });
      await em.flush();
    }
    services.log.info({ email: account.email }, 'seeded a demo account');
  }
  return ACCOUNTS.map((a) => `${a.email} / ${a.password} (${a.role})`);
}
