// How an e-invoice leaves: a Peppol access point in production, an outbox folder under DATA_DIR by default (what a
// developer or a test inspects, and what a file-based access point integration picks up). Every document handed to
// a transport has passed checkEInvoice (domain/ubl-rules.ts); delivering the same document twice must be harmless.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutgoingEInvoice {
  /** Our document id: the idempotency key of the delivery. */
  readonly id: string;
  readonly number: string;
  readonly kind: 'invoice' | 'credit_note';
  readonly xml: string;
  /** The receiver's Peppol participant id. */
  readonly receiver: { readonly scheme: string; readonly id: string };
}

/** Thrown for a failure worth retrying (the access point busy or unreachable); anything else is permanent. */
export class TemporaryTransportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemporaryTransportError';
  }
}

export interface EInvoiceTransport {
  readonly kind: string;
  deliver(document: OutgoingEInvoice): Promise<void>;
}

/**
 * A Peppol access point (a service provider the platform contracts with): the adapter sends the SBD-wrapped UBL to it
 * over its API and reports whether it took the document. Implementations live beside this file, one per provider.
 */
export type AccessPointAdapter = EInvoiceTransport;

/** Writes `<number>-<kind>-<id>.xml` atomically (a temporary name, then a rename); the same document overwrites itself. */
export class OutboxTransport implements EInvoiceTransport {
  readonly kind = 'outbox';
  readonly directory: string;

  constructor(directory: string) {
    this.directory = directory;
  }

  async deliver(document: OutgoingEInvoice): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const name = `${document.number}-${document.kind}-${document.id}.xml`;
    const temporary = join(this.directory, `.${name}.tmp`);
    await writeFile(temporary, document.xml, 'utf8');
    await rename(temporary, join(this.directory, name));
  }
}
