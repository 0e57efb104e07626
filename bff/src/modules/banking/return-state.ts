// The state a provider hands back to /dashboard/pinebucket-confirmation: the registration it ends and until when it
// may be completed, signed under APP_SECRET so nobody can make one up or stretch it. Single use is the database's job.
import type { Signer } from '../../platform/crypto/signing.ts';

const PURPOSE = 'bank-registration-return';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How long the app has to complete a registration after the provider returned. */
export const RETURN_STATE_SECONDS = 15 * 60;

export interface ReturnState {
  readonly registrationId: string;
  readonly expiresAt: Date;
}

export function signReturnState(signer: Signer, registrationId: string, expiresAt: Date): string {
  const payload = `${registrationId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signer.sign(PURPOSE, payload)}`;
}

/** The state's contents when this BFF signed it, else null (expiry is the caller's check: it answers differently). */
export function readReturnState(signer: Signer, state: string): ReturnState | null {
  const [registrationId, expires, signature, ...rest] = state.split('.');
  if (!registrationId || !expires || !signature || rest.length > 0) return null;
  if (!UUID.test(registrationId) || !/^\d{1,12}$/.test(expires)) return null;
  if (!signer.verify(PURPOSE, `${registrationId}.${expires}`, signature)) return null;
  return { registrationId, expiresAt: new Date(Number(expires) * 1000) };
}
