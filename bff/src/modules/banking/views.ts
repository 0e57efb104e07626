// How the banking module shows what it holds: the payout hold as the contract's PayoutHold.
import type { components } from '@frilo/openapi/types/api';
import type { PayoutHoldView } from './service.ts';

export function payoutHoldBody(hold: PayoutHoldView | null): components['schemas']['PayoutHold'] | null {
  return (
    hold && {
      state: hold.state,
      account: hold.account,
      previousAccount: hold.previousAccount,
      changedAt: hold.changedAt.toISOString(),
      until: hold.until?.toISOString() ?? null,
    }
  );
}
