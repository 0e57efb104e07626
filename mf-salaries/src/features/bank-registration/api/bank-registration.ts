import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';

export type BankRegistrationResult = components['schemas']['BankRegistrationResult'];

export type CompletionAnswer =
  | { ok: true; result: BankRegistrationResult }
  | { ok: false; code: 'bank_registration_expired' | 'bank_registration_used' | 'invalid' | 'unknown' };

// One completion per state and page load: React may run the effect twice, and a state completes only once.
const completions = new Map<string, Promise<CompletionAnswer>>();

/** POST /api/bank-details/registrations/complete with the state the provider returned. */
export function completeBankRegistration(state: string): Promise<CompletionAnswer> {
  let answer = completions.get(state);
  if (!answer) {
    answer = api
      .POST('/api/bank-details/registrations/complete', { body: { state } })
      .then(({ data, error }): CompletionAnswer => {
        if (data) return { ok: true, result: data };
        const code = (error as { code?: string } | undefined)?.code;
        if (code === 'bank_registration_expired' || code === 'bank_registration_used') return { ok: false, code };
        if (code === 'bank_registration_state_invalid' || code === 'not_found') return { ok: false, code: 'invalid' };
        return { ok: false, code: 'unknown' };
      })
      .catch((): CompletionAnswer => ({ ok: false, code: 'unknown' }));
    completions.set(state, answer);
  }
  return answer;
}

/** POST /api/bank-details/registrations: the provider page to open for a new registration. */
export async function startBankRegistration(locale: 'sv' | 'en'): Promise<string | null> {
  const { data } = await api.POST('/api/bank-details/registrations', { body: { locale } });
  return data?.redirectUrl ?? null;
}
