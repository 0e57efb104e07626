// The invoice creation wizard's five steps, index 0 to 4 (docs/product/web-app.md#the-invoice-wizard),
// and where the step lives: the `step` query parameter, so a reload, a link ("edit" from the invoice
// page is `/quotations/edit/{id}?step=4`) and the browser's back and forward keep it.

export const WIZARD_STEPS = ['selectCustomer', 'paymentTerms', 'invoiceDetails', 'expenses', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const LAST_STEP = WIZARD_STEPS.length - 1;

export function clampStep(index: number): number {
  if (!Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), LAST_STEP);
}

export function stepState(index: number, current: number): 'done' | 'current' | 'upcoming' {
  if (index < current) return 'done';
  return index === current ? 'current' : 'upcoming';
}

/** The step a URL's query asks for; a new invoice (no id yet) is always at step 0. */
export function stepOf(search: string, hasInvoice: boolean): number {
  if (!hasInvoice) return 0;
  const raw = new URLSearchParams(search).get('step');
  return raw === null || raw.trim() === '' ? 0 : clampStep(Number(raw));
}

/** The wizard's address for an invoice at a step (other parameters, such as `recipient`, are dropped). */
export function wizardPath(invoiceId: string | null, step: number): string {
  return invoiceId ? `/quotations/edit/${encodeURIComponent(invoiceId)}?step=${clampStep(step)}` : '/quotations/create';
}

/** Where the customer form of the invoice flow returns to (it adds `recipient=<id>`). */
export function customerFormPath(invoiceId: string | null, customerId?: string): string {
  const base = customerId
    ? `/quotations/recipients/organization/${encodeURIComponent(customerId)}`
    : '/quotations/recipients/organization';
  return `${base}?returnTo=${encodeURIComponent(wizardPath(invoiceId, 0))}`;
}
