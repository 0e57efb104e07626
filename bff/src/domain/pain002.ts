// Reads the bank's ISO 20022 pain.002.001.03 customer payment status report on a payout file: the group status and
// each transaction's status with its reasons, matched to our payouts by OrgnlEndToEndId.

import { descendantsAndSelf, parseXml, selectPath, valueAt, XmlParseError, type XmlElement } from './xml-tree.ts';
import { parseDecimal } from './xpath-decimal.ts';

export const PAIN_002_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03';

/** ISO 20022 TransactionGroupStatus3Code / TransactionIndividualStatus3Code. */
export type PaymentStatusCode = 'ACCP' | 'ACSC' | 'ACSP' | 'ACTC' | 'ACWC' | 'PART' | 'PDNG' | 'RCVD' | 'RJCT';

const STATUS_CODES: ReadonlySet<string> = new Set([
  'ACCP',
  'ACSC',
  'ACSP',
  'ACTC',
  'ACWC',
  'PART',
  'PDNG',
  'RCVD',
  'RJCT',
]);

/** What a status means for a payout: the money left (settled), the bank took it on (accepted), not yet, or refused. */
export type PayoutOutcome = 'settled' | 'accepted' | 'pending' | 'rejected';

export interface StatusReason {
  /** ISO external status reason code (e.g. AC04 closed account, AM04 insufficient funds) or the bank's own (proprietary). */
  readonly code?: string;
  readonly proprietary?: string;
  readonly additionalInformation: readonly string[];
}

export interface TransactionStatus {
  readonly originalEndToEndId: string;
  readonly originalPaymentInformationId?: string;
  readonly originalInstructionId?: string;
  /** The transaction's own status, else its payment information's, else the group's. */
  readonly status: PaymentStatusCode;
  readonly outcome: PayoutOutcome;
  readonly reasons: readonly StatusReason[];
  readonly amountMinor?: number;
  readonly currency?: string;
  readonly requestedExecutionDate?: string;
}

export interface PaymentInformationStatus {
  readonly originalPaymentInformationId: string;
  readonly status?: PaymentStatusCode;
  readonly reasons: readonly StatusReason[];
}

export interface PaymentStatusReport {
  readonly messageId: string;
  readonly createdAt: string;
  readonly originalMessageId: string;
  readonly originalMessageName: string;
  readonly groupStatus?: PaymentStatusCode;
  readonly groupReasons: readonly StatusReason[];
  readonly paymentInformation: readonly PaymentInformationStatus[];
  /** Transactions the report names. When the group or a whole payment information is rejected without naming them,
   * every transaction of it is rejected: see `rejectsEverything` and `paymentInformation`. */
  readonly transactions: readonly TransactionStatus[];
  /** The whole original file was refused (group status RJCT). */
  readonly rejectsEverything: boolean;
}

export class Pain002Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Pain002Error';
  }
}

export function outcomeOf(status: PaymentStatusCode): PayoutOutcome {
  switch (status) {
    case 'RJCT':
      return 'rejected';
    case 'ACSC':
      return 'settled';
    case 'ACCP':
    case 'ACSP':
    case 'ACTC':
    case 'ACWC':
    case 'PART':
      return 'accepted';
    case 'PDNG':
    case 'RCVD':
      return 'pending';
  }
}

/** Parses a status report; throws Pain002Error when it is not a well-formed pain.002.001.03 we can act on. */
export function parsePain002(xml: string): PaymentStatusReport {
  let document: XmlElement;
  try {
    document = parseXml(xml, { [PAIN_002_NS]: '' });
  } catch (error) {
    if (error instanceof XmlParseError) throw new Pain002Error(`not well-formed XML: ${error.message}`);
    throw error;
  }
  // XML 1.0 allows no NUL or other C0 control (bar tab and line breaks), no lone surrogate, no U+FFFE/U+FFFF, typed
  // raw or as a character reference: a report carrying one is not XML, and no such text is kept.
  for (const element of descendantsAndSelf(document)) {
    for (const text of [element.text, ...Object.values(element.attrs)]) {
      // eslint-disable-next-line no-control-regex
      const bad = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.exec(text);
      if (bad || !text.isWellFormed()) {
        const code = bad ? `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : 'a lone surrogate';
        throw new Pain002Error(`${code} is not a character XML allows (in <${element.local}>)`);
      }
    }
  }
  if (document.name !== 'Document') {
    throw new Pain002Error(`not a pain.002.001.03 document (root ${document.name})`);
  }
  const [report] = selectPath(document, 'CstmrPmtStsRpt');
  if (!report) throw new Pain002Error('no CstmrPmtStsRpt');
  const required = (element: XmlElement, path: string): string => {
    const value = valueAt(element, path);
    if (!value) throw new Pain002Error(`${path} is missing`);
    return value;
  };
  const [group] = selectPath(report, 'OrgnlGrpInfAndSts');
  if (!group) throw new Pain002Error('OrgnlGrpInfAndSts is missing');
  const groupStatus = status(valueAt(group, 'GrpSts'), 'GrpSts');
  const groupReasons = reasons(group);

  const paymentInformation: PaymentInformationStatus[] = [];
  const transactions: TransactionStatus[] = [];
  for (const block of selectPath(report, 'OrgnlPmtInfAndSts')) {
    const originalPaymentInformationId = required(block, 'OrgnlPmtInfId');
    const blockStatus = status(valueAt(block, 'PmtInfSts'), 'PmtInfSts');
    paymentInformation.push({ originalPaymentInformationId, status: blockStatus, reasons: reasons(block) });
    for (const tx of selectPath(block, 'TxInfAndSts')) {
      const own = status(valueAt(tx, 'TxSts'), 'TxSts');
      const effective = own ?? blockStatus ?? groupStatus;
      const originalEndToEndId = required(tx, 'OrgnlEndToEndId');
      if (!effective) throw new Pain002Error(`no status for transaction ${originalEndToEndId}`);
      const [instructed] = selectPath(tx, 'OrgnlTxRef/Amt/InstdAmt');
      const instructionId = valueAt(tx, 'OrgnlInstrId');
      const executionDate = valueAt(tx, 'OrgnlTxRef/ReqdExctnDt');
      transactions.push({
        originalEndToEndId,
        originalPaymentInformationId,
        ...(instructionId ? { originalInstructionId: instructionId } : {}),
        status: effective,
        outcome: outcomeOf(effective),
        reasons: reasons(tx),
        ...(instructed ? { amountMinor: minorUnits(instructed.text), currency: instructed.attrs.Ccy } : {}),
        ...(executionDate ? { requestedExecutionDate: executionDate } : {}),
      });
    }
  }
  const header = selectPath(report, 'GrpHdr')[0];
  if (!header) throw new Pain002Error('GrpHdr is missing');
  return {
    messageId: required(header, 'MsgId'),
    createdAt: required(header, 'CreDtTm'),
    originalMessageId: required(group, 'OrgnlMsgId'),
    originalMessageName: required(group, 'OrgnlMsgNmId'),
    ...(groupStatus ? { groupStatus } : {}),
    groupReasons,
    paymentInformation,
    transactions,
    rejectsEverything: groupStatus === 'RJCT',
  };
}

function status(value: string | undefined, field: string): PaymentStatusCode | undefined {
  if (value === undefined) return undefined;
  if (!STATUS_CODES.has(value)) throw new Pain002Error(`${field} "${value}" is not a pain.002.001.03 status`);
  return value as PaymentStatusCode;
}

function reasons(element: XmlElement): StatusReason[] {
  return selectPath(element, 'StsRsnInf').map((info) => {
    const code = valueAt(info, 'Rsn/Cd');
    const proprietary = valueAt(info, 'Rsn/Prtry');
    return {
      ...(code ? { code } : {}),
      ...(proprietary ? { proprietary } : {}),
      additionalInformation: selectPath(info, 'AddtlInf').map((a) => a.text.trim()),
    };
  });
}

function minorUnits(text: string): number {
  const value = parseDecimal(text);
  if (!value || value.scale > 2 || value.units < 0n) throw new Pain002Error(`"${text}" is not an amount`);
  const minor = value.units * 10n ** BigInt(2 - value.scale);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new Pain002Error(`"${text}" is too large`);
  return Number(minor);
}
