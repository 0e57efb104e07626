// Step 2's rows in the form (flat strings under the API's paths) and back to the API's rows.
import { parseAmount, parseRate, formatAmount, formatRate, type NumberLocale } from '@frilo/ui/form/number-format';
import type { FieldIssue } from '@frilo/ui/form/messages';
import { flatten, readItems, type FlatValues } from './flat-list.ts';
import type { RowAmounts, VatPercentage } from './row-totals.ts';

export const ROW_FIELDS = ['description', 'quantity', 'unit', 'unitPrice', 'vatPercentage'] as const;
export type RowText = Record<(typeof ROW_FIELDS)[number], string>;
export const UNITS = ['hour', 'day', 'week', 'month', 'pcs', 'km', 'lump_sum'] as const;
export type Unit = (typeof UNITS)[number];

export type ApiRow = {
  description: string;
  unitPrice: number;
  quantity: number;
  unit: Unit;
  vatPercentage: VatPercentage;
};

export function emptyRow(reverseVat: boolean): RowText {
  return { description: '', quantity: '1', unit: 'hour', unitPrice: '', vatPercentage: reverseVat ? '0' : '25' };
}

export function rowTexts(rows: readonly ApiRow[], locale: NumberLocale, reverseVat: boolean): RowText[] {
  if (!rows.length) return [emptyRow(reverseVat)];
  return rows.map((row) => ({
    description: row.description,
    quantity: formatRate(row.quantity, locale),
    unit: row.unit,
    unitPrice: formatAmount(row.unitPrice, locale),
    // A reverse VAT customer allows 0 % only: the step offers nothing else.
    vatPercentage: reverseVat ? '0' : String(row.vatPercentage),
  }));
}

export function rowValues(rows: readonly RowText[]): Record<string, string> {
  return flatten('rows', rows);
}

export function readRows(values: FlatValues): RowText[] {
  return readItems(values, 'rows', ROW_FIELDS);
}

const quantityOf = (text: string, locale: NumberLocale) => parseRate(text, locale, { decimals: 2, max: 1_000_000 });
const priceOf = (text: string, locale: NumberLocale) =>
  parseAmount(text, locale, { min: -1_000_000_000, max: 1_000_000_000 });

/** What each row's fields lack, under the API's paths. */
export function rowIssues(rows: readonly RowText[], locale: NumberLocale): Record<string, FieldIssue> {
  const issues: Record<string, FieldIssue> = {};
  rows.forEach((row, index) => {
    const at = (field: string) => `rows[${index}].${field}`;
    if (!row.description.trim()) issues[at('description')] = { code: 'required' };
    else if (row.description.length > 200) issues[at('description')] = { code: 'too_long', params: { limit: 200 } };
    const quantity = quantityOf(row.quantity, locale);
    if (!row.quantity.trim()) issues[at('quantity')] = { code: 'required' };
    else if (!quantity.ok) issues[at('quantity')] = quantity.issue;
    else if (quantity.value.hundredths <= 0) issues[at('quantity')] = { code: 'too_small', params: { limit: 0 } };
    const price = priceOf(row.unitPrice, locale);
    if (!row.unitPrice.trim()) issues[at('unitPrice')] = { code: 'required' };
    else if (!price.ok) issues[at('unitPrice')] = price.issue;
  });
  return issues;
}

/** The rows as the API takes them (call after `rowIssues` found nothing). */
export function apiRows(rows: readonly RowText[], locale: NumberLocale): ApiRow[] {
  return rows.map((row) => {
    const quantity = quantityOf(row.quantity, locale);
    const price = priceOf(row.unitPrice, locale);
    return {
      description: row.description.trim(),
      quantity: quantity.ok ? Number(quantity.value.decimal) : 0,
      unit: row.unit as Unit,
      unitPrice: price.ok ? price.value : 0,
      vatPercentage: Number(row.vatPercentage) as VatPercentage,
    };
  });
}

/** The rows that can be read so far, for the live totals (a row being typed counts once it is readable). */
export function readableAmounts(rows: readonly RowText[], locale: NumberLocale): RowAmounts[] {
  return rows.flatMap((row) => {
    const quantity = quantityOf(row.quantity, locale);
    const price = priceOf(row.unitPrice, locale);
    if (!quantity.ok || !price.ok || quantity.value.hundredths <= 0) return [];
    return [
      {
        unitPrice: price.value,
        quantityHundredths: quantity.value.hundredths,
        vatPercentage: Number(row.vatPercentage) as VatPercentage,
      },
    ];
  });
}
