// The problem codes (docs/product/errors.md#problem-codes) that can block sending an invoice to a customer, and their short names.

export const CUSTOMER_PROBLEM_CODES = [2, 3, 5, 6, 7, 9, 11, 12, 13, 14, 15, 16] as const;

/** The short text of a problem code (`problems.short.<code>`); an unknown code reads as "unknown" (0). */
export function problemCodeKey(code: number): string {
  return `problems.short.${(CUSTOMER_PROBLEM_CODES as readonly number[]).includes(code) ? code : 0}`;
}

/** 16: the customer has not accepted e-invoices yet; invoices wait and go out on acceptance. */
export function isWaitingCode(code: number): boolean {
  return code === 16;
}
