// How the wizard words field errors and failed calls (keys of the `invoices` namespace, most specific
// first; i18next takes the first that exists). Field names are API paths with indexes
// (`rows[2].unitPrice`), so the wording is by the field's kind (`rows.unitPrice`) and the code.
import type { FieldIssue, Message } from '@frilo/ui/form/messages';
import { failureCode, type ApiFailure } from '@frilo/ui/form/api-result';

/** `rows[2].unitPrice` → `rows.unitPrice`; `expenses[0].mileage.km` → `expenses.mileage.km`. */
export function fieldKind(name: string): string {
  return name.replace(/\[\d+\]/g, '');
}

export function wizardFieldMessage(name: string, issue: FieldIssue): Message {
  const kind = fieldKind(name).replace(/\./g, '_');
  return {
    keys: [
      `wizard.fieldErrors.${kind}.${issue.code}`,
      `wizard.fieldErrors.${issue.code}`,
      'wizard.fieldErrors.invalid',
    ],
    values: { ...issue.params },
  };
}

/**
 * A failed call, worded by its code; a validation problem whose fields no input shows (the invoice's rows as a whole
 * over the ceiling, say) first by its field errors' codes.
 */
export function wizardFailureMessage(failure: Pick<ApiFailure, 'status' | 'problem'>): Message {
  const fieldCodes = [...new Set((failure.problem?.errors ?? []).map((error) => `wizard.errors.${error.code}`))];
  return { keys: [...fieldCodes, `wizard.errors.${failureCode(failure)}`, 'wizard.errors.generic'], values: {} };
}
