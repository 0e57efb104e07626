import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@frilo/ui/status-badge';
import * as icons from '@frilo/ui/icons';
import { NAMESPACE } from '../../../app/namespace.ts';
import { invoiceState, STATE_TONE, type InvoiceState } from '../../../lib/invoice-display.ts';

const STATE_ICON: Partial<Record<InvoiceState, string>> = {
  paid: icons.check,
  not_sent: icons.alert,
  temporary_error: icons.refresh,
  waiting: icons.clock,
  sending: icons.clock,
  need_admin_approval: icons.clock,
  changes_requested: icons.edit,
};

/** An invoice's status in words in the user's language (the colour and icon only repeat it), and "overdue" beside it. */
export function InvoiceStatusBadge({
  status,
  statusName,
  overdue = false,
}: {
  status: number;
  statusName: string;
  overdue?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const state = invoiceState(status, statusName);
  const icon = STATE_ICON[state];
  return (
    <span className="invoice-status">
      <StatusBadge tone={STATE_TONE[state]} {...(icon ? { icon } : {})}>
        {t(`list.status.${state}`)}
      </StatusBadge>
      {overdue && (
        <StatusBadge tone="danger" icon={icons.alert}>
          {t('list.overdue')}
        </StatusBadge>
      )}
    </span>
  );
}
