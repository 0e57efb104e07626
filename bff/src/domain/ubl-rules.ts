// The EN 16931, Peppol BIS Billing 3.0 and Swedish (SE-R-*) business rules that apply to the e-invoices we send,
// checked over the parsed XML (not the model, so a generator bug is caught). Rule texts and tests follow
// OpenPEPPOL/peppol-bis-invoice-3 v3.0.19 rules/sch (PEPPOL-EN16931-UBL.sch and CEN-EN16931-UBL.sch, EN 16931
// validation artefacts 1.3.14.1). Which rules are left out, and why, is listed in DOCUMENTS.md.

import { luhnCheckDigit } from './luhn.ts';
import {
  EAS,
  ICD,
  ISO_3166,
  ISO_4217,
  PEPPOL_EAS,
  PEPPOL_ISO_4217,
  REC_20,
  UNCL_4451,
  UNCL_4461,
  VATEX,
  VAT_PREFIXES,
} from './ubl-code-lists.ts';
import { CREDIT_NOTE_SYNTAX, INVOICE_SYNTAX } from './ubl-syntax.ts';
import {
  descendantsAndSelf,
  locationOf,
  normalizeSpace,
  parseXml,
  selectPath,
  valueAt,
  XmlParseError,
  type XmlElement,
} from './xml-tree.ts';
import {
  abs,
  add,
  compare,
  equals,
  fractionDigits,
  isXPathNumber,
  mul,
  parseDecimal,
  round,
  shift,
  sub,
  sum,
  ZERO,
  type Decimal,
} from './xpath-decimal.ts';

export type RuleFlag = 'fatal' | 'warning';

export interface RuleFailure {
  readonly rule: string;
  readonly flag: RuleFlag;
  readonly message: string;
  /** Where in the document, e.g. `/Invoice/cac:InvoiceLine[2]/cac:Item`. */
  readonly location: string;
}

const PREFIXES: Readonly<Record<string, string>> = {
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': 'ubl',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': 'cn',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
};

const PEPPOL_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';

/** The document under check, with the lookups many rules share. */
class Doc {
  readonly root: XmlElement;
  readonly all: readonly XmlElement[];
  readonly isInvoice: boolean;
  readonly lines: readonly XmlElement[];
  readonly currency: string;
  readonly profile: string;
  readonly supplierParty: XmlElement | undefined;
  readonly customerParty: XmlElement | undefined;
  /** Every attribute name used anywhere, for the UBL-DT rules. */
  readonly attributeNames = new Set<string>();
  private readonly byName = new Map<string, XmlElement[]>();

  constructor(root: XmlElement) {
    this.root = root;
    this.all = descendantsAndSelf(root);
    for (const element of this.all) {
      for (const attribute of Object.keys(element.attrs)) {
        this.attributeNames.add(attribute);
      }
      const list = this.byName.get(element.name);
      if (list) {
        list.push(element);
      } else {
        this.byName.set(element.name, [element]);
      }
    }
    this.isInvoice = root.name === 'ubl:Invoice';
    this.lines = root.children.filter((c) => c.name === 'cac:InvoiceLine' || c.name === 'cac:CreditNoteLine');
    this.currency = valueAt(root, 'cbc:DocumentCurrencyCode') ?? '';
    const profileId = valueAt(root, 'cbc:ProfileID') ?? '';
    this.profile = /urn:fdc:peppol.eu:2017:poacc:billing:([0-9]{2}):1.0/.test(profileId)
      ? (profileId.split(':')[6] ?? 'Unknown')
      : 'Unknown';
    this.supplierParty = selectPath(root, 'cac:AccountingSupplierParty/cac:Party')[0];
    this.customerParty = selectPath(root, 'cac:AccountingCustomerParty/cac:Party')[0];
  }

  /** Every element named `name` anywhere in the document. */
  named(name: string): readonly XmlElement[] {
    return this.byName.get(name) ?? [];
  }

  /** Elements anywhere whose own name and ancestors' names end with `path` (`cac:Party/cbc:EndpointID`). */
  matching(path: string): XmlElement[] {
    const steps = path.split('/').reverse();
    return this.named(steps[0] as string).filter((element) => {
      let node: XmlElement | null = element;
      for (let i = 1; i < steps.length; i++) {
        node = node?.parent ?? null;
        if (!node || node.name !== steps[i]) {
          return false;
        }
      }
      return true;
    });
  }

  country(party: XmlElement | undefined): string {
    return party ? (valueAt(party, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode') ?? '') : '';
  }
}

interface Rule {
  readonly id: string;
  readonly flag: RuleFlag;
  readonly message: string;
  /** The context elements the test runs on (schematron's rule context). */
  readonly contexts: (d: Doc) => readonly XmlElement[];
  readonly test: (e: XmlElement, d: Doc) => boolean;
}

// ---- small XPath-like helpers over one element ----

const v = (e: XmlElement | undefined, path: string): string | undefined => (e ? valueAt(e, path) : undefined);
const has = (e: XmlElement | undefined, path: string): boolean => !!e && selectPath(e, path).length > 0;
const count = (e: XmlElement, path: string): number => selectPath(e, path).length;
const filled = (e: XmlElement | undefined, path: string): boolean => (v(e, path) ?? '') !== '';
const num = (e: XmlElement | undefined, path: string): Decimal | undefined => parseDecimal(v(e, path));
const text = (e: XmlElement): string => normalizeSpace(e.text);
const root = (d: Doc): XmlElement[] => [d.root];
const isTrue = (e: XmlElement): boolean => ['true', '1'].includes(v(e, 'cbc:ChargeIndicator') ?? '');
const isFalse = (e: XmlElement): boolean => ['false', '0'].includes(v(e, 'cbc:ChargeIndicator') ?? '');

/** The element's TaxScheme/ID is VAT (`cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT'`). */
const isVatScheme = (category: XmlElement): boolean =>
  selectPath(category, 'cac:TaxScheme/cbc:ID').some((id) => text(id).toUpperCase() === 'VAT');

/** Every cac:TaxCategory and cac:ClassifiedTaxCategory of the VAT scheme. */
const vatCategories = (d: Doc): XmlElement[] =>
  [...d.named('cac:TaxCategory'), ...d.named('cac:ClassifiedTaxCategory')].filter(isVatScheme);

const subtotalCategories = (d: Doc): XmlElement[] =>
  selectPath(d.root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').filter(isVatScheme);

const lineCategory = (line: XmlElement): XmlElement | undefined =>
  selectPath(line, 'cac:Item/cac:ClassifiedTaxCategory')[0];

const docAllowanceCharges = (d: Doc): XmlElement[] => selectPath(d.root, 'cac:AllowanceCharge');

/** Σ line net amounts + Σ document charges − Σ document allowances of one VAT category (and rate), as in BR-x-08. */
function categoryBase(d: Doc, category: string, rate?: Decimal): Decimal | undefined {
  const inCategory = (c: XmlElement | undefined): boolean =>
    !!c && v(c, 'cbc:ID') === category && (rate === undefined || sameRate(c, rate));
  let total = ZERO;
  for (const line of d.lines) {
    if (inCategory(lineCategory(line))) {
      const amount = num(line, 'cbc:LineExtensionAmount');
      if (!amount) return undefined;
      total = add(total, amount);
    }
  }
  for (const ac of docAllowanceCharges(d)) {
    if (!inCategory(selectPath(ac, 'cac:TaxCategory')[0])) continue;
    const amount = num(ac, 'cbc:Amount');
    if (!amount) return undefined;
    if (isTrue(ac)) total = add(total, amount);
    else if (isFalse(ac)) total = sub(total, amount);
  }
  return total;
}

function sameRate(category: XmlElement, rate: Decimal): boolean {
  const percent = num(category, 'cbc:Percent');
  return !!percent && equals(percent, rate);
}

const hasSellerTaxId = (d: Doc): boolean =>
  has(d.supplierParty, 'cac:PartyTaxScheme/cbc:CompanyID') ||
  selectPath(d.root, 'cac:TaxRepresentativeParty/cac:PartyTaxScheme').some(
    (s) => isVatScheme(s) && has(s, 'cbc:CompanyID'),
  );

const hasSellerVatId = (d: Doc): boolean =>
  [
    ...(d.supplierParty ? selectPath(d.supplierParty, 'cac:PartyTaxScheme') : []),
    ...selectPath(d.root, 'cac:TaxRepresentativeParty/cac:PartyTaxScheme'),
  ].some((s) => isVatScheme(s) && has(s, 'cbc:CompanyID'));

const vatCompanyIds = (party: XmlElement | undefined): XmlElement[] =>
  party
    ? selectPath(party, 'cac:PartyTaxScheme')
        .filter(isVatScheme)
        .flatMap((s) => selectPath(s, 'cbc:CompanyID'))
    : [];

/** BR-O-02: none of the seller's VAT identifier (BT-31), its tax representative's (BT-63) or the buyer's (BT-48). */
const hasNoVatIds = (d: Doc): boolean =>
  vatCompanyIds(d.supplierParty).length === 0 &&
  vatCompanyIds(d.customerParty).length === 0 &&
  selectPath(d.root, 'cac:TaxRepresentativeParty/cac:PartyTaxScheme')
    .filter(isVatScheme)
    .every((s) => !has(s, 'cbc:CompanyID'));

const hasBuyerVatOrLegalId = (d: Doc): boolean =>
  vatCompanyIds(d.customerParty).length > 0 || has(d.customerParty, 'cac:PartyLegalEntity/cbc:CompanyID');

// ---- the rules ----

const rules: Rule[] = [];

function rule(id: string, flag: RuleFlag, message: string, contexts: Rule['contexts'], test: Rule['test']): void {
  rules.push({ id, flag, message, contexts, test });
}

// Document level (EN 16931 BR-01 … BR-16, BR-53).
rule('BR-01', 'fatal', 'An invoice shall have a specification identifier (BT-24).', root, (e) =>
  filled(e, 'cbc:CustomizationID'),
);
rule('BR-02', 'fatal', 'An invoice shall have an invoice number (BT-1).', root, (e) => filled(e, 'cbc:ID'));
rule('BR-03', 'fatal', 'An invoice shall have an issue date (BT-2).', root, (e) => filled(e, 'cbc:IssueDate'));
rule(
  'BR-04',
  'fatal',
  'An invoice shall have an invoice type code (BT-3).',
  root,
  (e) => filled(e, 'cbc:InvoiceTypeCode') || filled(e, 'cbc:CreditNoteTypeCode'),
);
rule('BR-05', 'fatal', 'An invoice shall have an invoice currency code (BT-5).', root, (e) =>
  filled(e, 'cbc:DocumentCurrencyCode'),
);
rule('BR-06', 'fatal', 'An invoice shall contain the seller name (BT-27).', root, (e) =>
  filled(e, 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
);
rule('BR-07', 'fatal', 'An invoice shall contain the buyer name (BT-44).', root, (e) =>
  filled(e, 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
);
rule('BR-08', 'fatal', 'An invoice shall contain the seller postal address (BG-5).', root, (e) =>
  has(e, 'cac:AccountingSupplierParty/cac:Party/cac:PostalAddress'),
);
rule(
  'BR-09',
  'fatal',
  'The seller postal address shall contain a seller country code (BT-40).',
  (d) => d.matching('cac:AccountingSupplierParty/cac:Party/cac:PostalAddress'),
  (e) => filled(e, 'cac:Country/cbc:IdentificationCode'),
);
rule('BR-10', 'fatal', 'An invoice shall contain the buyer postal address (BG-8).', root, (e) =>
  has(e, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress'),
);
rule(
  'BR-11',
  'fatal',
  'The buyer postal address shall contain a buyer country code (BT-55).',
  (d) => d.matching('cac:AccountingCustomerParty/cac:Party/cac:PostalAddress'),
  (e) => filled(e, 'cac:Country/cbc:IdentificationCode'),
);
const monetaryTotal = (d: Doc): readonly XmlElement[] => d.named('cac:LegalMonetaryTotal');
rule('BR-12', 'fatal', 'An invoice shall have the sum of invoice line net amounts (BT-106).', monetaryTotal, (e) =>
  has(e, 'cbc:LineExtensionAmount'),
);
rule('BR-13', 'fatal', 'An invoice shall have the total amount without VAT (BT-109).', monetaryTotal, (e) =>
  has(e, 'cbc:TaxExclusiveAmount'),
);
rule('BR-14', 'fatal', 'An invoice shall have the total amount with VAT (BT-112).', monetaryTotal, (e) =>
  has(e, 'cbc:TaxInclusiveAmount'),
);
rule('BR-15', 'fatal', 'An invoice shall have the amount due for payment (BT-115).', monetaryTotal, (e) =>
  has(e, 'cbc:PayableAmount'),
);
rule('BR-16', 'fatal', 'An invoice shall have at least one invoice line (BG-25).', root, (_e, d) => d.lines.length > 0);
rule(
  'BR-53',
  'fatal',
  'With a VAT accounting currency (BT-6) the total VAT in that currency (BT-111) shall be given.',
  root,
  (e) =>
    selectPath(e, 'cbc:TaxCurrencyCode').every((code) =>
      selectPath(e, 'cac:TaxTotal/cbc:TaxAmount').some((amount) => amount.attrs.currencyID === code.text),
    ),
);

// Lines (BR-21 … BR-27, BR-CO-04).
const lines = (d: Doc): readonly XmlElement[] => d.lines;
rule('BR-21', 'fatal', 'Each invoice line shall have a line identifier (BT-126).', lines, (e) => filled(e, 'cbc:ID'));
rule(
  'BR-22',
  'fatal',
  'Each invoice line shall have an invoiced quantity (BT-129).',
  lines,
  (e) => has(e, 'cbc:InvoicedQuantity') || has(e, 'cbc:CreditedQuantity'),
);
rule('BR-23', 'fatal', 'Each invoice line shall have a quantity unit of measure code (BT-130).', lines, (e) =>
  [...selectPath(e, 'cbc:InvoicedQuantity'), ...selectPath(e, 'cbc:CreditedQuantity')].some(
    (q) => q.attrs.unitCode !== undefined,
  ),
);
rule('BR-24', 'fatal', 'Each invoice line shall have a line net amount (BT-131).', lines, (e) =>
  has(e, 'cbc:LineExtensionAmount'),
);
rule('BR-25', 'fatal', 'Each invoice line shall contain the item name (BT-153).', lines, (e) =>
  filled(e, 'cac:Item/cbc:Name'),
);
rule('BR-26', 'fatal', 'Each invoice line shall contain the item net price (BT-146).', lines, (e) =>
  has(e, 'cac:Price/cbc:PriceAmount'),
);
rule('BR-27', 'fatal', 'The item net price (BT-146) shall not be negative.', lines, (e) => {
  const price = num(e, 'cac:Price/cbc:PriceAmount');
  return !!price && compare(price, ZERO) >= 0;
});
rule('BR-CO-04', 'fatal', 'Each invoice line shall be categorised with a VAT category code (BT-151).', lines, (e) =>
  selectPath(e, 'cac:Item/cac:ClassifiedTaxCategory').some((c) => isVatScheme(c) && has(c, 'cbc:ID')),
);

// Invoicing period (BR-29, BR-CO-19): the document level one; line periods are never produced.
const documentPeriod = (d: Doc): XmlElement[] => selectPath(d.root, 'cac:InvoicePeriod');
rule(
  'BR-29',
  'fatal',
  'The invoicing period end date (BT-74) shall not be before its start date (BT-73).',
  documentPeriod,
  (e) => {
    const start = v(e, 'cbc:StartDate');
    const end = v(e, 'cbc:EndDate');
    return start === undefined || end === undefined || end >= start;
  },
);
rule(
  'BR-CO-19',
  'fatal',
  'An invoicing period (BG-14) shall have a start date (BT-73) or an end date (BT-74).',
  documentPeriod,
  (e) => has(e, 'cbc:StartDate') || has(e, 'cbc:EndDate') || has(e, 'cbc:DescriptionCode'),
);

// VAT breakdown (BR-45 … BR-48, BR-CO-14, BR-CO-17, BR-CO-18).
const subtotals = (d: Doc): XmlElement[] => d.matching('cac:TaxTotal/cac:TaxSubtotal');
const subtotalVatCategory = (e: XmlElement): XmlElement | undefined =>
  selectPath(e, 'cac:TaxCategory').find(isVatScheme);
rule('BR-45', 'fatal', 'Each VAT breakdown shall have a VAT category taxable amount (BT-116).', subtotals, (e) =>
  has(e, 'cbc:TaxableAmount'),
);
rule('BR-46', 'fatal', 'Each VAT breakdown shall have a VAT category tax amount (BT-117).', subtotals, (e) =>
  has(e, 'cbc:TaxAmount'),
);
rule('BR-47', 'fatal', 'Each VAT breakdown shall have a VAT category code (BT-118).', subtotals, (e) =>
  has(subtotalVatCategory(e), 'cbc:ID'),
);
rule(
  'BR-48',
  'fatal',
  'Each VAT breakdown shall have a VAT category rate (BT-119), except when not subject to VAT.',
  subtotals,
  (e) => {
    const category = subtotalVatCategory(e);
    return has(category, 'cbc:Percent') || v(category, 'cbc:ID') === 'O';
  },
);
rule(
  'BR-CO-14',
  'fatal',
  'The invoice total VAT amount (BT-110) shall equal the sum of the VAT category tax amounts (BT-117).',
  (d) => selectPath(d.root, 'cac:TaxTotal').filter((t) => has(t, 'cac:TaxSubtotal')),
  (e) => {
    const total = num(e, 'cbc:TaxAmount');
    const parts = selectPath(e, 'cac:TaxSubtotal').map((s) => num(s, 'cbc:TaxAmount'));
    return !!total && parts.every((p) => p !== undefined) && equals(total, round(sum(parts as Decimal[]), 2));
  },
);
rule(
  'BR-CO-17',
  'fatal',
  'The VAT category tax amount (BT-117) shall equal the taxable amount (BT-116) × the rate (BT-119), rounded to two decimals.',
  subtotals,
  (e) => {
    const tax = num(e, 'cbc:TaxAmount');
    const taxable = num(e, 'cbc:TaxableAmount');
    const percent = num(subtotalVatCategory(e), 'cbc:Percent');
    if (!tax) return false;
    if (!percent || equals(round(percent), ZERO)) {
      return equals(round(tax), ZERO);
    }
    if (!taxable) return false;
    return withinOne(abs(tax), round(shift(mul(abs(taxable), percent), 2), 2));
  },
);
rule('BR-CO-18', 'fatal', 'An invoice shall have at least one VAT breakdown (BG-23).', root, (e) =>
  has(e, 'cac:TaxTotal/cac:TaxSubtotal'),
);

function withinOne(a: Decimal, b: Decimal): boolean {
  const one = { units: 1n, scale: 0 };
  return compare(sub(a, one), b) < 0 && compare(add(a, one), b) > 0;
}

// Document totals (BR-CO-10 … BR-CO-16, BR-CO-25, BR-DEC-*).
rule(
  'BR-CO-10',
  'fatal',
  'The sum of line net amounts (BT-106) shall equal the sum of the invoice line net amounts (BT-131).',
  monetaryTotal,
  (e, d) => {
    const total = num(e, 'cbc:LineExtensionAmount');
    const parts = d.lines.map((line) => num(line, 'cbc:LineExtensionAmount'));
    return !!total && parts.every((p) => p !== undefined) && equals(total, round(sum(parts as Decimal[]), 2));
  },
);
function allowanceChargeTotal(d: Doc, charge: boolean): Decimal | undefined {
  const amounts = docAllowanceCharges(d)
    .filter((ac) => (charge ? isTrue(ac) : isFalse(ac)))
    .map((ac) => num(ac, 'cbc:Amount'));
  return amounts.every((a) => a !== undefined) ? round(sum(amounts as Decimal[]), 2) : undefined;
}
rule(
  'BR-CO-11',
  'fatal',
  'The sum of allowances on document level (BT-107) shall equal the sum of the document level allowances (BT-92).',
  monetaryTotal,
  (e, d) => {
    const given = num(e, 'cbc:AllowanceTotalAmount');
    const computed = allowanceChargeTotal(d, false);
    const none = docAllowanceCharges(d).filter(isFalse).length === 0;
    return given ? !!computed && equals(given, computed) : !has(e, 'cbc:AllowanceTotalAmount') && none;
  },
);
rule(
  'BR-CO-12',
  'fatal',
  'The sum of charges on document level (BT-108) shall equal the sum of the document level charges (BT-99).',
  monetaryTotal,
  (e, d) => {
    const given = num(e, 'cbc:ChargeTotalAmount');
    const computed = allowanceChargeTotal(d, true);
    const none = docAllowanceCharges(d).filter(isTrue).length === 0;
    return given ? !!computed && equals(given, computed) : !has(e, 'cbc:ChargeTotalAmount') && none;
  },
);
rule(
  'BR-CO-13',
  'fatal',
  'The total without VAT (BT-109) shall equal the line net sum (BT-106) − allowances (BT-107) + charges (BT-108).',
  monetaryTotal,
  (e) => {
    const exclusive = num(e, 'cbc:TaxExclusiveAmount');
    const lineSum = num(e, 'cbc:LineExtensionAmount');
    const allowances = num(e, 'cbc:AllowanceTotalAmount') ?? ZERO;
    const charges = num(e, 'cbc:ChargeTotalAmount') ?? ZERO;
    return !!exclusive && !!lineSum && equals(exclusive, round(sub(add(lineSum, charges), allowances), 2));
  },
);
rule(
  'BR-CO-15',
  'fatal',
  'The total with VAT (BT-112) shall equal the total without VAT (BT-109) + the total VAT (BT-110).',
  root,
  (e, d) => {
    const taxAmounts = selectPath(e, 'cac:TaxTotal/cbc:TaxAmount').filter((a) => a.attrs.currencyID === d.currency);
    const inclusive = num(e, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount');
    const exclusive = num(e, 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount');
    const tax = taxAmounts[0] ? parseDecimal(taxAmounts[0].text) : undefined;
    return (
      taxAmounts.length === 1 && !!inclusive && !!exclusive && !!tax && equals(inclusive, round(add(exclusive, tax), 2))
    );
  },
);
rule(
  'BR-CO-16',
  'fatal',
  'The amount due (BT-115) shall equal the total with VAT (BT-112) − paid amount (BT-113) + rounding amount (BT-114).',
  monetaryTotal,
  (e) => {
    const payable = num(e, 'cbc:PayableAmount');
    const inclusive = num(e, 'cbc:TaxInclusiveAmount');
    const prepaid = num(e, 'cbc:PrepaidAmount') ?? ZERO;
    const rounding = num(e, 'cbc:PayableRoundingAmount') ?? ZERO;
    return !!payable && !!inclusive && equals(round(sub(payable, rounding), 2), round(sub(inclusive, prepaid), 2));
  },
);
rule(
  'BR-CO-25',
  'fatal',
  'A positive amount due (BT-115) needs a payment due date (BT-9) or payment terms (BT-20).',
  (d) => (d.isInvoice ? selectPath(d.root, 'cac:LegalMonetaryTotal/cbc:PayableAmount') : []),
  (e, d) => {
    const amount = parseDecimal(e.text);
    return (
      (!!amount && compare(amount, ZERO) <= 0) ||
      d.named('cbc:DueDate').length > 0 ||
      has(d.root, 'cac:PaymentTerms/cbc:Note')
    );
  },
);
const decimals = (id: string, element: string, bt: string): void =>
  rule(id, 'fatal', `${element} (${bt}) shall have at most two decimals.`, monetaryTotal, (e) =>
    selectPath(e, `cbc:${element}`).every((a) => fractionDigits(a.text) <= 2),
  );
decimals('BR-DEC-09', 'LineExtensionAmount', 'BT-106');
decimals('BR-DEC-10', 'AllowanceTotalAmount', 'BT-107');
decimals('BR-DEC-11', 'ChargeTotalAmount', 'BT-108');
decimals('BR-DEC-12', 'TaxExclusiveAmount', 'BT-109');
decimals('BR-DEC-14', 'TaxInclusiveAmount', 'BT-112');
decimals('BR-DEC-16', 'PrepaidAmount', 'BT-113');
decimals('BR-DEC-17', 'PayableRoundingAmount', 'BT-114');
decimals('BR-DEC-18', 'PayableAmount', 'BT-115');
rule('BR-DEC-13', 'fatal', 'The total VAT amount (BT-110) shall have at most two decimals.', root, (e, d) =>
  selectPath(e, 'cac:TaxTotal/cbc:TaxAmount')
    .filter((a) => a.attrs.currencyID === d.currency)
    .every((a) => fractionDigits(a.text) <= 2),
);
rule(
  'BR-DEC-15',
  'fatal',
  'The total VAT amount in accounting currency (BT-111) shall have at most two decimals.',
  root,
  (e) => {
    const code = v(e, 'cbc:TaxCurrencyCode');
    return selectPath(e, 'cac:TaxTotal/cbc:TaxAmount')
      .filter((a) => a.attrs.currencyID === code)
      .every((a) => fractionDigits(a.text) <= 2);
  },
);
rule(
  'BR-DEC-19',
  'fatal',
  'The VAT category taxable amount (BT-116) shall have at most two decimals.',
  subtotals,
  (e) => selectPath(e, 'cbc:TaxableAmount').every((a) => fractionDigits(a.text) <= 2),
);
rule('BR-DEC-20', 'fatal', 'The VAT category tax amount (BT-117) shall have at most two decimals.', subtotals, (e) =>
  selectPath(e, 'cbc:TaxAmount').every((a) => fractionDigits(a.text) <= 2),
);
rule('BR-DEC-23', 'fatal', 'The invoice line net amount (BT-131) shall have at most two decimals.', lines, (e) =>
  selectPath(e, 'cbc:LineExtensionAmount').every((a) => fractionDigits(a.text) <= 2),
);

// Parties, payment and references.
rule(
  'BR-CO-09',
  'fatal',
  'A VAT identifier (BT-31, BT-48, BT-63) shall start with an ISO 3166-1 alpha-2 country prefix (EL for Greece).',
  (d) => d.named('cac:PartyTaxScheme').filter(isVatScheme),
  (e) => VAT_PREFIXES.has((v(e, 'cbc:CompanyID') ?? '').slice(0, 2)),
);
rule(
  'BR-CO-26',
  'fatal',
  'The seller identifier (BT-29), legal registration identifier (BT-30) or VAT identifier (BT-31) shall be present.',
  (d) => d.named('cac:AccountingSupplierParty'),
  (e) =>
    selectPath(e, 'cac:Party/cac:PartyTaxScheme').some((s) => isVatScheme(s) && has(s, 'cbc:CompanyID')) ||
    has(e, 'cac:Party/cac:PartyIdentification/cbc:ID') ||
    has(e, 'cac:Party/cac:PartyLegalEntity/cbc:CompanyID'),
);
rule(
  'BR-62',
  'fatal',
  'The seller electronic address (BT-34) shall have a scheme identifier.',
  (d) => d.matching('cac:AccountingSupplierParty/cac:Party/cbc:EndpointID'),
  (e) => e.attrs.schemeID !== undefined,
);
rule(
  'BR-63',
  'fatal',
  'The buyer electronic address (BT-49) shall have a scheme identifier.',
  (d) => d.matching('cac:AccountingCustomerParty/cac:Party/cbc:EndpointID'),
  (e) => e.attrs.schemeID !== undefined,
);
const paymentMeans = (d: Doc): readonly XmlElement[] => d.named('cac:PaymentMeans');
const creditTransfer = (e: XmlElement): boolean => ['30', '58'].includes(v(e, 'cbc:PaymentMeansCode') ?? '');
rule(
  'BR-49',
  'fatal',
  'A payment instruction (BG-16) shall specify the payment means type code (BT-81).',
  paymentMeans,
  (e) => has(e, 'cbc:PaymentMeansCode'),
);
rule(
  'BR-50',
  'fatal',
  'A payment account identifier (BT-84) shall be present with credit transfer (BG-17).',
  (d) =>
    paymentMeans(d)
      .filter(creditTransfer)
      .flatMap((m) => selectPath(m, 'cac:PayeeFinancialAccount')),
  (e) => filled(e, 'cbc:ID'),
);
rule(
  'BR-61',
  'fatal',
  'With a credit transfer payment means (30, 58) the payment account identifier (BT-84) shall be present.',
  paymentMeans,
  (e) => !creditTransfer(e) || has(e, 'cac:PayeeFinancialAccount/cbc:ID'),
);
rule(
  'BR-55',
  'fatal',
  'Each preceding invoice reference (BG-3) shall contain the preceding invoice number (BT-25).',
  (d) => d.named('cac:BillingReference'),
  (e) => has(e, 'cac:InvoiceDocumentReference/cbc:ID'),
);

// VAT category families (BR-S, BR-Z, BR-E, BR-AE, BR-G, BR-O): -01 breakdown present, -02 identifiers, -05 line
// rate, -08 taxable amount, -09 tax amount, -10 exemption reason; BR-O-11 and -12 (O stands alone). The
// allowance/charge variants (-03, -04, -06, -07, BR-O-13, -14) concern document level allowances and charges, which
// we never produce.
interface Family {
  readonly code: string;
  readonly prefix: string;
  readonly label: string;
  /** -02: the identifiers an invoice with such lines needs. */
  readonly identifiers: (d: Doc) => boolean;
  readonly identifiersText: string;
}

const FAMILIES: readonly Family[] = [
  {
    code: 'S',
    prefix: 'BR-S',
    label: 'Standard rated',
    identifiers: hasSellerTaxId,
    identifiersText: "the seller's VAT or tax registration identifier",
  },
  {
    code: 'Z',
    prefix: 'BR-Z',
    label: 'Zero rated',
    identifiers: hasSellerTaxId,
    identifiersText: "the seller's VAT or tax registration identifier",
  },
  {
    code: 'E',
    prefix: 'BR-E',
    label: 'Exempt from VAT',
    identifiers: hasSellerTaxId,
    identifiersText: "the seller's VAT or tax registration identifier",
  },
  {
    code: 'AE',
    prefix: 'BR-AE',
    label: 'Reverse charge',
    identifiers: (d) => hasSellerTaxId(d) && hasBuyerVatOrLegalId(d),
    identifiersText: "the seller's VAT identifier and the buyer's VAT or legal registration identifier",
  },
  {
    code: 'G',
    prefix: 'BR-G',
    label: 'Export outside the EU',
    identifiers: hasSellerVatId,
    identifiersText: "the seller's VAT identifier",
  },
  {
    code: 'O',
    prefix: 'BR-O',
    label: 'Not subject to VAT',
    identifiers: hasNoVatIds,
    identifiersText:
      "neither the seller's VAT identifier (BT-31), its tax representative's (BT-63) nor the buyer's (BT-48)",
  },
];

for (const f of FAMILIES) {
  const mentions = (d: Doc): boolean => vatCategories(d).some((c) => v(c, 'cbc:ID') === f.code);
  const breakdowns = (d: Doc): XmlElement[] => subtotalCategories(d).filter((c) => v(c, 'cbc:ID') === f.code);
  if (f.code === 'S') {
    rule(
      'BR-S-01',
      'fatal',
      'Lines standard rated need at least one "Standard rated" VAT breakdown, and only then.',
      root,
      (_e, d) => {
        const used =
          d.named('cac:ClassifiedTaxCategory').some((c) => v(c, 'cbc:ID') === 'S') ||
          d.matching('cac:AllowanceCharge/cac:TaxCategory').some((c) => v(c, 'cbc:ID') === 'S');
        const inBreakdown = selectPath(d.root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').some(
          (c) => v(c, 'cbc:ID') === 'S',
        );
        return used === inBreakdown;
      },
    );
  } else {
    rule(
      `${f.prefix}-01`,
      'fatal',
      `An invoice with "${f.label}" shall have exactly one "${f.label}" VAT breakdown.`,
      root,
      (_e, d) => !mentions(d) || breakdowns(d).length === 1,
    );
  }
  rule(
    `${f.prefix}-02`,
    'fatal',
    `Lines "${f.label}" need ${f.identifiersText}.`,
    root,
    (_e, d) =>
      !d.named('cac:ClassifiedTaxCategory').some((c) => isVatScheme(c) && v(c, 'cbc:ID') === f.code) ||
      f.identifiers(d),
  );
  rule(
    `${f.prefix}-05`,
    'fatal',
    f.code === 'S'
      ? 'A "Standard rated" line shall have a VAT rate above zero.'
      : f.code === 'O'
        ? 'A "Not subject to VAT" line shall not have a VAT rate (BT-152).'
        : `A "${f.label}" line shall have VAT rate 0.`,
    (d) => d.lines.map(lineCategory).filter((c): c is XmlElement => !!c && isVatScheme(c) && v(c, 'cbc:ID') === f.code),
    (e) => {
      if (f.code === 'O') return !has(e, 'cbc:Percent');
      const percent = num(e, 'cbc:Percent');
      return !!percent && (f.code === 'S' ? compare(percent, ZERO) > 0 : equals(percent, ZERO));
    },
  );
  rule(
    `${f.prefix}-08`,
    'fatal',
    `The "${f.label}" taxable amount (BT-116) shall equal the sum of its line net amounts, plus charges, minus allowances${f.code === 'S' ? ' at that rate' : ''}.`,
    breakdowns,
    (e, d) => {
      const taxable = num(e.parent ?? undefined, 'cbc:TaxableAmount');
      if (f.code !== 'S') {
        const base = categoryBase(d, f.code);
        return !!taxable && !!base && equals(taxable, base);
      }
      const rate = num(e, 'cbc:Percent');
      if (!rate || !taxable) return false;
      const hasUse =
        d.lines.some((line) => {
          const c = lineCategory(line);
          return !!c && v(c, 'cbc:ID') === 'S' && sameRate(c, rate);
        }) ||
        docAllowanceCharges(d).some((ac) =>
          selectPath(ac, 'cac:TaxCategory').some((c) => v(c, 'cbc:ID') === 'S' && sameRate(c, rate)),
        );
      const base = categoryBase(d, 'S', rate);
      return hasUse && !!base && withinOne(taxable, base);
    },
  );
  rule(
    `${f.prefix}-09`,
    'fatal',
    f.code === 'S'
      ? 'The "Standard rated" tax amount (BT-117) shall equal the taxable amount (BT-116) × the rate (BT-119).'
      : `The "${f.label}" tax amount (BT-117) shall be 0.`,
    breakdowns,
    (e) => {
      const tax = num(e.parent ?? undefined, 'cbc:TaxAmount');
      if (!tax) return false;
      if (f.code !== 'S') return equals(tax, ZERO);
      const taxable = num(e.parent ?? undefined, 'cbc:TaxableAmount');
      const rate = num(e, 'cbc:Percent');
      return !!taxable && !!rate && withinOne(abs(tax), round(shift(mul(abs(taxable), rate), 2), 2));
    },
  );
  const exempt = f.code !== 'S' && f.code !== 'Z';
  rule(
    `${f.prefix}-10`,
    'fatal',
    exempt
      ? `A "${f.label}" VAT breakdown shall have an exemption reason code (BT-121) or text (BT-120).`
      : `A "${f.label}" VAT breakdown shall not have an exemption reason code (BT-121) or text (BT-120).`,
    breakdowns,
    (e) => {
      const reason = has(e, 'cbc:TaxExemptionReason') || has(e, 'cbc:TaxExemptionReasonCode');
      return exempt ? reason : !reason;
    },
  );
}

const hasOBreakdown = (d: Doc): boolean => subtotalCategories(d).some((c) => v(c, 'cbc:ID') === 'O');
rule(
  'BR-O-11',
  'fatal',
  'An invoice with a "Not subject to VAT" VAT breakdown shall not contain other VAT breakdowns.',
  root,
  (_e, d) => !hasOBreakdown(d) || subtotalCategories(d).every((c) => v(c, 'cbc:ID') === 'O'),
);
rule(
  'BR-O-12',
  'fatal',
  'An invoice with a "Not subject to VAT" VAT breakdown shall not contain lines of another VAT category.',
  root,
  (_e, d) =>
    !hasOBreakdown(d) ||
    d
      .named('cac:ClassifiedTaxCategory')
      .filter(isVatScheme)
      .every((c) => v(c, 'cbc:ID') === 'O'),
);

// UBL syntax rules (UBL-SR-*, UBL-DT-*).
const once = (id: string, path: string, what: string, contexts: Rule['contexts'] = root): void =>
  rule(id, 'fatal', `${what} shall occur at most once.`, contexts, (e) => count(e, path) <= 1);
once('UBL-SR-05', 'cac:PaymentTerms/cbc:Note', 'Payment terms');
once('UBL-SR-08', 'cac:InvoicePeriod', 'Invoice period');
once('UBL-SR-09', 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName', 'Seller name');
once('UBL-SR-10', 'cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name', 'Seller trading name');
once(
  'UBL-SR-11',
  'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID',
  'Seller legal registration identifier',
);
rule(
  'UBL-SR-12',
  'fatal',
  'Seller VAT identifier shall occur at most once.',
  root,
  (_e, d) => vatCompanyIds(d.supplierParty).length <= 1,
);
rule(
  'UBL-SR-13',
  'fatal',
  'Seller tax registration shall occur at most once.',
  root,
  (_e, d) =>
    (d.supplierParty ? selectPath(d.supplierParty, 'cac:PartyTaxScheme') : [])
      .filter((s) => selectPath(s, 'cac:TaxScheme/cbc:ID').some((id) => id.text.toUpperCase() !== 'VAT'))
      .flatMap((s) => selectPath(s, 'cbc:CompanyID')).length <= 1,
);
once('UBL-SR-15', 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName', 'Buyer name');
once('UBL-SR-16', 'cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID', 'Buyer identifier');
once(
  'UBL-SR-17',
  'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID',
  'Buyer legal registration identifier',
);
rule(
  'UBL-SR-18',
  'fatal',
  'Buyer VAT identifier shall occur at most once.',
  root,
  (_e, d) => vatCompanyIds(d.customerParty).length <= 1,
);
once('UBL-SR-24', 'cac:Delivery', 'Deliver to information');
once('UBL-SR-40', 'cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name', 'Buyer trade name');
once('UBL-SR-26', 'cbc:PaymentID', 'Payment reference (per payment means)', paymentMeans);
once('UBL-SR-27', 'cbc:PaymentMeansCode', 'Payment means code (per payment means)', paymentMeans);
once('UBL-SR-06', 'cac:InvoiceDocumentReference', 'Preceding invoice reference (per billing reference)', (d) =>
  d.named('cac:BillingReference'),
);
rule(
  'UBL-SR-07',
  'fatal',
  'A preceding invoice reference shall contain the preceding invoice number.',
  (d) => d.named('cac:BillingReference'),
  (e) => has(e, 'cac:InvoiceDocumentReference/cbc:ID'),
);
once('UBL-SR-32', 'cac:TaxCategory/cbc:TaxExemptionReason', 'VAT exemption reason text (per VAT breakdown)', (d) =>
  d.named('cac:TaxSubtotal'),
);
once('UBL-SR-50', 'cac:Item/cbc:Description', 'Item description (per line)', lines);
rule(
  'UBL-SR-42',
  'fatal',
  'Party tax scheme shall occur at most twice in the seller party.',
  (d) => d.matching('cac:AccountingSupplierParty/cac:Party'),
  (e) => count(e, 'cac:PartyTaxScheme') <= 2,
);
rule(
  'UBL-SR-44',
  'fatal',
  'An invoice may only have one unique payment reference (PaymentID).',
  root,
  (_e, d) => new Set(d.named('cbc:PaymentID').map((p) => p.text)).size <= 1,
);
rule(
  'UBL-SR-47',
  'fatal',
  'When there is more than one payment means code, they shall be equal.',
  root,
  (_e, d) => new Set(d.named('cbc:PaymentMeansCode').map((p) => p.text)).size <= 1,
);
rule(
  'UBL-SR-48',
  'fatal',
  'Each invoice line shall have exactly one classified tax category.',
  lines,
  (e) => count(e, 'cac:Item/cac:ClassifiedTaxCategory') === 1,
);
rule(
  'UBL-SR-51',
  'fatal',
  'An address can only have one third address line.',
  (d) => [...d.named('cac:PostalAddress'), ...d.named('cac:Address')],
  (e) => count(e, 'cac:AddressLine') <= 1,
);
rule(
  'UBL-SR-53',
  'fatal',
  'A party tax scheme shall state both the company identifier and the tax scheme.',
  (d) => d.named('cac:PartyTaxScheme'),
  (e) => has(e, 'cac:TaxScheme/cbc:ID') && has(e, 'cbc:CompanyID'),
);
rule(
  'UBL-DT-01',
  'fatal',
  'Amounts shall have at most two decimals.',
  (d) =>
    d.all.filter((e) => e.local.endsWith('Amount') && !e.local.endsWith('PriceAmount') && !insidePriceAllowance(e)),
  (e) => fractionDigits(e.text) <= 2,
);
function insidePriceAllowance(e: XmlElement): boolean {
  for (let node = e.parent; node; node = node.parent) {
    if (node.name === 'cac:AllowanceCharge' && node.parent?.name === 'cac:Price') return true;
  }
  return false;
}
/** UBL-DT-08 … UBL-DT-28: attributes the EN 16931 binding does not use (UBL-DT-18, name, is checked apart). */
export const NOT_USED_ATTRIBUTES: ReadonlyArray<readonly [rule: string, attribute: string]> = [
  ['UBL-DT-08', 'schemeName'],
  ['UBL-DT-09', 'schemeAgencyName'],
  ['UBL-DT-10', 'schemeDataURI'],
  ['UBL-DT-11', 'schemeURI'],
  ['UBL-DT-12', 'format'],
  ['UBL-DT-13', 'unitCodeListIdentifier'],
  ['UBL-DT-14', 'unitCodeListAgencyIdentifier'],
  ['UBL-DT-15', 'unitCodeListAgencyName'],
  ['UBL-DT-16', 'listAgencyName'],
  ['UBL-DT-17', 'listName'],
  ['UBL-DT-19', 'languageID'],
  ['UBL-DT-20', 'listURI'],
  ['UBL-DT-21', 'listSchemeURI'],
  ['UBL-DT-22', 'languageLocaleID'],
  ['UBL-DT-23', 'uri'],
  ['UBL-DT-24', 'currencyCodeListVersionID'],
  ['UBL-DT-25', 'characterSetCode'],
  ['UBL-DT-26', 'encodingCode'],
  ['UBL-DT-27', 'schemeAgencyID'],
  ['UBL-DT-28', 'listAgencyID'],
];
for (const [id, attribute] of NOT_USED_ATTRIBUTES) {
  rule(
    id,
    'warning',
    `The attribute ${attribute} should not be present.`,
    root,
    (_e, d) => !d.attributeNames.has(attribute),
  );
}
rule(
  'UBL-DT-18',
  'warning',
  'The name attribute should not be present (except on the payment means code).',
  root,
  (_e, d) => !d.all.some((e) => 'name' in e.attrs && e.name !== 'cbc:PaymentMeansCode'),
);

// UBL-CR-001 … UBL-CR-682 each warn about one UBL element the EN 16931 binding does not use; checked here at once
// against the Peppol BIS syntax tree (ubl-syntax.ts), reported as UBL-CR with the element's location.
rule(
  'UBL-CR',
  'warning',
  'The document should not contain an element the Peppol BIS 3 syntax does not use.',
  (d) => {
    const syntax = d.isInvoice ? INVOICE_SYNTAX : CREDIT_NOTE_SYNTAX;
    return d.all.filter((e) => e !== d.root && !syntax.has(relativePath(e)));
  },
  () => false,
);
function relativePath(element: XmlElement): string {
  const steps: string[] = [];
  for (let node: XmlElement | null = element; node?.parent; node = node.parent) {
    steps.push(node.name);
  }
  return steps.reverse().join('/');
}

// Code lists (BR-CL-*, PEPPOL-EN16931-CL*, P01*).
const AMOUNT_ELEMENTS = new Set(
  'Amount BaseAmount PriceAmount TaxAmount TaxableAmount LineExtensionAmount TaxExclusiveAmount TaxInclusiveAmount AllowanceTotalAmount ChargeTotalAmount PrepaidAmount PayableRoundingAmount PayableAmount'
    .split(' ')
    .map((n) => `cbc:${n}`),
);
const amounts = (d: Doc): XmlElement[] => d.all.filter((e) => AMOUNT_ELEMENTS.has(e.name));
const INVOICE_TYPES = new Set(
  '71 80 81 82 84 102 130 202 203 204 211 218 219 295 325 326 331 380 382 383 384 385 386 387 388 389 390 393 394 395 456 457 471 472 473 500 501 502 503 527 553 575 623 633 751 780 817 870 875 876 877 935'.split(
    ' ',
  ),
);
const CREDIT_NOTE_TYPES = new Set('81 83 261 262 296 308 381 396 420 458 532'.split(' '));
const PEPPOL_INVOICE_TYPES = new Set(
  '71 80 82 84 102 218 219 326 331 380 382 383 384 386 388 393 395 553 575 623 780 817 870 875 876 877'.split(' '),
);
const PEPPOL_CREDIT_NOTE_TYPES = new Set('381 396 81 83 532'.split(' '));
const UNCL_5305 = new Set('AE L M E S Z G O K B'.split(' '));

rule(
  'BR-CL-01',
  'fatal',
  'The document type code shall be from UNTDID 1001 (invoice or credit note codes).',
  (d) => [...d.named('cbc:InvoiceTypeCode'), ...d.named('cbc:CreditNoteTypeCode')],
  (e) => (e.name === 'cbc:InvoiceTypeCode' ? INVOICE_TYPES : CREDIT_NOTE_TYPES).has(text(e)),
);
rule('BR-CL-03', 'fatal', 'currencyID shall be an ISO 4217 alpha-3 code.', amounts, (e) =>
  ISO_4217.has(normalizeSpace(e.attrs.currencyID ?? '')),
);
rule(
  'BR-CL-04',
  'fatal',
  'The invoice currency code shall be an ISO 4217 alpha-3 code.',
  (d) => d.named('cbc:DocumentCurrencyCode'),
  (e) => ISO_4217.has(text(e)),
);
rule(
  'BR-CL-05',
  'fatal',
  'The tax currency code shall be an ISO 4217 alpha-3 code.',
  (d) => d.named('cbc:TaxCurrencyCode'),
  (e) => ISO_4217.has(text(e)),
);
rule(
  'BR-CL-08',
  'fatal',
  'An invoice note subject code (#XXX#) shall be from UNCL 4451.',
  (d) => selectPath(d.root, 'cbc:Note'),
  (e) => {
    const match = /#([^#]*)#/.exec(e.text);
    return !match || (match[1] ?? '').length !== 3 || UNCL_4451.has(match[1] ?? '');
  },
);
rule(
  'BR-CL-10',
  'fatal',
  'An identifier scheme shall be from the ISO 6523 ICD list.',
  (d) => d.matching('cac:PartyIdentification/cbc:ID').filter((e) => e.attrs.schemeID !== undefined),
  (e) => ICD.has(normalizeSpace(e.attrs.schemeID ?? '')),
);
rule(
  'BR-CL-11',
  'fatal',
  'A registration identifier scheme shall be from the ISO 6523 ICD list.',
  (d) => d.matching('cac:PartyLegalEntity/cbc:CompanyID').filter((e) => e.attrs.schemeID !== undefined),
  (e) => ICD.has(normalizeSpace(e.attrs.schemeID ?? '')),
);
rule(
  'BR-CL-14',
  'fatal',
  'Country codes shall be ISO 3166-1 alpha-2.',
  (d) => d.matching('cac:Country/cbc:IdentificationCode'),
  (e) => ISO_3166.has(text(e)),
);
rule(
  'BR-CL-16',
  'fatal',
  'The payment means code shall be from UNCL 4461.',
  (d) => d.matching('cac:PaymentMeans/cbc:PaymentMeansCode'),
  (e) => UNCL_4461.has(text(e)),
);
rule(
  'BR-CL-17',
  'fatal',
  'Tax categories shall be from UNCL 5305.',
  (d) => d.matching('cac:TaxCategory/cbc:ID'),
  (e) => UNCL_5305.has(text(e)),
);
rule(
  'BR-CL-18',
  'fatal',
  'Line tax categories shall be from UNCL 5305.',
  (d) => d.matching('cac:ClassifiedTaxCategory/cbc:ID'),
  (e) => UNCL_5305.has(text(e)),
);
rule(
  'BR-CL-22',
  'fatal',
  'The exemption reason code shall be from the CEF VATEX list.',
  (d) => d.named('cbc:TaxExemptionReasonCode'),
  (e) => VATEX.has(text(e).toUpperCase()),
);
rule(
  'BR-CL-23',
  'fatal',
  'Unit codes shall be from UN/ECE Recommendation 20 (with Rec 21).',
  (d) =>
    [...d.named('cbc:InvoicedQuantity'), ...d.named('cbc:BaseQuantity'), ...d.named('cbc:CreditedQuantity')].filter(
      (e) => e.attrs.unitCode !== undefined,
    ),
  (e) => REC_20.has(normalizeSpace(e.attrs.unitCode ?? '')),
);
rule(
  'BR-CL-25',
  'fatal',
  'The endpoint scheme shall be from the CEF EAS list.',
  (d) => d.named('cbc:EndpointID').filter((e) => e.attrs.schemeID !== undefined),
  (e) => EAS.has(normalizeSpace(e.attrs.schemeID ?? '')),
);
rule('PEPPOL-EN16931-CL007', 'fatal', 'Currency codes shall be from ISO 4217.', amounts, (e) =>
  PEPPOL_ISO_4217.has(e.attrs.currencyID ?? ''),
);
rule(
  'PEPPOL-EN16931-CL008',
  'fatal',
  'The electronic address scheme shall be from the Peppol EAS list.',
  (d) => d.named('cbc:EndpointID').filter((e) => e.attrs.schemeID !== undefined),
  (e) => PEPPOL_EAS.has(e.attrs.schemeID ?? ''),
);
rule(
  'PEPPOL-EN16931-P0100',
  'fatal',
  'The invoice type code shall be one the billing profile allows.',
  (d) => d.named('cbc:InvoiceTypeCode'),
  (e, d) => d.profile !== '01' || PEPPOL_INVOICE_TYPES.has(text(e)),
);
rule(
  'PEPPOL-EN16931-P0101',
  'fatal',
  'The credit note type code shall be one the billing profile allows.',
  (d) => d.named('cbc:CreditNoteTypeCode'),
  (e, d) => d.profile !== '01' || PEPPOL_CREDIT_NOTE_TYPES.has(text(e)),
);
const bothGerman = (d: Doc): boolean =>
  d.country(d.supplierParty).toUpperCase() === 'DE' && d.country(d.customerParty).toUpperCase() === 'DE';
rule(
  'PEPPOL-EN16931-P0112',
  'fatal',
  'Invoice type codes 326 and 384 are only for German buyers and sellers.',
  (d) => d.named('cbc:InvoiceTypeCode'),
  (e, d) => !['326', '384'].includes(text(e)) || bothGerman(d),
);
const EXEMPTION_CATEGORY: ReadonlyArray<readonly [string, string, string]> = [
  ['PEPPOL-EN16931-P0104', 'VATEX-EU-G', 'G'],
  ['PEPPOL-EN16931-P0105', 'VATEX-EU-O', 'O'],
  ['PEPPOL-EN16931-P0106', 'VATEX-EU-IC', 'K'],
  ['PEPPOL-EN16931-P0107', 'VATEX-EU-AE', 'AE'],
  ['PEPPOL-EN16931-P0108', 'VATEX-EU-D', 'E'],
  ['PEPPOL-EN16931-P0109', 'VATEX-EU-F', 'E'],
  ['PEPPOL-EN16931-P0110', 'VATEX-EU-I', 'E'],
  ['PEPPOL-EN16931-P0111', 'VATEX-EU-J', 'E'],
];
for (const [id, code, category] of EXEMPTION_CATEGORY) {
  rule(
    id,
    'fatal',
    `Tax category ${category} shall be used with exemption reason code ${code}.`,
    (d) => d.named('cac:TaxCategory').filter((c) => (v(c, 'cbc:TaxExemptionReasonCode') ?? '').toUpperCase() === code),
    (e) => v(e, 'cbc:ID') === category,
  );
}
rule(
  'PEPPOL-EN16931-F001',
  'fatal',
  'A date shall be formatted YYYY-MM-DD.',
  (d) =>
    ['IssueDate', 'DueDate', 'TaxPointDate', 'StartDate', 'EndDate', 'ActualDeliveryDate'].flatMap((n) =>
      d.named(`cbc:${n}`),
    ),
  (e) => isDate(e.text),
);
function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// Peppol document rules (PEPPOL-EN16931-R*).
rule('PEPPOL-EN16931-R001', 'fatal', 'The business process (ProfileID) shall be provided.', root, (e) =>
  has(e, 'cbc:ProfileID'),
);
rule(
  'PEPPOL-EN16931-R002',
  'fatal',
  'No more than one note is allowed on document level.',
  root,
  (e, d) => count(e, 'cbc:Note') <= 1 || bothGerman(d),
);
rule(
  'PEPPOL-EN16931-R003',
  'fatal',
  'A buyer reference or purchase order reference shall be provided.',
  root,
  (e) => has(e, 'cbc:BuyerReference') || has(e, 'cac:OrderReference/cbc:ID'),
);
rule('PEPPOL-EN16931-R004', 'fatal', `The specification identifier shall be "${PEPPOL_CUSTOMIZATION}".`, root, (e) =>
  (v(e, 'cbc:CustomizationID') ?? '').startsWith(PEPPOL_CUSTOMIZATION),
);
rule(
  'PEPPOL-EN16931-R005',
  'fatal',
  'The VAT accounting currency shall differ from the invoice currency when given.',
  (d) => d.named('cbc:TaxCurrencyCode'),
  (e, d) => text(e) !== d.currency,
);
rule(
  'PEPPOL-EN16931-R007',
  'fatal',
  "The business process shall be 'urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0'.",
  root,
  (_e, d) => d.profile !== 'Unknown',
);
rule(
  'PEPPOL-EN16931-R008',
  'fatal',
  'The document shall not contain empty elements.',
  (d) => d.all.filter((e) => e.children.length === 0 && text(e) === ''),
  () => false,
);
rule(
  'PEPPOL-EN16931-R010',
  'fatal',
  'The buyer electronic address shall be provided.',
  (d) => d.matching('cac:AccountingCustomerParty/cac:Party'),
  (e) => has(e, 'cbc:EndpointID'),
);
rule(
  'PEPPOL-EN16931-R020',
  'fatal',
  'The seller electronic address shall be provided.',
  (d) => d.matching('cac:AccountingSupplierParty/cac:Party'),
  (e) => has(e, 'cbc:EndpointID'),
);
rule(
  'PEPPOL-EN16931-R051',
  'fatal',
  'All currencyID attributes shall equal the invoice currency, except the VAT total in accounting currency.',
  (d) =>
    amounts(d).filter(
      (e) => !(e.name === 'cbc:TaxAmount' && e.parent?.name === 'cac:TaxTotal' && !has(e.parent, 'cac:TaxSubtotal')),
    ),
  (e, d) => e.attrs.currencyID === d.currency,
);
rule(
  'PEPPOL-EN16931-R053',
  'fatal',
  'Exactly one tax total with tax subtotals shall be provided.',
  root,
  (e) => selectPath(e, 'cac:TaxTotal').filter((t) => has(t, 'cac:TaxSubtotal')).length === 1,
);
rule(
  'PEPPOL-EN16931-R054',
  'fatal',
  'One tax total without subtotals shall be provided exactly when a tax currency code is given.',
  root,
  (e) =>
    selectPath(e, 'cac:TaxTotal').filter((t) => !has(t, 'cac:TaxSubtotal')).length ===
    (has(e, 'cbc:TaxCurrencyCode') ? 1 : 0),
);
rule(
  'PEPPOL-EN16931-R055',
  'fatal',
  'The total VAT and the total VAT in accounting currency shall have the same sign.',
  root,
  (e, d) => {
    const taxCurrency = v(e, 'cbc:TaxCurrencyCode');
    if (taxCurrency === undefined) return true;
    const totals = selectPath(e, 'cac:TaxTotal/cbc:TaxAmount');
    const signs = (currency: string): number[] =>
      totals.filter((a) => a.attrs.currencyID === currency).map((a) => compare(parseDecimal(a.text) ?? ZERO, ZERO));
    const inTax = signs(taxCurrency);
    const inDoc = signs(d.currency);
    return (
      (inTax.every((s) => s <= 0) && inDoc.every((s) => s <= 0)) ||
      (inTax.every((s) => s >= 0) && inDoc.every((s) => s >= 0))
    );
  },
);
rule(
  'PEPPOL-EN16931-R120',
  'fatal',
  'The line net amount shall equal quantity × (price ÷ base quantity) + line charges − line allowances.',
  lines,
  (e, d) => {
    const lineAmount = num(e, 'cbc:LineExtensionAmount') ?? ZERO;
    const quantity = num(e, d.isInvoice ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity') ?? { units: 1n, scale: 0 };
    const price = num(e, 'cac:Price/cbc:PriceAmount') ?? ZERO;
    const givenBase = num(e, 'cac:Price/cbc:BaseQuantity');
    const base = givenBase && !equals(givenBase, ZERO) ? givenBase : { units: 1n, scale: 0 };
    const lineAc = selectPath(e, 'cac:AllowanceCharge');
    const total = (charge: boolean): Decimal =>
      round(
        sum(lineAc.filter((ac) => (charge ? isTrue(ac) : isFalse(ac))).map((ac) => num(ac, 'cbc:Amount') ?? ZERO)),
        2,
      );
    // |net − (q × p / b + charges − allowances)| ≤ 0.02, multiplied through by b (> 0 here) to stay exact.
    const expectedTimesBase = add(mul(quantity, price), mul(sub(total(true), total(false)), base));
    const difference = abs(sub(mul(lineAmount, base), expectedTimesBase));
    return compare(difference, mul({ units: 2n, scale: 2 }, abs(base))) <= 0;
  },
);
rule('PEPPOL-EN16931-R121', 'fatal', 'The base quantity shall be above zero.', lines, (e) => {
  if (!has(e, 'cac:Price/cbc:BaseQuantity')) return true;
  const base = num(e, 'cac:Price/cbc:BaseQuantity');
  return !!base && compare(base, ZERO) > 0;
});
rule(
  'PEPPOL-EN16931-R130',
  'fatal',
  'The unit code of the price base quantity shall be that of the invoiced quantity.',
  (d) => d.matching('cac:Price/cbc:BaseQuantity').filter((e) => e.attrs.unitCode !== undefined),
  (e) => {
    const line = e.parent?.parent;
    const quantity = line
      ? [...selectPath(line, 'cbc:InvoicedQuantity'), ...selectPath(line, 'cbc:CreditedQuantity')][0]
      : undefined;
    return !quantity || quantity.attrs.unitCode === e.attrs.unitCode;
  },
);

// Identifier formats by scheme (PEPPOL-COMMON-R040 … R050).
const identifiersWithScheme =
  (scheme: string) =>
  (d: Doc): XmlElement[] =>
    [...d.named('cbc:EndpointID'), ...d.matching('cac:PartyIdentification/cbc:ID'), ...d.named('cbc:CompanyID')].filter(
      (e) => e.attrs.schemeID === scheme,
    );
const digitsOf = (s: string): number[] => [...s].map((c) => c.charCodeAt(0) - 48);
rule(
  'PEPPOL-COMMON-R040',
  'fatal',
  'A GLN (0088) shall have a valid GS1 check digit.',
  identifiersWithScheme('0088'),
  (e) => {
    const value = text(e);
    if (!/^\d+$/.test(value)) return false;
    const payload = digitsOf(value.slice(0, -1)).reverse();
    const weighted = payload.reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 3 : 1), 0);
    return (10 - (weighted % 10)) % 10 === Number(value.slice(-1));
  },
);
rule(
  'PEPPOL-COMMON-R041',
  'fatal',
  'A Norwegian organisation number (0192) shall be 9 digits with a valid modulus 11 check digit.',
  identifiersWithScheme('0192'),
  (e) => {
    const value = text(e);
    if (!/^\d{9}$/.test(value) || Number(value) === 0) return false;
    const payload = digitsOf(value.slice(0, -1)).reverse();
    const weighted = payload.reduce((acc, digit, i) => acc + digit * ((i % 6) + 2), 0);
    return (11 - (weighted % 11)) % 11 === Number(value.slice(-1));
  },
);
rule(
  'PEPPOL-COMMON-R042',
  'fatal',
  'A Danish CVR number (0184) shall be 8 digits, optionally prefixed DK.',
  identifiersWithScheme('0184'),
  (e) => /^(DK)?\d{8}$/.test(e.text),
);
rule(
  'PEPPOL-COMMON-R043',
  'fatal',
  'A Belgian enterprise number (0208) shall be 10 digits with a valid modulus 97 check.',
  identifiersWithScheme('0208'),
  (e) => {
    const value = text(e);
    return /^\d{10}$/.test(value) && Number(value.slice(8)) === 97 - (Number(value.slice(0, 8)) % 97);
  },
);
rule(
  'PEPPOL-COMMON-R044',
  'warning',
  'An Italian IPA code (0201) should be 6 letters or digits.',
  identifiersWithScheme('0201'),
  (e) => /^[A-Za-z0-9]{6}$/.test(text(e)),
);
rule(
  'PEPPOL-COMMON-R045',
  'warning',
  'An Italian tax code (0210) should be a 16-character codice fiscale or 11 digits.',
  identifiersWithScheme('0210'),
  (e) => isCodiceFiscale(text(e)),
);
rule(
  'PEPPOL-COMMON-R046',
  'warning',
  'An Italian tax code endpoint (9907) should be a 16-character codice fiscale or 11 digits.',
  (d) => d.named('cbc:EndpointID').filter((e) => e.attrs.schemeID === '9907'),
  (e) => isCodiceFiscale(text(e)),
);
rule(
  'PEPPOL-COMMON-R047',
  'warning',
  'An Italian VAT code (0211) should be IT + 11 digits with a valid check digit.',
  identifiersWithScheme('0211'),
  (e) => {
    const value = text(e);
    if (value.slice(0, 2).toUpperCase() !== 'IT') return true;
    const digits = value.slice(2);
    if (!/^\d{11}$/.test(digits)) return false;
    const total = digitsOf(digits).reduce(
      (acc, digit, i) => acc + (i % 2 === 0 ? digit : Number('0246813579'[digit])),
      0,
    );
    return total % 10 === 0;
  },
);
/** u:checkCF of the Peppol rules: 11 digits, or the 16-character personal codice fiscale pattern. */
function isCodiceFiscale(value: string): boolean {
  if (value.length === 11) return /^[+-]?\d+$/.test(value);
  return (
    value.length === 16 &&
    /^[A-Za-z]{6}[+-]?\d+$/.test(value.slice(0, 8)) &&
    /^[A-Za-z]$/.test(value[8] ?? '') &&
    /^[+-]?\d+$/.test(value.slice(9, 11)) &&
    /^[+-]?\d$/.test(value[14] ?? '') &&
    /^[A-Za-z]$/.test(value[15] ?? '')
  );
}
rule(
  'PEPPOL-COMMON-R049',
  'fatal',
  'A Swedish organisation number (0007) shall be 10 digits with a valid Luhn check digit.',
  identifiersWithScheme('0007'),
  (e) => text(e).length === 10 && isSwedishOrganisationNumber(text(e)),
);
rule(
  'PEPPOL-COMMON-R050',
  'fatal',
  'An Australian Business Number (0151) shall be 11 digits with a valid checksum.',
  identifiersWithScheme('0151'),
  (e) => {
    const value = text(e);
    if (!/^\d{11}$/.test(value)) return false;
    const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
    const digits = digitsOf(value);
    const total = digits.reduce((acc, digit, i) => acc + (i === 0 ? digit - 1 : digit) * (weights[i] ?? 0), 0);
    return total % 89 === 0;
  },
);

/** u:checkSEOrgnr of the Peppol rules: digits, and the 10th digit is the Luhn check digit of the first nine. */
function isSwedishOrganisationNumber(value: string): boolean {
  return /^\d{10,}$/.test(value) && luhnCheckDigit(value.slice(0, 9)) === Number(value[9]);
}

// Swedish national rules (SE-R-001 … SE-R-013), for a seller in Sweden.
const swedishSupplierWithSeVat = (d: Doc): boolean =>
  d.country(d.supplierParty) === 'SE' && vatCompanyIds(d.supplierParty).some((id) => id.text.startsWith('SE'));
rule(
  'SE-R-001',
  'fatal',
  'A Swedish seller VAT number shall have 14 characters (SE + 12 digits).',
  (d) => (swedishSupplierWithSeVat(d) && d.supplierParty ? [d.supplierParty] : []),
  (e) => vatCompanyIds(e).every((id) => text(id).length === 14),
);
rule(
  'SE-R-002',
  'fatal',
  'The 12 characters after SE in a Swedish seller VAT number shall be numeric.',
  (d) => (swedishSupplierWithSeVat(d) && d.supplierParty ? [d.supplierParty] : []),
  (e) => vatCompanyIds(e).every((id) => isXPathNumber(id.text.slice(2, 14))),
);
const swedishLegalEntity = (d: Doc): XmlElement[] =>
  d.country(d.supplierParty) === 'SE' && d.supplierParty
    ? selectPath(d.supplierParty, 'cac:PartyLegalEntity').filter((l) => has(l, 'cbc:CompanyID'))
    : [];
rule('SE-R-003', 'fatal', 'A Swedish organisation number shall be numeric.', swedishLegalEntity, (e) =>
  isXPathNumber(v(e, 'cbc:CompanyID') ?? ''),
);
rule(
  'SE-R-004',
  'fatal',
  'A Swedish organisation number shall have 10 characters.',
  swedishLegalEntity,
  (e) => (v(e, 'cbc:CompanyID') ?? '').length === 10,
);
rule(
  'SE-R-013',
  'fatal',
  'The last digit of a Swedish organisation number shall be its Luhn check digit.',
  swedishLegalEntity,
  (e) => isSwedishOrganisationNumber(v(e, 'cbc:CompanyID') ?? ''),
);
rule(
  'SE-R-005',
  'fatal',
  "A Swedish seller's tax registration (BT-32) shall read 'Godkänd för F-skatt'.",
  (d) =>
    d.country(d.supplierParty) === 'SE' && has(d.supplierParty, 'cac:PartyLegalEntity/cbc:CompanyID') && d.supplierParty
      ? selectPath(d.supplierParty, 'cac:PartyTaxScheme')
          .filter((s) => (v(s, 'cac:TaxScheme/cbc:ID') ?? '').toUpperCase() !== 'VAT')
          .flatMap((s) => selectPath(s, 'cbc:CompanyID'))
      : [],
  (e) => text(e).toUpperCase() === 'GODKÄND FÖR F-SKATT',
);
rule(
  'SE-R-006',
  'fatal',
  'A Swedish seller uses only the standard VAT rates 25, 12 and 6 %.',
  (d) =>
    swedishSupplierWithSeVat(d)
      ? [...d.named('cac:TaxCategory'), ...d.named('cac:ClassifiedTaxCategory')].filter((c) => v(c, 'cbc:ID') === 'S')
      : [],
  (e) =>
    ['25', '12', '6'].some((rate) => {
      const percent = num(e, 'cbc:Percent');
      return !!percent && equals(percent, parseDecimal(rate) as Decimal);
    }),
);
const swedishGiroAccounts =
  (branch: string) =>
  (d: Doc): XmlElement[] =>
    d.country(d.supplierParty) === 'SE'
      ? d
          .named('cac:PaymentMeans')
          .filter(
            (m) =>
              v(m, 'cbc:PaymentMeansCode') === '30' &&
              v(m, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID') === branch,
          )
          .flatMap((m) => selectPath(m, 'cac:PayeeFinancialAccount/cbc:ID'))
      : [];
rule('SE-R-007', 'warning', 'A Plusgiro account ID shall be numeric.', swedishGiroAccounts('SE:PLUSGIRO'), (e) =>
  isXPathNumber(text(e)),
);
rule(
  'SE-R-010',
  'warning',
  'A Plusgiro account ID shall have 2–8 characters.',
  swedishGiroAccounts('SE:PLUSGIRO'),
  (e) => text(e).length >= 2 && text(e).length <= 8,
);
rule('SE-R-008', 'warning', 'A Bankgiro account ID shall be numeric.', swedishGiroAccounts('SE:BANKGIRO'), (e) =>
  isXPathNumber(text(e)),
);
rule(
  'SE-R-009',
  'warning',
  'A Bankgiro account ID shall have 7 or 8 characters.',
  swedishGiroAccounts('SE:BANKGIRO'),
  (e) => text(e).length === 7 || text(e).length === 8,
);
rule(
  'SE-R-011',
  'warning',
  'Bankgiro and Plusgiro are stated with payment means code 30 and branch SE:BANKGIRO or SE:PLUSGIRO, not 50 or 56.',
  (d) =>
    d.country(d.supplierParty) === 'SE'
      ? d
          .named('cac:PaymentMeans')
          .filter((m) => ['50', '56'].includes(selectPath(m, 'cbc:PaymentMeansCode')[0]?.text ?? ''))
      : [],
  () => false,
);
rule(
  'SE-R-012',
  'warning',
  'Between Swedish trading partners, credit transfer is payment means code 30, not 31.',
  (d) =>
    d.country(d.supplierParty) === 'SE' && d.country(d.customerParty) === 'SE'
      ? d.named('cac:PaymentMeans').filter((m) => selectPath(m, 'cbc:PaymentMeansCode')[0]?.text === '31')
      : [],
  () => false,
);

/** Every rule id checkEInvoice implements (the tests prove each one with a document that breaks it). */
export const IMPLEMENTED_RULES: readonly string[] = rules.map((r) => r.id);

/**
 * All failures of a UBL Invoice or CreditNote against the rules above, fatal and warnings. A document with a fatal
 * failure must not be sent; we send none with warnings either (the tests keep our documents free of both).
 */
export function checkEInvoice(xml: string): RuleFailure[] {
  let parsed: XmlElement;
  try {
    parsed = parseXml(xml, PREFIXES);
  } catch (error) {
    if (error instanceof XmlParseError) {
      return [
        { rule: 'XML-WELL-FORMED', flag: 'fatal', message: `Not well-formed XML: ${error.message}`, location: '/' },
      ];
    }
    throw error;
  }
  if (parsed.name !== 'ubl:Invoice' && parsed.name !== 'cn:CreditNote') {
    return [
      {
        rule: 'UBL',
        flag: 'fatal',
        message: 'The root element is not a UBL 2.1 Invoice or CreditNote.',
        location: locationOf(parsed),
      },
    ];
  }
  const d = new Doc(parsed);
  const failures: RuleFailure[] = [];
  for (const r of rules) {
    for (const context of r.contexts(d)) {
      if (!r.test(context, d)) {
        failures.push({ rule: r.id, flag: r.flag, message: r.message, location: locationOf(context) });
      }
    }
  }
  return failures;
}

export function hasFatalFailure(failures: readonly RuleFailure[]): boolean {
  return failures.some((failure) => failure.flag === 'fatal');
}
