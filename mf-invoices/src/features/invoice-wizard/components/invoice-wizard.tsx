import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { stepState, WIZARD_STEPS } from '../wizard-steps.ts';
import { EmptyState } from '@frilo/ui/empty-state';
import { PageHeader } from '@frilo/ui/page-header';
import { StatusBadge } from '@frilo/ui/status-badge';

/** /quotations/create and /quotations/edit/:invoiceId: the five steps, the forms arrive with the invoice API. */
export function InvoiceWizard() {
  const { t } = useTranslation(NAMESPACE);
  const { invoiceId } = useParams();
  const current = 0;
  return (
    <div>
      <PageHeader>
        <h1>{invoiceId ? t('wizard.editTitle', { id: invoiceId }) : t('wizard.createTitle')}</h1>
        <p>{t('wizard.lead')}</p>
      </PageHeader>
      <ol className="wizard-steps" aria-label={t('wizard.stepsLabel')}>
        {WIZARD_STEPS.map((step, index) => (
          <li
            key={step}
            className={`wizard-steps__item is-${stepState(index, current)}`}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="wizard-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <span>{t(`wizard.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
      <EmptyState
        badge={<StatusBadge>{t('comingSoon')}</StatusBadge>}
        title={t(`wizard.steps.${WIZARD_STEPS[current]}`)}
      >
        <p>{t('wizard.comingText')}</p>
      </EmptyState>
    </div>
  );
}
