// One shape for every call's outcome, so forms handle success, problems and a dead network alike.
import { isProblem, type Problem } from '@frilo/openapi/problem';

export type ApiResult<T> =
  { ok: true; data: T; status: number } | { ok: false; status: number; problem: Problem | null };

/** What openapi-fetch resolves to (data on 2xx, error otherwise). */
type FetchOutcome<T> = { data?: T; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and never throws: a network failure becomes status 0, a body that
 * is not problem JSON becomes `problem: null`.
 */
export async function request<T>(call: Promise<FetchOutcome<T>>): Promise<ApiResult<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok) return { ok: true, data: data as T, status: response.status };
    return { ok: false, status: response.status, problem: isProblem(error) ? error : null };
  } catch {
    return { ok: false, status: 0, problem: null };
  }
}
