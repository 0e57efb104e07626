import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compare, percent } from './exact-decimal.ts';
import {
  campaignCodeApplies,
  campaignCodeUnusable,
  campaignFeeRate,
  isCampaignCodeUsable,
  isWellFormedCampaignCode,
  normaliseCampaignCode,
  type CampaignCodeTerms,
} from './campaign-codes.ts';

const terms = (overrides: Partial<CampaignCodeTerms> = {}): CampaignCodeTerms => ({
  effect: { type: 'fee_rate', value: '3' },
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  maxUses: null,
  uses: 0,
  ...overrides,
});

describe('campaign codes', () => {
  test('a fee-rate code replaces the platform rate', () => {
    assert.equal(campaignFeeRate({ type: 'fee_rate', value: '3' }, '6'), '3.00');
    assert.equal(campaignFeeRate({ type: 'fee_rate', value: '0' }, '6'), '0.00');
  });

  test('a fee-discount code waives its share of the platform fee, exactly', () => {
    assert.equal(campaignFeeRate({ type: 'fee_discount', value: '50' }, '6'), '3.00');
    assert.equal(campaignFeeRate({ type: 'fee_discount', value: '100' }, '6'), '0.00');
    // 6 % × (1 − 0.125) = 5.25 %: no float drift.
    assert.equal(campaignFeeRate({ type: 'fee_discount', value: '12.5' }, '6'), '5.25');
    assert.equal(campaignFeeRate({ type: 'fee_discount', value: '33.33' }, '5.98'), '3.986866');
  });

  test('a discount never raises the fee and never makes it negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), fc.integer({ min: 0, max: 10000 }), (discount, base) => {
        const rate = percent(
          campaignFeeRate({ type: 'fee_discount', value: String(discount / 100) }, String(base / 100)),
        );
        return compare(rate, percent('0')) >= 0 && compare(rate, percent(String(base / 100))) <= 0;
      }),
    );
  });

  test('an effect outside 0–100 % is a program error', () => {
    assert.throws(() => campaignFeeRate({ type: 'fee_discount', value: '101' }, '6'), RangeError);
    assert.throws(() => campaignFeeRate({ type: 'fee_rate', value: '-1' }, '6'), RangeError);
  });

  test('usable within its dates, inclusive, and until used up', () => {
    assert.equal(isCampaignCodeUsable(terms(), '2025-12-31'), false);
    assert.equal(isCampaignCodeUsable(terms(), '2026-01-01'), true);
    assert.equal(isCampaignCodeUsable(terms(), '2026-12-31'), true);
    assert.equal(isCampaignCodeUsable(terms(), '2027-01-01'), false);
    assert.equal(isCampaignCodeUsable(terms({ validTo: null }), '2099-01-01'), true);
    assert.equal(isCampaignCodeUsable(terms({ maxUses: 2, uses: 1 }), '2026-06-01'), true);
    assert.equal(isCampaignCodeUsable(terms({ maxUses: 2, uses: 2 }), '2026-06-01'), false);
  });

  test('why a code cannot be used: expired before used up, used up before not started', () => {
    assert.equal(campaignCodeUnusable(terms(), '2026-06-01'), null);
    assert.equal(campaignCodeUnusable(terms(), '2025-12-31'), 'not_started');
    assert.equal(campaignCodeUnusable(terms(), '2027-01-01'), 'expired');
    assert.equal(campaignCodeUnusable(terms({ maxUses: 1, uses: 1 }), '2026-06-01'), 'used_up');
    assert.equal(campaignCodeUnusable(terms({ maxUses: 1, uses: 1 }), '2027-01-01'), 'expired');
    assert.equal(campaignCodeUnusable(terms({ maxUses: 0 }), '2025-12-31'), 'used_up');
  });

  test('an invoice holding a use keeps the code whatever becomes of it; one without a use only while it is usable', () => {
    const day = fc.date({ min: new Date('2025-01-01'), max: new Date('2028-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(
        day,
        fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        (date, maxUses, used, counted) => {
          const code = terms({ maxUses, uses: maxUses === null ? used : Math.min(used, maxUses) });
          const iso = date.toISOString().slice(0, 10);
          const applies = campaignCodeApplies(code, iso, counted);
          assert.equal(applies, counted || campaignCodeUnusable(code, iso) === null);
          if (counted) assert.equal(applies, true);
        },
      ),
    );
  });

  test('codes are case-insensitive and trimmed; only letters, digits, - and _', () => {
    assert.equal(normaliseCampaignCode('  frilo2026 '), 'FRILO2026');
    assert.equal(isWellFormedCampaignCode('FRILO-2026_A'), true);
    assert.equal(isWellFormedCampaignCode('FRILO 2026'), false);
    assert.equal(isWellFormedCampaignCode(''), false);
    assert.equal(isWellFormedCampaignCode('Å'), false);
  });
});
