import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardClass } from '@frilo/ui/card';
import { LoadingIndicator } from '@frilo/ui/loading';
import { NAMESPACE } from '../../../app/namespace.ts';
import { fetchSalaryEstimate, type SalaryEstimate } from '../../invoice-wizard/api/wizard-api.ts';
import { SalaryBreakdown } from '../../invoice-wizard/components/salary-breakdown.tsx';
import type { Invoice } from '../api/invoice-detail.ts';

/**
 * The salary the invoice gives, kept on its page once it has left the wizard (the same estimate the review step
 * showed: THE salary function on the day it is expected to be paid).
 */
export function SalaryCard({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(NAMESPACE);
  const [estimate, setEstimate] = useState<SalaryEstimate | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    setEstimate('loading');
    void fetchSalaryEstimate(invoice.id).then((result) => {
      if (!cancelled) setEstimate(result.ok ? result.data : 'failed');
    });
    return () => {
      cancelled = true;
    };
  }, [invoice.id, invoice.version]);
  return (
    <section className={cardClass({ className: 'invoice-detail__section' })} aria-labelledby="invoice-salary">
      <h2 id="invoice-salary">{t('detail.salary.title')}</h2>
      {estimate === 'loading' ? (
        <LoadingIndicator />
      ) : estimate === 'failed' ? (
        <p className="invoice-detail__muted">{t('detail.salary.unavailable')}</p>
      ) : (
        <SalaryBreakdown estimate={estimate} />
      )}
    </section>
  );
}
