// What the sending module stores, read for the operator's reports (through public.ts): every invoice and credit note
// as it was sent, its frozen snapshot the truth of what was invoiced (never recomputed with today's rules). A document
// whose delivery failed for good was never issued (its invoice is "Not sent" and cannot be paid or credited): left out.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoiceDocument } from '../../domain/invoice-document.ts';
import { sqlRows } from '../../platform/db/sql.ts';

export type IssuedDocument = {
  id: string;
  invoiceId: string;
  ownerId: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  issueDate: string;
  snapshot: InvoiceDocument;
};

const COLUMNS = `d."id", d."invoice_id", d."owner_id", d."kind", d."number",
  to_char(d."issue_date", 'YYYY-MM-DD') as "issue_date", d."snapshot"`;

function documentOf(r: Record<string, unknown>): IssuedDocument {
  return {
    id: r.id as string,
    invoiceId: r.invoice_id as string,
    ownerId: r.owner_id as string,
    kind: r.kind as IssuedDocument['kind'],
    number: String(r.number),
    issueDate: r.issue_date as string,
    snapshot: (typeof r.snapshot === 'string' ? JSON.parse(r.snapshot) : r.snapshot) as InvoiceDocument,
  };
}

/** The invoices and credit notes issued (by issue date) in the period, in number order. */
export async function issuedDocuments(em: EntityManager, from: string, to: string): Promise<IssuedDocument[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    em,
    `select ${COLUMNS} from "outgoing_document" d
     where d."issue_date" between ?::date and ?::date and d."delivery_state" <> 'failed'
     order by d."number"`,
    [from, to],
  );
  return rows.map(documentOf);
}

/** The invoice document (kind `invoice`) of each invoice, whenever it was issued: what its payments settle. */
export async function invoiceDocumentsOf(em: EntityManager, invoiceIds: readonly string[]): Promise<IssuedDocument[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await sqlRows<Record<string, unknown>>(
    em,
    `select ${COLUMNS} from "outgoing_document" d where d."kind" = 'invoice' and d."invoice_id" in (?)`,
    [[...new Set(invoiceIds)]],
  );
  return rows.map(documentOf);
}
