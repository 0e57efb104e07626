import { AuthPlaceholder } from '../../../lib/auth-placeholder.tsx';

/** /email-change-confirm: shows the result; afterwards the user logs in again (spec §2). */
export function EmailChangeConfirmPage() {
  return <AuthPlaceholder titleKey="emailChange.title" textKey="emailChange.text" />;
}
