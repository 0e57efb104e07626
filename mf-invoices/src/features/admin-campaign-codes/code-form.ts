// The new-code form's values as typed, checked and turned into the API's body. Pure.
import { parseRate } from '@frilo/ui/form/number-format';
import type { Issues } from '@frilo/ui/form/issues';
import type { CampaignCodeCreate } from './api.ts';

export type CodeValues = {
  code: string;
  effectType: 'fee_rate' | 'fee_discount';
  effectValue: string;
  validFrom: string;
  validTo: string;
  maxUses: string;
  description: string;
};

export const EMPTY_CODE: CodeValues = {
  code: '',
  effectType: 'fee_discount',
  effectValue: '',
  validFrom: '',
  validTo: '',
  maxUses: '',
  description: '',
};

const CODE = /^[A-Z0-9_-]{1,40}$/;

export function checkCode(values: CodeValues, locale: 'sv' | 'en'): Issues<CodeValues> {
  const issues: Issues<CodeValues> = {};
  const code = values.code.trim().toUpperCase();
  if (!code) issues.code = { code: 'required' };
  else if (!CODE.test(code)) issues.code = { code: 'invalid_format' };
  if (!values.effectValue.trim()) issues.effectValue = { code: 'required' };
  else {
    const rate = parseRate(values.effectValue, locale, { min: 0, max: 100 });
    if (!rate.ok) issues.effectValue = rate.issue;
  }
  if (values.maxUses.trim() && !/^[1-9]\d{0,6}$/.test(values.maxUses.trim())) issues.maxUses = { code: 'invalid' };
  if (values.validFrom && values.validTo && values.validTo < values.validFrom) {
    issues.validTo = { code: 'before_valid_from' };
  }
  return issues;
}

/** Only call with values `checkCode` accepted. */
export function toCreate(values: CodeValues, locale: 'sv' | 'en'): CampaignCodeCreate {
  const rate = parseRate(values.effectValue, locale, { min: 0, max: 100 });
  if (!rate.ok) throw new Error('checkCode first');
  return {
    code: values.code.trim().toUpperCase(),
    effect: { type: values.effectType, value: Number(rate.value.decimal) },
    ...(values.validFrom ? { validFrom: values.validFrom } : {}),
    validTo: values.validTo || null,
    maxUses: values.maxUses.trim() ? Number(values.maxUses.trim()) : null,
    description: values.description.trim() || null,
  };
}
