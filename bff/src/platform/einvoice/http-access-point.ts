// The production transport: each e-invoice, wrapped in its Peppol envelope (SBDH), is POSTed to the contracted
// access point's submission API with a bearer token. The access point takes it from there into the Peppol network
// (AS4, SMP lookup); our part ends when it answers 2xx. `Idempotency-Key: <document id>` makes a retry after a lost
// answer harmless on the access point's side, as the fixed Message-ID does for email.
import { buildPeppolEnvelope } from '../../domain/peppol-envelope.ts';
import { TemporaryTransportError, type AccessPointAdapter, type OutgoingEInvoice } from './transport.ts';

export interface HttpAccessPointOptions {
  /** The submission endpoint (https in production). */
  readonly url: string;
  /** Bearer token; never logged nor put in an error message. */
  readonly token: string;
  /** `scheme:id` of the platform as C1 (the legal seller). */
  readonly senderId: string;
  readonly timeoutSeconds: number;
  /** For tests: the envelope's creation time. */
  readonly now?: () => Date;
}

/** Answers worth another try: the access point timed out, is rate-limiting, not ready, or failing itself. */
const TEMPORARY_STATUSES = new Set([408, 425, 429]);
const PROBLEM_TEXT_LIMIT = 300;

export class HttpAccessPointTransport implements AccessPointAdapter {
  readonly kind = 'access_point';
  readonly #options: HttpAccessPointOptions;

  constructor(options: HttpAccessPointOptions) {
    this.#options = options;
  }

  async deliver(document: OutgoingEInvoice): Promise<void> {
    const { url, token, senderId, timeoutSeconds, now } = this.#options;
    const body = buildPeppolEnvelope({
      id: document.id,
      kind: document.kind,
      ubl: document.xml,
      sender: senderId,
      receiver: document.receiver,
      senderCountry: 'SE',
      createdAt: now?.() ?? new Date(),
    });
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/xml; charset=utf-8',
          accept: 'application/json, application/problem+json, text/plain, */*',
          'idempotency-key': document.id,
        },
        body,
        // A redirected POST would be replayed as something else; the configured URL must be the final one.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutSeconds * 1000),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutSeconds} s` : causeOf(error);
      throw new TemporaryTransportError(`The access point could not be reached: ${reason}`);
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const text = await problemText(response);
    const status = response.status;
    if (TEMPORARY_STATUSES.has(status) || status >= 500) {
      const retryAfter = response.headers.get('retry-after');
      throw new TemporaryTransportError(
        `The access point answered ${status}${retryAfter ? ` (Retry-After: ${retryAfter.slice(0, 40)})` : ''}${text ? `: ${text}` : ''}`,
      );
    }
    throw new Error(`The access point refused the e-invoice (${status})${text ? `: ${text}` : ''}`);
  }
}

function causeOf(error: unknown): string {
  const e = error as { message?: string; cause?: { code?: string; message?: string } };
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
}

/** The access point's explanation (RFC 9457 detail/title, or the plain text), on one line and cut short. */
async function problemText(response: Response): Promise<string> {
  let raw: string;
  try {
    raw = await response.text();
  } catch {
    return '';
  }
  let text = raw;
  try {
    const problem = JSON.parse(raw) as { detail?: unknown; title?: unknown; message?: unknown };
    const parts = [problem.title, problem.detail ?? problem.message].filter((p) => typeof p === 'string');
    if (parts.length) text = parts.join(': ');
  } catch {
    // Not JSON: the text as it came.
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > PROBLEM_TEXT_LIMIT ? `${text.slice(0, PROBLEM_TEXT_LIMIT)}…` : text;
}
