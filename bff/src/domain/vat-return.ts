// The VAT return figures (momsdeklaration) and the EC sales list (periodisk sammanställning) from what was invoiced:
// the frozen document of every invoice and credit note as sent (never recomputed with today's rules), each in SEK at
// the rate the document itself used (docs/product/back-office.md#vat-return-and-ec-sales-list).
//
// Which box a document's VAT breakdown fills is decided by its stored VAT category (vat-treatment.ts decided it when it
// was sent) and the buyer's country on the document:
//   S 25/12/6 %      → 05 (taxable sales excluding VAT) and 10/11/12 (output VAT)
//   AE, buyer in another EU country  → 39 (services to a business in another EU country, reverse charge), and the EC
//                                       sales list under the buyer's VAT number
//   AE, buyer in Sweden              → 41 (sales where the buyer is liable for the VAT in Sweden: construction)
//   AE outside the EU VAT area, O    → 40 (other services sold outside Sweden)
//   E                                → 42 (other sales: exempt)
//   G (documents from before services only) → 36 (goods sold to a country outside the EU)
// 48 is the input VAT the platform deducts (the freelancers' receipts, booked with their salary items) and 49 what
// is to pay (positive) or get back: 10 + 11 + 12 − 48. A credit note counts negative in the period it is issued in.
import { convertToSek, type ExchangeRate } from './exchange-rates.ts';
import type { CurrencyCode } from './money.ts';
import { apportion } from './employer-declaration.ts';
import type { DocumentCurrency, VatCategory } from './invoice-document.ts';
import { wholeKronor } from './report-period.ts';
import { isInEuVatArea } from './vat-area.ts';

export const VAT_BOXES = ['05', '10', '11', '12', '36', '39', '40', '41', '42', '48', '49'] as const;
export type VatBox = (typeof VAT_BOXES)[number];
export type SalesBox = '05' | '36' | '39' | '40' | '41' | '42';
export type VatBoxes = Record<VatBox, number>;

/** What the VAT return needs of a sent document (its stored snapshot). */
export type VatDocument = {
  readonly documentId: string;
  readonly invoiceId: string;
  readonly kind: 'invoice' | 'credit_note';
  readonly number: string;
  readonly issueDate: string;
  readonly currency: DocumentCurrency;
  readonly buyer: {
    readonly name: string;
    readonly country: string;
    readonly postalCode: string;
    readonly vatNumber?: string | undefined;
  };
  readonly vatBreakdown: readonly {
    readonly category: VatCategory;
    readonly percent: number;
    readonly taxableAmountMinor: number;
    readonly taxAmountMinor: number;
  }[];
  /** The document's own total VAT in SEK and the rate it used (foreign currency only). */
  readonly taxCurrency?:
    | {
        readonly taxAmountMinor: number;
        readonly exchangeRate?: { readonly sekPerUnit: string; readonly date: string } | undefined;
      }
    | undefined;
};

/** One VAT breakdown entry of a document, in SEK öre, signed (a credit note negative), with the boxes it fills. */
export type VatPart = {
  readonly category: VatCategory;
  readonly percent: number;
  readonly salesBox: SalesBox;
  /** 10, 11 or 12 for output VAT; null for a 0 % category. */
  readonly vatBox: '10' | '11' | '12' | null;
  readonly taxable: number;
  readonly vat: number;
};

export type DocumentInSek = {
  readonly document: VatDocument;
  /** +1 for an invoice, −1 for a credit note. */
  readonly sign: 1 | -1;
  readonly parts: readonly VatPart[];
  /** The receivable: every part's taxable amount and VAT (signed). */
  readonly total: number;
  /** The rate used (null for SEK). */
  readonly rate: ExchangeRate | null;
};

export class VatDocumentError extends Error {
  readonly documentNumber: string;
  constructor(documentNumber: string, message: string) {
    super(`Document ${documentNumber}: ${message}`);
    this.name = 'VatDocumentError';
    this.documentNumber = documentNumber;
  }
}

/** The sales box of a VAT category for a buyer in `country` (postal code for the parts of EU states outside it). */
export function salesBoxOf(category: VatCategory, buyer: { country: string; postalCode: string }): SalesBox {
  switch (category) {
    case 'S':
      return '05';
    case 'E':
      return '42';
    case 'O':
      return '40';
    case 'G':
      return '36';
    case 'AE': {
      const country = buyer.country.trim().toUpperCase();
      if (country === 'SE') return '41';
      return isInEuVatArea(country, buyer.postalCode) ? '39' : '40';
    }
  }
}

function vatBoxOf(percent: number, number: string): '10' | '11' | '12' {
  if (percent === 25) return '10';
  if (percent === 12) return '11';
  if (percent === 6) return '12';
  throw new VatDocumentError(number, `a standard-rated VAT rate of ${percent} %`);
}

/**
 * The document in SEK at the rate it used: each taxable amount and VAT converted and rounded once; the VAT parts are
 * then made to add up to the document's own SEK VAT (BT-111), which is what the customer was told, by giving the
 * öre a separate rounding leaves over to the largest part.
 */
export function documentInSek(document: VatDocument): DocumentInSek {
  const sign = document.kind === 'credit_note' ? -1 : 1;
  let rate: ExchangeRate | null = null;
  if (document.currency !== 'SEK') {
    const stated = document.taxCurrency?.exchangeRate;
    if (!stated) throw new VatDocumentError(document.number, `in ${document.currency} without the rate it used`);
    rate = {
      currency: document.currency.toLowerCase() as CurrencyCode,
      date: stated.date,
      sekPerUnit: stated.sekPerUnit,
    };
  }
  const sek = (amount: number) => (rate ? convertToSek(amount, rate).sekAmount : amount);
  const taxable = document.vatBreakdown.map((entry) => sek(entry.taxableAmountMinor));
  let vat = document.vatBreakdown.map((entry) => sek(entry.taxAmountMinor));
  if (rate && document.taxCurrency) {
    const stated = document.taxCurrency.taxAmountMinor;
    const sum = vat.reduce((a, b) => a + b, 0);
    if (sum !== stated && vat.some((v) => v !== 0)) {
      // Share the stated SEK VAT in proportion to the parts' own VAT (they differ from it by rounding only).
      vat = apportion(
        stated,
        document.vatBreakdown.map((entry) => entry.taxAmountMinor),
      );
    }
  }
  const parts = document.vatBreakdown.map((entry, i) => ({
    category: entry.category,
    percent: entry.percent,
    salesBox: salesBoxOf(entry.category, document.buyer),
    vatBox: entry.category === 'S' ? vatBoxOf(entry.percent, document.number) : null,
    taxable: sign * taxable[i]!,
    vat: sign * vat[i]!,
  }));
  for (const part of parts) {
    if (part.vatBox === null && part.vat !== 0)
      throw new VatDocumentError(document.number, `VAT charged in category ${part.category}`);
  }
  return {
    document,
    sign,
    parts,
    total: parts.reduce((sum, p) => sum + p.taxable + p.vat, 0),
    rate,
  };
}

export type VatReturnFigures = {
  /** Öre, signed. */
  readonly boxes: VatBoxes;
  /** The same in whole kronor as the form takes them (49 from the kronor of the others). */
  readonly kronor: VatBoxes;
  readonly documents: number;
};

function emptyBoxes(): VatBoxes {
  return Object.fromEntries(VAT_BOXES.map((box) => [box, 0])) as VatBoxes;
}

/** The boxes from the period's documents (in SEK) and the input VAT deducted in it. */
export function vatReturn(documents: readonly DocumentInSek[], inputVat: number): VatReturnFigures {
  const boxes = emptyBoxes();
  for (const document of documents) {
    for (const part of document.parts) {
      boxes[part.salesBox] += part.taxable;
      if (part.vatBox) boxes[part.vatBox] += part.vat;
    }
  }
  boxes['48'] = inputVat;
  boxes['49'] = boxes['10'] + boxes['11'] + boxes['12'] - boxes['48'];
  const kronor = emptyBoxes();
  for (const box of VAT_BOXES) kronor[box] = wholeKronor(boxes[box]);
  kronor['49'] = kronor['10'] + kronor['11'] + kronor['12'] - kronor['48'];
  return { boxes, kronor, documents: documents.length };
}

export type EcSalesLine = {
  /** The buyer's VAT number as on the document, upper case without spaces (`DE123456789`). */
  readonly vatNumber: string;
  readonly buyerName: string;
  /** Services sold with reverse charge to the buyer in the period (the buyer's part of box 39), öre, signed. */
  readonly services: number;
  readonly documents: readonly string[];
};

/** Box 39 per buyer VAT number, sorted by VAT number. A document in box 39 without a VAT number is an error. */
export function ecSalesList(documents: readonly DocumentInSek[]): EcSalesLine[] {
  const lines = new Map<string, { vatNumber: string; buyerName: string; services: number; documents: string[] }>();
  for (const document of documents) {
    const services = document.parts.filter((p) => p.salesBox === '39').reduce((sum, p) => sum + p.taxable, 0);
    if (!document.parts.some((p) => p.salesBox === '39')) continue;
    const vatNumber = document.document.buyer.vatNumber?.replace(/[\s.-]/g, '').toUpperCase();
    if (!vatNumber)
      throw new VatDocumentError(document.document.number, 'reverse charge to an EU business without its VAT number');
    const line = lines.get(vatNumber) ?? {
      vatNumber,
      buyerName: document.document.buyer.name,
      services: 0,
      documents: [],
    };
    line.services += services;
    line.documents.push(document.document.number);
    lines.set(vatNumber, line);
  }
  return [...lines.values()].sort((a, b) => (a.vatNumber < b.vatNumber ? -1 : a.vatNumber > b.vatNumber ? 1 : 0));
}

export type EcSalesListFileInput = {
  /** The platform's VAT number (`SE` + 12 digits). */
  readonly vatNumber: string;
  /** `YYMM` or `YY-Q` (report-period.ts `ecSalesListPeriodCode`). */
  readonly periodCode: string;
  readonly contact: { readonly name: string; readonly phone: string; readonly email: string };
  readonly lines: readonly EcSalesLine[];
};

export class EcSalesListFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EcSalesListFileError';
  }
}

function plain(text: string, max: number, what: string): string {
  // The file is semicolon-separated text without quoting: a semicolon or a line break would break its layout.
  const value = text.replace(/[;\r\n\t]/g, ' ').trim();
  if (!value) throw new EcSalesListFileError(`${what} is empty`);
  return value.slice(0, max);
}

/**
 * Skatteverket's file for the EC sales list ("Lämna periodisk sammanställning med filöverföring", format SKV574008):
 * semicolon-separated text, one line `SKV574008;`, one line with the reporter's VAT number, the period code, the
 * responsible person's name (at most 35 characters), phone (digits, a dash after the area code or a leading +, at most
 * 17) and e-mail, then one line per buyer: VAT number; value of goods; value of triangulation; value of services; (whole
 * kronor, a minus sign for a negative value, an empty column for none, each line ending in a semicolon as the
 * published examples do). Frilo sells services only, so the goods and triangulation columns are
 * empty. A buyer whose value comes to 0 kr (an invoice credited in the same period) is still listed with 0.
 */
export function ecSalesListFile(input: EcSalesListFileInput): string {
  const vat = input.vatNumber.replace(/\s/g, '').toUpperCase();
  if (!/^SE\d{12}$/.test(vat)) throw new EcSalesListFileError('The reporter’s VAT number is SE + 12 digits');
  if (!/^\d{4}$|^\d{2}-[1-4]$/.test(input.periodCode)) throw new EcSalesListFileError('A period code YYMM or YY-Q');
  const phone = input.contact.phone.replace(/\s/g, '');
  if (!/^\+?\d[\d-]{0,16}$/.test(phone) || phone.length > 17)
    throw new EcSalesListFileError('The phone number is digits with a dash after the area code, at most 17');
  const rows = [
    'SKV574008;',
    [
      vat,
      input.periodCode,
      plain(input.contact.name, 35, 'The name'),
      phone,
      plain(input.contact.email, 254, 'The e-mail'),
    ].join(';'),
    ...input.lines.map((line) => {
      const kronor = wholeKronor(line.services);
      if (Math.abs(kronor) > 99_999_999_999) throw new EcSalesListFileError('A value of at most 12 digits');
      if (!/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(line.vatNumber))
        throw new EcSalesListFileError(`Not a VAT number: ${line.vatNumber}`);
      return `${line.vatNumber};;;${kronor};`;
    }),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
