// One shape for every call's outcome, so screens handle success, problems and a dead network alike.
import { isProblem, type Problem } from '@frilo/openapi/problem';
import { invalidateSession } from '@frilo/openapi/shell-contract';

export type ApiFailure = { ok: false; status: number; problem: Problem | null; retryAfter: number | null };
export type ApiResult<T> = { ok: true; data: T; status: number } | ApiFailure;

/** What openapi-fetch resolves to (data on 2xx, error otherwise). */
type FetchOutcome<T> = { data?: T; error?: unknown; response: Response };

export type RequestOptions = {
  /**
   * The call needs a session: a 401 means it ended while the screen was open, so the shell
   * re-reads it and sends the user to log in. Not for calls where 401 is an answer (login).
   */
  sessionRequired?: boolean;
};

/**
 * Awaits an openapi-fetch call and never throws: a network failure (or an abort) becomes status 0,
 * a body that is not problem JSON becomes `problem: null`.
 */
export async function request<T>(call: Promise<FetchOutcome<T>>, options: RequestOptions = {}): Promise<ApiResult<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok) return { ok: true, data: data as T, status: response.status };
    if (response.status === 401 && options.sessionRequired) invalidateSession();
    const retryAfter = Number(response.headers.get('Retry-After'));
    return {
      ok: false,
      status: response.status,
      problem: isProblem(error) ? error : null,
      retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    };
  } catch {
    return { ok: false, status: 0, problem: null, retryAfter: null };
  }
}

/** The code that describes a failed call: the problem's, `network` without an answer, `generic` otherwise. */
export function failureCode(failure: Pick<ApiFailure, 'status' | 'problem'>): string {
  if (failure.status === 0) return 'network';
  return failure.problem?.code ?? (failure.status === 429 ? 'rate_limited' : 'generic');
}
