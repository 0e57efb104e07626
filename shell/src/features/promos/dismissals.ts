// Marketing notices the user closed stay closed (localStorage; cleared on logout like everything else).

export const SURVEY_PROMO_KEY = 'promo_survey_2_dismissed';
export const RENAME_NOTICE_KEY = 'brand_rename_notice_dismissed';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function isDismissed(storage: FlagStorage | null, key: string): boolean {
  try {
    return storage?.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function dismiss(storage: FlagStorage | null, key: string): void {
  try {
    storage?.setItem(key, '1');
  } catch {
    // Storage unavailable: the notice simply comes back next visit.
  }
}

export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
