// Where the invoice flow's customer form goes back to: the `returnTo` query parameter when it is a
// path on this site, else the new invoice; with the saved customer as `recipient`.
import { sameSitePath, withQueryParam } from '../../../lib/same-site-path.ts';

export const NEW_INVOICE_PATH = '/quotations/create';

export function invoiceReturnPath(search: string, recipient?: string): string {
  const target = sameSitePath(new URLSearchParams(search).get('returnTo')) ?? NEW_INVOICE_PATH;
  return recipient ? withQueryParam(target, 'recipient', recipient) : target;
}
