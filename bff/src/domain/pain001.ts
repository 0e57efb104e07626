// Writes the ISO 20022 pain.001.001.03 credit transfer initiation for a batch of salary payouts: one payment
// information block per execution date, one transaction per payout, with the counts and control sums banks check.

import { XMLBuilder } from 'fast-xml-parser';
import { escapeXmlAttribute, escapeXmlText, isXmlSafeText, XML_DECLARATION } from './xml-writer.ts';

export const PAIN_001_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

// fast-xml-parser's builder rather than a DOM builder: a 10 000-payout file is about 4 MB, and writing it through a DOM
// took four times as long. Texts and attributes are escaped by the one escaping of xml-writer.ts (the builder's own
// leaves a carriage return raw, which a parser reads back as a line feed).
const writer = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: false,
  processEntities: false,
});

/** The document tree with every string leaf escaped: `@_` keys as attributes, the rest as element text. */
function escaped(node: unknown, key = ''): unknown {
  if (typeof node === 'string') return key.startsWith('@_') ? escapeXmlAttribute(node) : escapeXmlText(node);
  if (Array.isArray(node)) return node.map((item) => escaped(item, key));
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([name, value]) => [name, escaped(value, name)]));
  }
  return node;
}

/** A Swedish account: clearing number (4 or 5 digits) and account number, sent as BBAN with the clearing as member id. */
export interface DomesticAccount {
  readonly kind: 'domestic';
  readonly clearingNumber: string;
  readonly accountNumber: string;
}

export interface IbanAccount {
  readonly kind: 'iban';
  readonly iban: string;
  /** Required by most banks outside SEPA; optional inside. */
  readonly bic?: string;
}

export interface SalaryPayout {
  /** Our payout item id: travels to the bank and back in pain.002 (OrgnlEndToEndId); at most 35 characters. */
  readonly endToEndId: string;
  /** `YYYY-MM-DD`, a bank day (bank-days.ts decides it). */
  readonly executionDate: string;
  /** Öre, above zero. Salaries are paid in SEK. */
  readonly amountMinor: number;
  readonly creditorName: string;
  readonly account: DomesticAccount | IbanAccount;
  /** What the employee sees on the statement, e.g. "Lön Frilo 2026-03"; at most 140 characters. */
  readonly remittance: string;
}

export interface PayoutBatch {
  /** Unique per file (the bank refuses a repeated MsgId); at most 35 characters. */
  readonly messageId: string;
  /** Creation time; written in UTC as ISO 8601. */
  readonly createdAt: Date;
  readonly debtor: {
    readonly name: string;
    readonly iban: string;
    readonly bic: string;
    /** The customer id the bank gave the platform for file transfer, if it wants one (SchmeNm CUST or BANK). */
    readonly initiatingPartyId?: { readonly id: string; readonly schemeCode: 'CUST' | 'BANK' };
  };
  readonly payouts: readonly SalaryPayout[];
}

export interface Pain001Result {
  readonly xml: string;
  readonly numberOfTransactions: number;
  readonly controlSumMinor: number;
  readonly paymentInformation: ReadonlyArray<{
    readonly id: string;
    readonly executionDate: string;
    readonly numberOfTransactions: number;
    readonly controlSumMinor: number;
  }>;
}

export class Pain001Error extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'Pain001Error';
    this.field = field;
  }
}

const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;
const IBAN = /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Builds the file; throws Pain001Error for anything a bank would refuse, before a byte is written. */
export function buildPain001(batch: PayoutBatch): Pain001Result {
  checkId('messageId', batch.messageId);
  checkText('debtor.name', batch.debtor.name, 140);
  if (!IBAN.test(batch.debtor.iban)) throw new Pain001Error('debtor.iban', 'not an IBAN');
  if (!BIC.test(batch.debtor.bic)) throw new Pain001Error('debtor.bic', 'not a BIC');
  if (batch.payouts.length === 0) throw new Pain001Error('payouts', 'a batch has at least one payout');

  const byDate = new Map<string, SalaryPayout[]>();
  const seen = new Set<string>();
  for (const [index, payout] of batch.payouts.entries()) {
    checkPayout(payout, `payouts[${index}]`);
    if (seen.has(payout.endToEndId)) {
      throw new Pain001Error(`payouts[${index}].endToEndId`, `"${payout.endToEndId}" appears twice`);
    }
    seen.add(payout.endToEndId);
    const list = byDate.get(payout.executionDate);
    if (list) list.push(payout);
    else byDate.set(payout.executionDate, [payout]);
  }
  const dates = [...byDate.keys()].sort();
  const controlSumMinor = batch.payouts.reduce((sum, p) => sum + p.amountMinor, 0);
  if (!Number.isSafeInteger(controlSumMinor)) throw new Pain001Error('payouts', 'the control sum is too large');

  const partyId = batch.debtor.initiatingPartyId;
  if (partyId) {
    checkId('debtor.initiatingPartyId', partyId.id);
  }
  const paymentInformation: Pain001Result['paymentInformation'][number][] = [];
  const blocks = dates.map((date) => {
    const payouts = byDate.get(date) ?? [];
    const id = `${batch.messageId.slice(0, 26)}-${date.replaceAll('-', '')}`;
    const sum = payouts.reduce((total, p) => total + p.amountMinor, 0);
    paymentInformation.push({ id, executionDate: date, numberOfTransactions: payouts.length, controlSumMinor: sum });
    return {
      PmtInfId: id,
      PmtMtd: 'TRF',
      // One booking on the platform's statement: individual salaries stay private.
      BtchBookg: 'true',
      NbOfTxs: String(payouts.length),
      CtrlSum: amount(sum),
      PmtTpInf: { SvcLvl: { Cd: 'NURG' }, CtgyPurp: { Cd: 'SALA' } },
      ReqdExctnDt: date,
      Dbtr: { Nm: batch.debtor.name },
      DbtrAcct: { Id: { IBAN: batch.debtor.iban }, Ccy: 'SEK' },
      DbtrAgt: { FinInstnId: { BIC: batch.debtor.bic } },
      ChrgBr: 'SHAR',
      CdtTrfTxInf: payouts.map(transaction),
    };
  });
  const document = {
    Document: {
      '@_xmlns': PAIN_001_NS,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: batch.messageId,
          CreDtTm: batch.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          NbOfTxs: String(batch.payouts.length),
          CtrlSum: amount(controlSumMinor),
          InitgPty: {
            Nm: batch.debtor.name,
            ...(partyId ? { Id: { OrgId: { Othr: { Id: partyId.id, SchmeNm: { Cd: partyId.schemeCode } } } } } : {}),
          },
        },
        PmtInf: blocks,
      },
    },
  };
  return {
    xml: `${XML_DECLARATION}${writer.build(escaped(document)) as string}`,
    numberOfTransactions: batch.payouts.length,
    controlSumMinor,
    paymentInformation,
  };
}

/** One credit transfer, in the element order of the XSD (CdtTrfTxInf: PmtId, Amt, CdtrAgt, Cdtr, CdtrAcct, RmtInf). */
function transaction(payout: SalaryPayout): object {
  const account = payout.account;
  const agent =
    account.kind === 'domestic'
      ? { CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: 'SESBA' }, MmbId: account.clearingNumber } } } }
      : account.bic
        ? { CdtrAgt: { FinInstnId: { BIC: account.bic } } }
        : {};
  return {
    PmtId: { EndToEndId: payout.endToEndId },
    Amt: { InstdAmt: { '@_Ccy': 'SEK', '#text': amount(payout.amountMinor) } },
    ...agent,
    Cdtr: { Nm: payout.creditorName },
    CdtrAcct: {
      Id:
        account.kind === 'domestic'
          ? { Othr: { Id: `${account.clearingNumber}${account.accountNumber}`, SchmeNm: { Cd: 'BBAN' } } }
          : { IBAN: account.iban },
    },
    RmtInf: { Ustrd: payout.remittance },
  };
}

function checkPayout(payout: SalaryPayout, field: string): void {
  checkId(`${field}.endToEndId`, payout.endToEndId);
  if (!ISO_DATE.test(payout.executionDate) || Number.isNaN(Date.parse(`${payout.executionDate}T00:00:00Z`))) {
    throw new Pain001Error(`${field}.executionDate`, 'not a YYYY-MM-DD date');
  }
  if (!Number.isSafeInteger(payout.amountMinor) || payout.amountMinor <= 0) {
    throw new Pain001Error(`${field}.amountMinor`, 'an amount is a positive whole number of öre');
  }
  checkText(`${field}.creditorName`, payout.creditorName, 140);
  checkText(`${field}.remittance`, payout.remittance, 140);
  const account = payout.account;
  if (account.kind === 'domestic') {
    if (!/^\d{4,5}$/.test(account.clearingNumber))
      throw new Pain001Error(`${field}.account`, 'a clearing number has 4 or 5 digits');
    if (!/^\d{1,15}$/.test(account.accountNumber))
      throw new Pain001Error(`${field}.account`, 'an account number is digits');
  } else {
    if (!IBAN.test(account.iban)) throw new Pain001Error(`${field}.account`, 'not an IBAN');
    if (account.bic !== undefined && !BIC.test(account.bic)) throw new Pain001Error(`${field}.account`, 'not a BIC');
  }
}

function checkId(field: string, value: string): void {
  if (value.length === 0 || value.length > 35 || value.trim() !== value || !isXmlSafeText(value)) {
    throw new Pain001Error(field, 'an identifier has 1–35 characters without surrounding blanks');
  }
}

function checkText(field: string, value: string, max: number): void {
  if (value.trim().length === 0 || value.length > max || !isXmlSafeText(value)) {
    throw new Pain001Error(field, `a text has 1–${max} characters`);
  }
}

/** Öre as the decimal the XSD wants: 12345 → "123.45". */
function amount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
