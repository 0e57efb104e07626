// Every mf-salaries call needs a session: a 401 means it ended while the screen was open, so the shell re-reads it.
import { request as kitRequest, type ApiResult } from '@frilo/ui/form/api-result';

export function request<T>(call: Parameters<typeof kitRequest<T>>[0]): Promise<ApiResult<T>> {
  return kitRequest(call, { sessionRequired: true });
}

/** A key for one intended action: a retry of the same action sends the same key, so the BFF does it once. */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}

/** A file in the form field `file`, as the BFF's upload operations take it (openapi-fetch sends JSON otherwise). */
export function fileBody(file: File) {
  return {
    body: { file: file as unknown as string },
    bodySerializer: () => {
      const data = new FormData();
      data.append('file', file);
      return data;
    },
  };
}
