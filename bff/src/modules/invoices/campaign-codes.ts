// Campaign codes as the invoice flow uses them: looked up case-insensitively (guesses limited per user), usable today or
// not, the use an invoice takes when it is sent, and what fee they give (domain/campaign-codes.ts decides; the codes
// are rows an admin keeps). The rules: docs/product/invoices.md#campaign-codes.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import {
  campaignCodeApplies,
  campaignCodeUnusable,
  campaignFeeRate,
  isCampaignCodeUsable,
  isWellFormedCampaignCode,
  normaliseCampaignCode,
  type CampaignCodeTerms,
  type CampaignCodeUnusable,
  type CampaignEffect,
} from '../../domain/campaign-codes.ts';
import { datedValueAt } from '../../domain/dated-table.ts';
import { PLATFORM_FEE_RATE } from '../../domain/rates.ts';
import { UnprocessableError, ValidationError } from '../../platform/errors.ts';
import type { SqlRunner } from '../../platform/db/sql.ts';
import type { Limit, RateLimiter } from '../../platform/rate-limit.ts';
import type { CampaignCode, Invoice } from './entities.ts';
import type { InvoiceRepository } from './repository.ts';

type InvoiceProblem = components['schemas']['InvoiceProblem'];

/**
 * Codes a user may try that turn out not to exist or not to apply, per quarter of an hour: a code is something to
 * guess (a 100 % fee waiver is worth money), and every way of trying one counts (the check, a draft's save, the
 * calculator). A code that applies is not counted, so checking the right one again and again is never refused.
 */
export const CAMPAIGN_CODE_GUESSES: Limit = { scope: 'campaign-code:user', max: 10, windowSeconds: 15 * 60 };

export function termsOf(code: CampaignCode): CampaignCodeTerms {
  return {
    effect: effectOf(code),
    validFrom: code.validFrom,
    validTo: code.validTo ?? null,
    maxUses: code.maxUses ?? null,
    uses: code.uses,
  };
}

export function effectOf(code: CampaignCode): CampaignEffect {
  return { type: code.effect, value: code.value };
}

/** The fee rate (percent string) a code gives for a salary paid on `day`. */
export function feeRateOf(code: CampaignCode, day: string): string {
  return campaignFeeRate(effectOf(code), datedValueAt(PLATFORM_FEE_RATE, day));
}

const REASON_TEXT: Record<CampaignCodeUnusable, string> = {
  expired: 'has expired',
  used_up: 'has been used up',
  not_started: 'is not valid yet',
};

/** The problem of an invoice whose code cannot be used (`campaign_code_invalid`, fixed at the review step). */
export function campaignCodeProblem(code: string, reason: CampaignCodeUnusable): InvoiceProblem {
  return {
    code: 'campaign_code_invalid',
    problemCode: null,
    field: 'campaignCode',
    message: `The campaign code ${code} ${REASON_TEXT[reason]}: remove it or enter another code`,
    fix: { screen: 'invoice', step: 4, customerId: null },
    params: { campaignCode: code, reason },
  };
}

/** Whether an error refuses a campaign code (the answer a guess of a wrong code gets). */
function refusesCode(error: unknown): boolean {
  if (error instanceof UnprocessableError) return error.code === 'campaign_code_invalid';
  if (error instanceof ValidationError) return error.errors.some((e) => e.code === 'campaign_code_invalid');
  return false;
}

type CodeOfInvoice = Pick<Invoice, 'id' | 'campaignCodeId' | 'campaignCodeCountedAt'>;

export class CampaignCodes {
  readonly #repository: InvoiceRepository;
  readonly #limiter: RateLimiter;

  constructor(repository: InvoiceRepository, limiter: RateLimiter) {
    this.#repository = repository;
    this.#limiter = limiter;
  }

  /**
   * Runs `lookUp` (something that looks up a code `userId` typed) as one guess: counted before it runs, so guesses
   * sent at once cannot pass the limit (429 `rate_limited` with Retry-After past it), and taken back unless it ends
   * refusing the code (a null answer, or a `campaign_code_invalid` error). `em` must not be in a transaction: the
   * count stays when the lookup's transaction rolls back.
   */
  async guess<T>(em: EntityManager, userId: string, lookUp: () => Promise<T>): Promise<T> {
    const key = { limit: CAMPAIGN_CODE_GUESSES, subject: userId };
    await this.#limiter.hit(em, key);
    let refused = true;
    try {
      const result = await lookUp();
      refused = result === null;
      return result;
    } catch (error) {
      refused = refusesCode(error);
      throw error;
    } finally {
      if (!refused) await this.#limiter.forgive(em, key);
    }
  }

  /** The code as typed, if it exists and may be used today; null otherwise (all alike: "Invalid campaign code"). */
  async usable(em: EntityManager, typed: string, today: string): Promise<CampaignCode | null> {
    const code = normaliseCampaignCode(typed);
    if (!isWellFormedCampaignCode(code)) return null;
    const found = await this.#repository.findCampaignCode(em, code);
    return found && isCampaignCodeUsable(termsOf(found), today) ? found : null;
  }

  /**
   * The code typed for an invoice whose code is `currentId`: the same code again is kept whatever its state (saving
   * a draft never fails on the code it already had; its problem says what to do), another one only if usable today.
   */
  async accepted(
    em: EntityManager,
    typed: string,
    today: string,
    currentId: string | null,
  ): Promise<CampaignCode | null> {
    const code = normaliseCampaignCode(typed);
    if (!isWellFormedCampaignCode(code)) return null;
    const found = await this.#repository.findCampaignCode(em, code);
    if (!found) return null;
    return found.id === currentId || isCampaignCodeUsable(termsOf(found), today) ? found : null;
  }

  byId(em: EntityManager, id: string): Promise<CampaignCode | null> {
    return this.#repository.campaignCodeById(em, id);
  }

  /**
   * The code whose fee applies to the invoice on `day`: its code if it holds one of its uses (counted at its send,
   * honoured for good), or while the code may still be used (a draft); null otherwise, so no estimate shows a fee
   * the salary would not get.
   */
  async applying(em: EntityManager, invoice: CodeOfInvoice, day: string): Promise<CampaignCode | null> {
    if (!invoice.campaignCodeId) return null;
    const code = await this.byId(em, invoice.campaignCodeId);
    return code && campaignCodeApplies(termsOf(code), day, invoice.campaignCodeCountedAt != null) ? code : null;
  }

  /** What stops the invoice's code from being used when it is sent on `day`, as its problem; null when nothing. */
  async problemOf(em: EntityManager, invoice: CodeOfInvoice, day: string): Promise<InvoiceProblem | null> {
    if (!invoice.campaignCodeId || invoice.campaignCodeCountedAt != null) return null;
    const code = await this.byId(em, invoice.campaignCodeId);
    if (!code) return null;
    const reason = campaignCodeUnusable(termsOf(code), day);
    return reason ? campaignCodeProblem(code.code, reason) : null;
  }

  /**
   * Counts the use the invoice takes of its code as it is sent (docs/product/invoices.md#campaign-codes), in the send's
   * transaction with the invoice's row locked (`invoice` is that row as read under the lock). Once per invoice: one
   * that holds a use already (a resend, an approval, a release) takes none. Returns the problem when the code cannot
   * be used any more (used up by the sends before this one, expired); nothing is counted then.
   */
  async countUse(tx: SqlRunner, invoice: CodeOfInvoice, day: string): Promise<InvoiceProblem | null> {
    if (!invoice.campaignCodeId || invoice.campaignCodeCountedAt != null) return null;
    if (await this.#repository.countCampaignCodeUse(tx, invoice.id, invoice.campaignCodeId, day)) return null;
    const code = await this.#repository.campaignCodeRow(tx, invoice.campaignCodeId);
    if (!code) throw new Error(`Campaign code ${invoice.campaignCodeId} is missing`);
    return campaignCodeProblem(code.code, campaignCodeUnusable(termsOf(code), day) ?? 'used_up');
  }

  /** Gives back the use the invoice holds of `codeId` (its code changed while editable); the caller clears the mark. */
  releaseUse(tx: SqlRunner, codeId: string): Promise<void> {
    return this.#repository.releaseCampaignCodeUse(tx, codeId);
  }
}
