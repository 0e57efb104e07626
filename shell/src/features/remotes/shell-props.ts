// What every remote receives as single-spa parcel props (contract v1; see docs/shell-remote-contract.md).
import type { Session } from '../session/session-types.ts';
import type { Locale } from '../i18n/locale.ts';

export type ShellParcelProps = {
  contractVersion: 1;
  /** The remote's own name, e.g. `mf-auth`. */
  remote: string;
  /** null when logged out. Updated in place (parcel update) whenever it changes. */
  session: Session | null;
  locale: Locale;
  brand: string;
};
