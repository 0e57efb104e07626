// The VAT return and the EC sales list of a period (docs/product/back-office.md#vat-return-and-ec-sales-list), from the
// documents as sent (the sending module's snapshots) and the input VAT of the salary items booked in the period.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import { ecSalesListPeriodCode, parseReportPeriod, type ReportPeriod } from '../../domain/report-period.ts';
import {
  documentInSek,
  ecSalesList,
  ecSalesListFile as writeEcSalesListFile,
  EcSalesListFileError,
  vatReturn as vatFigures,
  VAT_BOXES,
  VatDocumentError,
  type DocumentInSek,
  type VatDocument,
} from '../../domain/vat-return.ts';
import { wholeKronor } from '../../domain/report-period.ts';
import { ConflictError, ValidationError } from '../../platform/errors.ts';
import { salaryItemsBooked } from '../payments/public.ts';
import { issuedDocuments, type IssuedDocument } from '../sending/public.ts';
import sv from '../../locales/sv/reports.json' with { type: 'json' };
import en from '../../locales/en/reports.json' with { type: 'json' };
import type { ReportsContext } from './context.ts';

const TEXTS: Readonly<Record<'sv' | 'en', typeof sv>> = { sv, en };

export function periodOfText(text: string): ReportPeriod {
  const period = parseReportPeriod(text);
  if (!period)
    throw new ValidationError([{ field: 'period', code: 'invalid', message: 'A month YYYY-MM or a quarter YYYY-Qn' }]);
  return period;
}

/** A sent document as the VAT return reads it: what its snapshot says was invoiced. */
export function vatDocumentOf(document: IssuedDocument): VatDocument {
  const s = document.snapshot;
  return {
    documentId: document.id,
    invoiceId: document.invoiceId,
    kind: document.kind,
    number: document.number,
    issueDate: document.issueDate,
    currency: s.currency,
    buyer: {
      name: s.buyer.name,
      country: s.buyer.address.country,
      postalCode: s.buyer.address.postalCode,
      vatNumber: s.buyer.vatNumber,
    },
    vatBreakdown: s.vatBreakdown,
    taxCurrency: s.taxCurrency,
  };
}

/** A document in SEK, or 409 `report_document_invalid` naming it when what was stored cannot be reported. */
export function inSek(document: VatDocument): DocumentInSek {
  try {
    return documentInSek(document);
  } catch (error) {
    if (error instanceof VatDocumentError) throw new ConflictError('report_document_invalid', error.message);
    throw error;
  }
}

/** The documents issued in [from, to] in SEK. */
export async function documentsInSek(em: EntityManager, from: string, to: string): Promise<DocumentInSek[]> {
  return (await issuedDocuments(em, from, to)).map((d) => inSek(vatDocumentOf(d)));
}

/** The input VAT of the period: the receipts' VAT of the salary items booked in it. */
export async function inputVatOf(
  em: EntityManager,
  from: string,
  to: string,
): Promise<{ amount: number; items: number }> {
  const items = await salaryItemsBooked(em, from, to);
  const withVat = items.filter((i) => i.deductibleInputVat !== 0);
  return { amount: withVat.reduce((s, i) => s + i.deductibleInputVat, 0), items: withVat.length };
}

export async function vatFiguresOf(em: EntityManager, from: string, to: string) {
  const documents = await documentsInSek(em, from, to);
  const input = await inputVatOf(em, from, to);
  return { documents, input, figures: vatFigures(documents, input.amount) };
}

export async function vatReturn(
  em: EntityManager,
  context: ReportsContext,
  periodText: string,
): Promise<components['schemas']['VatReturn']> {
  const period = periodOfText(periodText);
  const { documents, input, figures } = await vatFiguresOf(em, period.from, period.to);
  return {
    period: period.key,
    kind: period.kind,
    from: period.from,
    to: period.to,
    setting: context.config.reports.vatPeriod,
    boxes: figures.boxes,
    kronor: figures.kronor,
    documents: documents.map((d) => ({
      documentId: d.document.documentId,
      invoiceId: d.document.invoiceId,
      kind: d.document.kind,
      number: d.document.number,
      issueDate: d.document.issueDate,
      currency: d.document.currency,
      exchangeRate: d.rate ? { sekPerUnit: d.rate.sekPerUnit, date: d.rate.date } : null,
      buyerName: d.document.buyer.name,
      buyerCountry: d.document.buyer.country,
      parts: d.parts.map((p) => ({
        category: p.category,
        percent: p.percent,
        salesBox: p.salesBox,
        vatBox: p.vatBox,
        taxable: p.taxable,
        vat: p.vat,
      })),
      total: d.total,
    })),
    inputVat: { amount: input.amount, salaryItems: input.items },
  };
}

function csvCell(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The boxes as CSV: semicolon-separated (what a Swedish spreadsheet opens), UTF-8 with a BOM, CRLF. */
export function vatReturnCsv(report: components['schemas']['VatReturn'], lang: 'sv' | 'en'): string {
  const texts = TEXTS[lang];
  const rows = [
    [texts.vatCsv.box, texts.vatCsv.name, texts.vatCsv.kronor, texts.vatCsv.ore],
    ...VAT_BOXES.map((box) => [box, texts.vatBoxes[box], String(report.kronor[box]), String(report.boxes[box])]),
  ];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

export async function ecSalesListReport(
  em: EntityManager,
  periodText: string,
): Promise<components['schemas']['EcSalesList']> {
  const period = periodOfText(periodText);
  const documents = await documentsInSek(em, period.from, period.to);
  let lines;
  try {
    lines = ecSalesList(documents);
  } catch (error) {
    if (error instanceof VatDocumentError) throw new ConflictError('report_document_invalid', error.message);
    throw error;
  }
  return {
    period: period.key,
    kind: period.kind,
    from: period.from,
    to: period.to,
    periodCode: ecSalesListPeriodCode(period),
    lines: lines.map((l) => ({
      vatNumber: l.vatNumber,
      buyerName: l.buyerName,
      services: l.services,
      kronor: wholeKronor(l.services),
      documents: [...l.documents],
    })),
    total: lines.reduce((s, l) => s + l.services, 0),
    box39: vatFigures(documents, 0).boxes['39'],
  };
}

export async function ecSalesListFile(
  em: EntityManager,
  context: ReportsContext,
  periodText: string,
): Promise<{ text: string; fileName: string }> {
  const contact = context.config.reports.contact;
  if (!contact)
    throw new ConflictError('reports_contact_missing', 'Set REPORTS_CONTACT_NAME and REPORTS_CONTACT_PHONE first');
  const report = await ecSalesListReport(em, periodText);
  try {
    const text = writeEcSalesListFile({
      vatNumber: context.config.seller.vatNumber,
      periodCode: report.periodCode,
      contact,
      lines: report.lines.map((l) => ({ ...l })),
    });
    return { text, fileName: `periodisk-sammanstallning-${report.periodCode}.csv` };
  } catch (error) {
    if (error instanceof EcSalesListFileError) throw new ConflictError('report_document_invalid', error.message);
    throw error;
  }
}
