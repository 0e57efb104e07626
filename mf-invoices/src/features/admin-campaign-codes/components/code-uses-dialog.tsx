import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { formatMoney } from '@frilo/ui/money';
import { LoadingIndicator } from '@frilo/ui/loading';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { useShell } from '@frilo/ui/shell-context';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';
import { listCampaignCodeUses, type CampaignCode } from '../api.ts';

/** The invoices that carry a code, drafts included, with their freelancer, status and whether they hold a use. */
export function CodeUsesDialog({ code, onClose }: { code: CampaignCode | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const uses = useApiData(
    (signal) =>
      code
        ? listCampaignCodeUses(code.id, signal)
        : Promise.resolve({
            ok: true as const,
            status: 200,
            data: { items: [], page: { page: 1, pageSize: 100, total: 0 } },
          }),
    code?.id ?? '',
  );
  return (
    <ModalDialog open={code !== null} onClose={onClose} titleId="code-uses-title">
      <h2 id="code-uses-title">{t('admin.codes.usesTitle', { code: code?.code ?? '' })}</h2>
      {!uses.data || uses.loading ? (
        <LoadingIndicator />
      ) : uses.data.items.length === 0 ? (
        <p>{t('admin.codes.noUses')}</p>
      ) : (
        <ul className="invoices-admin__list">
          {uses.data.items.map((use) => (
            <li key={use.invoiceId}>
              <strong>{use.number ?? t('admin.codes.draft')}</strong> · {use.freelancer.displayName} · {use.statusName}{' '}
              · {use.invoiceDate} · {formatMoney(use.totalExclVat, use.currency, locale)} ·{' '}
              {use.counted ? t('admin.codes.counted') : t('admin.codes.notCounted')}
            </li>
          ))}
        </ul>
      )}
      {uses.data && uses.data.page.total > uses.data.items.length && (
        <p className="invoices-admin__muted">{t('admin.codes.moreUses', { count: uses.data.page.total })}</p>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t('admin.close')}</Button>
      </DialogActions>
    </ModalDialog>
  );
}
