import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@frilo/ui/button';
import { LoadingIndicator } from '@frilo/ui/loading';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { formatSek as sek } from '@frilo/ui/money';
import { day } from '../../../lib/format.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { listBatchPayouts, type PayoutBatch } from '../api/payouts.ts';

/** The payments of one payout file, each linked to its freelancer, with the salary items it pays. */
export function BatchPayoutsDialog({ batch, onClose }: { batch: PayoutBatch | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ModalDialog open={batch !== null} onClose={onClose} titleId="batch-payouts-title">
      {batch && <BatchPayouts batch={batch} />}
      <DialogActions>
        <Button variant="primary" onClick={onClose}>
          {t('detail.close')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

function BatchPayouts({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const payouts = useLoad((signal) => listBatchPayouts(batch.id, 1, signal), batch.id);
  return (
    <>
      <h2 id="batch-payouts-title">{t('admin.payouts.inFile.title', { date: day(batch.executionDate, locale) })}</h2>
      {payouts.failure && <LoadFailed failure={payouts.failure} onRetry={payouts.reload} />}
      {!payouts.data && !payouts.failure && <LoadingIndicator />}
      {payouts.data && (
        <ul className="salary-upcoming__people" data-testid="batch-payouts">
          {payouts.data.items.map((payout) => (
            <li key={payout.id} className="salary-upcoming__person">
              <div className="salary-card__top">
                <span>
                  <span className="salary-mono">{payout.reference}</span>{' '}
                  <Link to={`/admin/users/${payout.owner.userId}`}>{payout.owner.name}</Link>
                </span>
                <span className="salary-amount">{sek(payout.amount, locale)}</span>
              </div>
              <p className="salary-muted">
                {t(`admin.payouts.inFile.kind.${payout.kind}`)} ·{' '}
                {t('admin.payouts.upcoming.account', { account: payout.account ?? '–' })} ·{' '}
                {t(`status.${payout.status}`)}
              </p>
              <ul className="salary-upcoming__items">
                {payout.items.map((item) => (
                  <li key={item.salaryItemId}>
                    {t(
                      payout.kind === 'vacation_pay'
                        ? 'admin.payouts.upcoming.item.vacation_pay'
                        : 'admin.payouts.upcoming.item.salary',
                      {
                        number: item.invoiceNumber ?? '–',
                        customer: item.customerName,
                        amount: sek(item.amount, locale),
                      },
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {payouts.data && payouts.data.page.total > payouts.data.items.length && (
        <p className="salary-muted">
          {t('admin.payouts.inFile.more', { shown: payouts.data.items.length, count: payouts.data.page.total })}
        </p>
      )}
    </>
  );
}
