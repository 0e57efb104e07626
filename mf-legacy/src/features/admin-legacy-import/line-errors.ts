// The bad lines of a rejected file, from the problem's `errors[]` (`params.line`, `params.column`, `code`). Pure.
import type { Problem } from '@frilo/openapi/problem';

export type LineError = { line: number | null; column: string | null; code: string };

export function lineErrors(problem: Problem | null): LineError[] {
  return (problem?.errors ?? []).map((error) => {
    const line = error.params?.['line'];
    const column = error.params?.['column'];
    return {
      line: typeof line === 'number' ? line : null,
      column: typeof column === 'string' ? column : null,
      code: error.code,
    };
  });
}
