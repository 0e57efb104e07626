// Step 3's expenses in the form (flat strings under the API's paths) and back to the API's expenses:
// receipts (amount including VAT, the receipt's VAT rate, the uploaded file) and trips in the own car.
import { parseAmount, parseRate, formatAmount, formatRate, type NumberLocale } from '@frilo/ui/form/number-format';
import type { FieldIssue } from '@frilo/ui/form/messages';
import type { components } from '@frilo/openapi/client';
import { flatten, readItems, type FlatValues } from './flat-list.ts';
import type { VatPercentage } from './row-totals.ts';

type Expense = components['schemas']['Expense'];
type ExpenseInput = components['schemas']['ExpenseInput'];

export const EXPENSE_FIELDS = [
  'type',
  'description',
  'amount',
  'vatPercentage',
  'receiptId',
  'receiptName',
  'mileage.date',
  'mileage.from',
  'mileage.to',
  'mileage.km',
  'mileage.purpose',
] as const;
export type ExpenseText = Record<(typeof EXPENSE_FIELDS)[number], string>;

/** Receipts: these types by their content (the BFF judges the bytes), below 4 MB. */
export const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
export const RECEIPT_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.pdf'];
export const MAX_RECEIPT_BYTES = 4 * 1024 * 1024;

/** What is wrong with a chosen file before it is sent; null when it may be uploaded. */
export function receiptFileIssue(file: { name: string; type: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  const typeOk = RECEIPT_TYPES.includes(file.type) || RECEIPT_EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk) return 'file_type_not_allowed';
  if (file.size >= MAX_RECEIPT_BYTES) return 'file_too_large';
  return null;
}

export function newExpense(type: 'receipt' | 'mileage', today: string): ExpenseText {
  return {
    type,
    description: '',
    amount: '',
    vatPercentage: '25',
    receiptId: '',
    receiptName: '',
    'mileage.date': type === 'mileage' ? today : '',
    'mileage.from': '',
    'mileage.to': '',
    'mileage.km': '',
    'mileage.purpose': '',
  };
}

export function expenseTexts(expenses: readonly Expense[], locale: NumberLocale): ExpenseText[] {
  return expenses.map((expense) => ({
    type: expense.type,
    description: expense.description,
    amount: expense.type === 'receipt' ? formatAmount(expense.amount, locale) : '',
    vatPercentage: String(expense.vatPercentage ?? 25),
    receiptId: expense.receipt?.id ?? '',
    receiptName: expense.receipt?.fileName ?? '',
    'mileage.date': expense.mileage?.date ?? '',
    'mileage.from': expense.mileage?.from ?? '',
    'mileage.to': expense.mileage?.to ?? '',
    'mileage.km': expense.mileage ? formatRate(expense.mileage.km, locale) : '',
    'mileage.purpose': expense.mileage?.purpose ?? '',
  }));
}

export const expenseValues = (items: readonly ExpenseText[]) => flatten('expenses', items);
export const readExpenses = (values: FlatValues) => readItems(values, 'expenses', EXPENSE_FIELDS);

const kmOf = (text: string, locale: NumberLocale) => parseRate(text, locale, { decimals: 2, max: 10_000 });

export function expenseIssues(items: readonly ExpenseText[], locale: NumberLocale): Record<string, FieldIssue> {
  const issues: Record<string, FieldIssue> = {};
  const required = (key: string, value: string, limit?: number) => {
    if (!value.trim()) issues[key] = { code: 'required' };
    else if (limit !== undefined && value.length > limit) issues[key] = { code: 'too_long', params: { limit } };
  };
  items.forEach((item, index) => {
    const at = (field: string) => `expenses[${index}].${field}`;
    required(at('description'), item.description, 50);
    if (item.type === 'receipt') {
      const amount = parseAmount(item.amount, locale, { min: 0, max: 100_000_000 });
      if (!item.amount.trim()) issues[at('amount')] = { code: 'required' };
      else if (!amount.ok) issues[at('amount')] = amount.issue;
    } else {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(item['mileage.date'])) issues[at('mileage.date')] = { code: 'date_invalid' };
      required(at('mileage.from'), item['mileage.from'], 100);
      required(at('mileage.to'), item['mileage.to'], 100);
      required(at('mileage.purpose'), item['mileage.purpose'], 50);
      const km = kmOf(item['mileage.km'], locale);
      if (!item['mileage.km'].trim()) issues[at('mileage.km')] = { code: 'required' };
      else if (!km.ok) issues[at('mileage.km')] = km.issue;
      else if (km.value.hundredths <= 0) issues[at('mileage.km')] = { code: 'too_small', params: { limit: 0 } };
    }
  });
  return issues;
}

export function apiExpenses(items: readonly ExpenseText[], locale: NumberLocale): ExpenseInput[] {
  return items.map((item) => {
    if (item.type === 'mileage') {
      const km = kmOf(item['mileage.km'], locale);
      return {
        type: 'mileage',
        description: item.description.trim(),
        mileage: {
          date: item['mileage.date'],
          from: item['mileage.from'].trim(),
          to: item['mileage.to'].trim(),
          km: km.ok ? Number(km.value.decimal) : 0,
          purpose: item['mileage.purpose'].trim(),
        },
      };
    }
    const amount = parseAmount(item.amount, locale);
    return {
      type: 'receipt',
      description: item.description.trim(),
      amount: amount.ok ? amount.value : 0,
      vatPercentage: Number(item.vatPercentage) as VatPercentage,
      receiptId: item.receiptId || null,
    };
  });
}

/** The tax-free allowance for a trip as typed (SEK öre), at `per10Km` öre per 10 km; null until readable. */
export function mileageAllowance(kmText: string, locale: NumberLocale, per10Km: number): number | null {
  const km = kmOf(kmText, locale);
  if (!km.ok || km.value.hundredths <= 0) return null;
  // hundredths of a km × öre per 10 km / 1000, rounded half up.
  return Math.floor((km.value.hundredths * per10Km + 500) / 1000);
}
