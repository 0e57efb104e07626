// Campaign codes as the invoice flow uses them: looked up case-insensitively, usable today or not, and what fee they
// give (domain/campaign-codes.ts decides; the codes are rows an admin keeps).
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  campaignFeeRate,
  isCampaignCodeUsable,
  isWellFormedCampaignCode,
  normaliseCampaignCode,
  type CampaignCodeTerms,
  type CampaignEffect,
} from '../../domain/campaign-codes.ts';
import { datedValueAt } from '../../domain/dated-table.ts';
import { PLATFORM_FEE_RATE } from '../../domain/rates.ts';
import type { CampaignCode } from './entities.ts';
import type { InvoiceRepository } from './repository.ts';

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

export class CampaignCodes {
  readonly #repository: InvoiceRepository;

  constructor(repository: InvoiceRepository) {
    this.#repository = repository;
  }

  /** The code as typed, if it exists and may be used today; null otherwise (all alike: "Invalid campaign code"). */
  async usable(em: EntityManager, typed: string, today: string): Promise<CampaignCode | null> {
    const code = normaliseCampaignCode(typed);
    if (!isWellFormedCampaignCode(code)) return null;
    const found = await this.#repository.findCampaignCode(em, code);
    return found && isCampaignCodeUsable(termsOf(found), today) ? found : null;
  }

  byId(em: EntityManager, id: string): Promise<CampaignCode | null> {
    return this.#repository.campaignCodeById(em, id);
  }

  async usableById(em: EntityManager, id: string, today: string): Promise<boolean> {
    const found = await this.#repository.campaignCodeById(em, id);
    return found !== null && isCampaignCodeUsable(termsOf(found), today);
  }
}
