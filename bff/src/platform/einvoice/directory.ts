// Whether a Peppol participant can receive our e-invoices: the source of an e-invoice customer's acceptance. In
// production the Peppol Directory's public search API answers (PEPPOL_DIRECTORY_URL); in development and tests there
// is no directory (acceptance then comes from an admin in the back office, or a test's own directory on loopback).
import { setTimeout as delay } from 'node:timers/promises';

/** The Peppol BIS Billing 3.0 invoice document type (its customization id; the `::2.1` UBL version may follow). */
export const BIS_BILLING_3_INVOICE =
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';

export interface DirectoryAnswer {
  /** The participant is registered and takes Peppol BIS Billing 3.0 invoices. */
  readonly receivesInvoices: boolean;
  /** `scheme:id` as the directory lists it (e.g. `0007:5560360793`). */
  readonly participantId: string;
}

export interface ParticipantDirectory {
  readonly kind: string;
  /** `participantId` is `scheme:id` (`0007:5560360793`); throws when the directory cannot answer now. */
  lookup(participantId: string): Promise<DirectoryAnswer>;
}

/** The Peppol Directory's JSON search answer (search/1.0/json), only what we read of it. */
interface SearchAnswer {
  matches?: {
    participantID?: { scheme?: string; value?: string };
    docTypes?: { scheme?: string; value?: string }[];
  }[];
}

/** The docType values the directory lists: exact ids (busdox-docid-qns) or wildcard ones (peppol-doctype-wildcard). */
export function takesBisBilling3Invoices(docTypes: readonly { value?: string | undefined }[]): boolean {
  return docTypes.some((docType) => docType.value?.startsWith(BIS_BILLING_3_INVOICE) === true);
}

/** The Peppol Directory's public REST search (https://directory.peppol.eu/public/locale-en_US/menuitem-docs-rest-api). */
export class PeppolDirectory implements ParticipantDirectory {
  readonly kind = 'peppol-directory';
  readonly #baseUrl: string;
  readonly #timeoutMs: number;

  constructor(baseUrl: string, options: { timeoutMs?: number } = {}) {
    this.#baseUrl = baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? 10_000;
  }

  async lookup(participantId: string): Promise<DirectoryAnswer> {
    const url = `${this.#baseUrl}/search/1.0/json?participant=${encodeURIComponent(`iso6523-actorid-upis::${participantId}`)}`;
    let response: Response | undefined;
    // One retry on a busy answer: the directory rate-limits (2 queries a second) with 429.
    for (let attempt = 0; attempt < 2; attempt++) {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      if (response.status !== 429 && response.status < 500) break;
      await response.body?.cancel();
      if (attempt === 0) await delay(600);
    }
    if (!response || !response.ok) {
      await response?.body?.cancel();
      throw new Error(`The Peppol Directory answered ${response?.status ?? 'nothing'} for ${participantId}`);
    }
    const answer = (await response.json()) as SearchAnswer;
    const wanted = participantId.toLowerCase();
    const match = (answer.matches ?? []).find((m) => m.participantID?.value?.toLowerCase() === wanted);
    return {
      receivesInvoices: match ? takesBisBilling3Invoices(match.docTypes ?? []) : false,
      participantId: match?.participantID?.value ?? participantId,
    };
  }
}
