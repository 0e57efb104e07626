import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { LegacyPage } from '../../navigation/components/legacy-page.tsx';

/** /dashboard/legacy/invoices */
export function LegacyInvoices() {
  const { t } = useTranslation(NAMESPACE);
  const { brand } = useShell();
  return (
    <LegacyPage>
      <section className="coming-soon">
        <span className="badge">{t('comingSoon')}</span>
        <h2>{t('invoices.title')}</h2>
        <p>{t('invoices.text', { brand })}</p>
      </section>
    </LegacyPage>
  );
}
