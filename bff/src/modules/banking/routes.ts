// The banking module's operations: HTTP around BankingService.
import type { AppContext } from '../../platform/http/context.ts';
import { actorOf, requireConfirmedSession } from '../../platform/http/guards.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import type { Actor, BankingService, MaskedAccount, PayoutHoldView } from './service.ts';
import { payoutHoldBody } from './views.ts';

function actor(ctx: AppContext): Actor {
  const session = requireConfirmedSession(ctx);
  return {
    userId: session.userId,
    actorUserId: actorOf(session),
    impersonating: session.impersonatorId !== null,
    ip: ctx.ip || null,
  };
}

const view = (account: MaskedAccount | null, hold: PayoutHoldView | null) => ({
  registered: account !== null,
  account: account && { ...account, updatedAt: account.updatedAt.toISOString() },
  hold: payoutHoldBody(hold),
});

export function bankingHandlers(service: BankingService): ModuleHandlers<'banking'> {
  const details = async (ctx: AppContext, userId: string, account?: MaskedAccount | null) =>
    view(
      account === undefined ? await service.masked(ctx.state.em, userId) : account,
      await service.payoutHold(ctx.state.em, userId),
    );
  return {
    async getBankDetails({ ctx }) {
      return { status: 200, body: await details(ctx, actor(ctx).userId) };
    },

    async startBankRegistration({ body, ctx }) {
      const { registration, redirectUrl } = await service.start(ctx.state.em, actor(ctx), body?.locale ?? 'sv');
      return {
        status: 201,
        body: { registrationId: registration.id, redirectUrl, expiresAt: registration.expiresAt.toISOString() },
      };
    },

    async completeBankRegistration({ body, ctx }) {
      const who = actor(ctx);
      const { outcome, account } = await service.complete(ctx.state.em, who, body.state);
      return { status: 200, body: { outcome, bankDetails: await details(ctx, who.userId, account) } };
    },

    async confirmBankAccountChange({ body, ctx }) {
      const answer = await service.confirmChange(ctx.state.em, body.token, ctx.ip || null);
      return { status: 200, body: { ...answer, changedAt: answer.changedAt.toISOString() } };
    },

    async stopBankAccountChange({ body, ctx }) {
      const answer = await service.stopChange(ctx.state.em, body.token, ctx.ip || null);
      return { status: 200, body: { ...answer, changedAt: answer.changedAt.toISOString() } };
    },
  };
}
