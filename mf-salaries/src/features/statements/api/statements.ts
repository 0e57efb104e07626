import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';

export function listYearlyStatements(signal?: AbortSignal) {
  return request(api.GET('/api/salaries/statements', { cache: 'no-store', ...(signal ? { signal } : {}) }));
}

/** The statement PDF, saved by the browser (a same-origin link: the session cookie goes with it). */
export function statementUrl(year: number): string {
  return `/api/salaries/statements/${year}?download=true`;
}
