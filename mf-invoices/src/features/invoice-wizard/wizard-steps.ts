// The invoice creation wizard's five steps, index 0 to 4 (docs/product/web-app.md#the-invoice-wizard).

export const WIZARD_STEPS = ['selectCustomer', 'paymentTerms', 'invoiceDetails', 'expenses', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function clampStep(index: number): number {
  if (!Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), WIZARD_STEPS.length - 1);
}

export function stepState(index: number, current: number): 'done' | 'current' | 'upcoming' {
  if (index < current) return 'done';
  return index === current ? 'current' : 'upcoming';
}
