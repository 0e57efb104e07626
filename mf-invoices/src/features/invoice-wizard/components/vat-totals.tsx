import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { RowTotals } from '../state/row-totals.ts';
import { MoneyText } from './money-text.tsx';

/** Net and VAT per rate, then the totals (as the invoice prints them). */
export function VatTotals({ totals, currency, title }: { totals: RowTotals; currency: string; title: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="wizard-totals" aria-label={title}>
      <dl>
        {totals.vatBreakdown.map((rate) => (
          <div key={rate.vatPercentage} className="wizard-totals__rate">
            <dt>{t('wizard.totals.netAtRate', { rate: rate.vatPercentage })}</dt>
            <dd>
              <MoneyText amount={rate.taxableAmount} currency={currency} />
            </dd>
            <dt>{t('wizard.totals.vatAtRate', { rate: rate.vatPercentage })}</dt>
            <dd>
              <MoneyText amount={rate.vatAmount} currency={currency} />
            </dd>
          </div>
        ))}
        <div>
          <dt>{t('wizard.totals.exclVat')}</dt>
          <dd>
            <MoneyText amount={totals.totalExclVat} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t('wizard.totals.vat')}</dt>
          <dd>
            <MoneyText amount={totals.totalVat} currency={currency} />
          </dd>
        </div>
        <div className="wizard-totals__grand">
          <dt>{t('wizard.totals.inclVat')}</dt>
          <dd>
            <MoneyText amount={totals.totalInclVat} currency={currency} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
