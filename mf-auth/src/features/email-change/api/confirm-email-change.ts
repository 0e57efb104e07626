import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request, type ApiResult } from '@frilo/ui/form/api-result';

type EmailConfirmed = components['schemas']['EmailConfirmed'];

// Confirming ends the session, and the shell then swaps the logged-in layout for the plain one,
// which mounts this screen again: the remembered answer keeps the result on screen.
const answers = new Map<string, Promise<ApiResult<EmailConfirmed>>>();

/**
 * POST /api/auth/email-change/confirm for the link /email-change-confirm?token=…, once per token;
 * `retry` asks again after a failure that was not the link's fault.
 */
export function confirmEmailChange(token: string, retry = false): Promise<ApiResult<EmailConfirmed>> {
  let answer = answers.get(token);
  if (!answer || retry) {
    answer = request(api.POST('/api/auth/email-change/confirm', { body: { token } }));
    answers.set(token, answer);
  }
  return answer;
}
