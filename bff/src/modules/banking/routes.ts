// The banking module's operations: HTTP around BankingService.
import type { AppContext } from '../../platform/http/context.ts';
import { actorOf, requireConfirmedSession } from '../../platform/http/guards.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import type { Actor, BankingService, MaskedAccount } from './service.ts';

function actor(ctx: AppContext): Actor {
  const session = requireConfirmedSession(ctx);
  return { userId: session.userId, actorUserId: actorOf(session), ip: ctx.ip || null };
}

const view = (account: MaskedAccount | null) => ({
  registered: account !== null,
  account: account && { ...account, updatedAt: account.updatedAt.toISOString() },
});

export function bankingHandlers(service: BankingService): ModuleHandlers<'banking'> {
  return {
    async getBankDetails({ ctx }) {
      return { status: 200, body: view(await service.masked(ctx.state.em, actor(ctx).userId)) };
    },

    async startBankRegistration({ body, ctx }) {
      const { registration, redirectUrl } = await service.start(ctx.state.em, actor(ctx), body?.locale ?? 'sv');
      return {
        status: 201,
        body: { registrationId: registration.id, redirectUrl, expiresAt: registration.expiresAt.toISOString() },
      };
    },

    async completeBankRegistration({ body, ctx }) {
      const { outcome, account } = await service.complete(ctx.state.em, actor(ctx), body.state);
      return { status: 200, body: { outcome, bankDetails: view(account) } };
    },
  };
}
