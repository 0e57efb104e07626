import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { stepState, WIZARD_STEPS } from '../wizard-steps.ts';

/** /quotations/create and /quotations/edit/:invoiceId: the five steps, the forms arrive with the invoice API. */
export function InvoiceWizard() {
  const { t } = useTranslation(NAMESPACE);
  const { invoiceId } = useParams();
  const current = 0;
  return (
    <div>
      <header className="page-header">
        <div>
          <h1>{invoiceId ? t('wizard.editTitle', { id: invoiceId }) : t('wizard.createTitle')}</h1>
          <p>{t('wizard.lead')}</p>
        </div>
      </header>
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
      <section className="coming-soon">
        <span className="badge">{t('comingSoon')}</span>
        <h2>{t(`wizard.steps.${WIZARD_STEPS[current]}`)}</h2>
        <p>{t('wizard.comingText')}</p>
      </section>
    </div>
  );
}
