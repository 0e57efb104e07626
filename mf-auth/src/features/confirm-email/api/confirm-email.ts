import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request, type ApiResult } from '@frilo/ui/form/api-result';

type EmailConfirmed = components['schemas']['EmailConfirmed'];

// A link works once: remembering the answer per link means a remount (the shell swapping layouts
// when the session changes) shows the same result instead of "already used".
const answers = new Map<string, Promise<ApiResult<EmailConfirmed>>>();

/**
 * POST /api/auth/confirm-email for the link /confirm/{id}/{token}, once per link; `retry` asks
 * again after a failure that was not the link's fault (no answer, a server error).
 */
export function confirmEmail(id: string, token: string, retry = false): Promise<ApiResult<EmailConfirmed>> {
  const key = `${id}/${token}`;
  let answer = answers.get(key);
  if (!answer || retry) {
    answer = request(api.POST('/api/auth/confirm-email', { body: { id, token } }));
    answers.set(key, answer);
  }
  return answer;
}
