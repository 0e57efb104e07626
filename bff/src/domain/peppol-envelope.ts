// The Peppol envelope (Peppol Envelope Specification, SBDH 1.0) around a UBL Invoice or CreditNote: what an access
// point's submission API takes, carrying the routing facts (sender, receiver, document type, process) it needs
// without opening the payload.
import { CUSTOMIZATION_ID, PROFILE_ID, UBL_NS } from './ubl.ts';
import { escapeXmlText as escape, XML_DECLARATION } from './xml-writer.ts';

export const SBDH_NS = 'http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader';
/** Participant identifiers in the Peppol network are ISO 6523 `scheme:id` under this authority. */
export const PARTICIPANT_AUTHORITY = 'iso6523-actorid-upis';

export interface EnvelopeInput {
  /** Our document id: the envelope's InstanceIdentifier. */
  readonly id: string;
  readonly kind: 'invoice' | 'credit_note';
  /** The UBL document as built by buildUbl (an XML declaration at its start is dropped). */
  readonly ubl: string;
  /** `scheme:id` of the platform (C1's participant). */
  readonly sender: string;
  readonly receiver: { readonly scheme: string; readonly id: string };
  /** Country of the sender (C1), ISO 3166-1 alpha-2. */
  readonly senderCountry: string;
  readonly createdAt: Date;
}

/** The Peppol document type identifier (scheme busdox-docid-qns) of a BIS Billing 3 invoice or credit note. */
export function peppolDocumentTypeId(kind: 'invoice' | 'credit_note'): string {
  const [namespace, root] = kind === 'invoice' ? [UBL_NS.invoice, 'Invoice'] : [UBL_NS.creditNote, 'CreditNote'];
  return `${namespace}::${root}##${CUSTOMIZATION_ID}::2.1`;
}

/** The UBL without its XML declaration: an element may not carry one inside another document. */
export function ublBody(ubl: string): string {
  return ubl.replace(/^\uFEFF?<\?xml[^?]*\?>\s*/, '');
}

export function buildPeppolEnvelope(input: EnvelopeInput): string {
  const isInvoice = input.kind === 'invoice';
  const scope = (type: string, value: string, identifier?: string) =>
    `<Scope><Type>${type}</Type><InstanceIdentifier>${escape(value)}</InstanceIdentifier>` +
    `${identifier ? `<Identifier>${identifier}</Identifier>` : ''}</Scope>`;
  // Second precision, UTC: the SBDH's CreationDateAndTime is an xs:dateTime.
  const created = input.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    `${XML_DECLARATION}\n` +
    `<StandardBusinessDocument xmlns="${SBDH_NS}"><StandardBusinessDocumentHeader>` +
    `<HeaderVersion>1.0</HeaderVersion>` +
    `<Sender><Identifier Authority="${PARTICIPANT_AUTHORITY}">${escape(input.sender)}</Identifier></Sender>` +
    `<Receiver><Identifier Authority="${PARTICIPANT_AUTHORITY}">` +
    `${escape(`${input.receiver.scheme}:${input.receiver.id}`)}</Identifier></Receiver>` +
    `<DocumentIdentification>` +
    `<Standard>${isInvoice ? UBL_NS.invoice : UBL_NS.creditNote}</Standard>` +
    `<TypeVersion>2.1</TypeVersion>` +
    `<InstanceIdentifier>${escape(input.id)}</InstanceIdentifier>` +
    `<Type>${isInvoice ? 'Invoice' : 'CreditNote'}</Type>` +
    `<CreationDateAndTime>${created}</CreationDateAndTime>` +
    `</DocumentIdentification>` +
    `<BusinessScope>` +
    scope('DOCUMENTID', peppolDocumentTypeId(input.kind), 'busdox-docid-qns') +
    scope('PROCESSID', PROFILE_ID, 'cenbii-procid-ubl') +
    scope('COUNTRY_C1', input.senderCountry) +
    `</BusinessScope></StandardBusinessDocumentHeader>` +
    ublBody(input.ubl) +
    `</StandardBusinessDocument>`
  );
}
