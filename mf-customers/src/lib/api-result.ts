// mf-customers' calls all need a session except the public recipient page's, whose answers never
// say 401: a 401 means the session ended while the screen was open, so the shell re-reads it.
import { request as kitRequest, type ApiResult } from '@frilo/ui/form/api-result';

export function request<T>(call: Parameters<typeof kitRequest<T>>[0]): Promise<ApiResult<T>> {
  return kitRequest(call, { sessionRequired: true });
}
