import { useTranslation } from 'react-i18next';
import { StatusBadge, type BadgeTone } from '@frilo/ui/status-badge';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { Status } from '../state/transaction-query.ts';

const TONE: Record<Status, BadgeTone> = {
  completed_invoice: 'info',
  initiated: 'info',
  completed_transaction: 'success',
  failed_after_complete: 'danger',
  failed: 'danger',
};

/** A payment item's status (spec §4) in the user's language; the colour only repeats the words. */
export function StatusLabel({ status }: { status: Status }) {
  const { t } = useTranslation(NAMESPACE);
  return <StatusBadge tone={TONE[status]}>{t(`status.${status}`)}</StatusBadge>;
}
