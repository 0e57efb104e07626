// On logout localStorage is cleared except the flag that the new-login modal was already seen.

export const NEW_LOGIN_MODAL_SEEN_KEY = 'new_login_modal_seen';
export const KEPT_ON_LOGOUT: readonly string[] = [NEW_LOGIN_MODAL_SEEN_KEY];

type KeyStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>;

export function clearStorageOnLogout(storage: KeyStorage, keep: readonly string[] = KEPT_ON_LOGOUT): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && !keep.includes(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
