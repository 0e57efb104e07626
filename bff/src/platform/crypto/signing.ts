// Signed values that travel through the browser and come back (the bank registration's return state): HMAC-SHA256
// under APP_SECRET, the server's one secret for HMACs (config.secret), with the purpose in the MAC so a signature made
// for one use is worthless for another.
import { createHmac, timingSafeEqual } from 'node:crypto';

export class Signer {
  readonly #secret: string;

  constructor(secret: string) {
    this.#secret = secret;
  }

  /** base64url HMAC of `payload` for `purpose`. */
  sign(purpose: string, payload: string): string {
    return createHmac('sha256', this.#secret).update(`${purpose}\n${payload}`).digest('base64url');
  }

  verify(purpose: string, payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
