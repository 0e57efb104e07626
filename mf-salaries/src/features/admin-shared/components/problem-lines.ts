// A refused upload or action in words: the problem's code first (`<scope>.errors.<code>`), then each line of the
// file the BFF names with its reason.
import type { TFunction } from 'i18next';
import { failureCode, type ApiFailure } from '@frilo/ui/form/api-result';

export function problemLines(failure: ApiFailure, scope: string, t: TFunction): string[] {
  const code = failureCode(failure);
  const head = t([`${scope}.errors.${code}`, `errors.form.${code}`, 'errors.form.generic']);
  const lines = (failure.problem?.errors ?? [])
    .filter((error) => error.params && 'line' in error.params)
    .slice(0, 20)
    .map((error) => {
      const params = error.params ?? {};
      // The reason in the user's language by its code; the BFF's own words when we have none for it.
      const reason = t([`${scope}.reasons.${error.code}`, 'upload.reasonUnknown'], { detail: error.message });
      return t('upload.line', { line: params['line'], reason });
    });
  return [head, ...lines];
}
