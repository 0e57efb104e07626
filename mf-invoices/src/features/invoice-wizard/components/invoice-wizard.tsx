import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { track } from '@frilo/openapi/shell-contract';
import { buttonClass, Button } from '@frilo/ui/button';
import { LoadingIndicator } from '@frilo/ui/loading';
import { MessageCard } from '@frilo/ui/message-card';
import { PageHeader } from '@frilo/ui/page-header';
import { useMessage } from '@frilo/ui/form/use-message';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { Invoice } from '../api/wizard-api.ts';
import { useInvoice } from '../hooks/use-invoice.ts';
import { wizardFailureMessage } from '../state/messages.ts';
import { stepOf, stepState, WIZARD_STEPS, wizardPath } from '../wizard-steps.ts';
import { StepCustomer } from './step-customer.tsx';
import { StepTerms } from './step-terms.tsx';
import { StepRows } from './step-rows.tsx';
import { StepExpenses } from './step-expenses.tsx';
import { StepReview } from './step-review.tsx';

export type StepProps = {
  invoice: Invoice;
  step: number;
  onSaved: (invoice: Invoice) => void;
  /** Goes to a step of this invoice (a new entry in the history, so back returns). */
  goTo: (step: number) => void;
  /** Loads the latest version (after a `version_conflict`); the step starts again from it. */
  reloadLatest: () => void;
};

/** The analytics event sent when the user leaves a step (to another step or out of the wizard). */
export const STEP_LEFT_EVENT = 'invoice_wizard_step_left';

/**
 * /quotations/create and /quotations/edit/:invoiceId: the five steps. The step is the `step` query
 * parameter; the draft is created when step 0 picks the customer and saved by every step's "next".
 */
export function InvoiceWizard() {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { invoiceId } = useParams();
  const { state, replace, reload } = useInvoice(invoiceId);
  const step = stepOf(search, Boolean(invoiceId));
  const recipientParam = new URLSearchParams(search).get('recipient');

  // Leaving a step, to another one or out of the wizard, is tracked with the step's index.
  const invoiceRef = useRef(invoiceId);
  invoiceRef.current = invoiceId;
  useEffect(() => () => track(STEP_LEFT_EVENT, { step, invoiceId: invoiceRef.current ?? null }), [step]);

  // A new step starts at the top, with focus on its heading for screen readers.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [step]);

  const goTo = useCallback(
    (next: number) => {
      if (invoiceId) navigate(wizardPath(invoiceId, next));
    },
    [invoiceId, navigate],
  );

  const onCreated = useCallback(
    (invoice: Invoice) => {
      replace(invoice);
      // The new invoice takes the place of /quotations/create (so back never makes a second one), then step 1.
      navigate(wizardPath(invoice.id, 0), { replace: true });
      navigate(wizardPath(invoice.id, 1));
    },
    [navigate, replace],
  );

  const invoice = state.status === 'ready' ? state.invoice : null;
  const title = invoice?.number
    ? t('wizard.numberTitle', { number: invoice.number })
    : invoiceId
      ? t('wizard.editTitle')
      : t('wizard.createTitle');

  let body;
  if (state.status === 'loading') body = <LoadingIndicator />;
  else if (state.status === 'failed') {
    const notFound = state.failure.status === 404;
    body = (
      <MessageCard
        role="alert"
        title={notFound ? t('wizard.notFound.title') : t('wizard.loadFailed')}
        actions={
          notFound ? (
            <Link to="/dashboard/invoices" className={buttonClass({ variant: 'primary' })}>
              {t('wizard.toInvoices')}
            </Link>
          ) : (
            <Button variant="primary" onClick={reload}>
              {t('wizard.retry')}
            </Button>
          )
        }
      >
        <p>{notFound ? t('wizard.notFound.text') : message(wizardFailureMessage(state.failure))}</p>
      </MessageCard>
    );
  } else if (invoice && !invoice.editable && step !== 4) {
    body = (
      <MessageCard
        title={t('wizard.notEditable.title')}
        actions={
          <Link to="/dashboard/invoices" className={buttonClass({ variant: 'primary' })}>
            {t('wizard.toInvoices')}
          </Link>
        }
      >
        <p>{t('wizard.notEditable.text')}</p>
      </MessageCard>
    );
  } else if (!invoice || step === 0) {
    body = (
      <StepCustomer
        key={`${invoice?.id ?? 'new'}:${recipientParam ?? ''}`}
        invoice={invoice}
        recipientParam={recipientParam}
        onCreated={onCreated}
        onSaved={replace}
        goTo={goTo}
      />
    );
  } else {
    const props: StepProps = { invoice, step, onSaved: replace, goTo, reloadLatest: reload };
    // A new version (saved, or another tab's) starts the step's form again from it.
    const key = `${step}:${invoice.id}:${invoice.version}`;
    body = [
      null,
      <StepTerms key={key} {...props} />,
      <StepRows key={key} {...props} />,
      <StepExpenses key={key} {...props} />,
      <StepReview key={`${step}:${invoice.id}`} {...props} />,
    ][step];
  }

  return (
    <div className="wizard">
      <PageHeader>
        <h1>{title}</h1>
        {invoice && <p className="wizard__customer">{t('wizard.toCustomer', { name: invoice.recipient.name })}</p>}
      </PageHeader>
      <nav aria-label={t('wizard.stepsLabel')}>
        <ol className="wizard-steps">
          {WIZARD_STEPS.map((name, index) => {
            const content = (
              <>
                <span className="wizard-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span>{t(`wizard.steps.${name}`)}</span>
              </>
            );
            return (
              <li
                key={name}
                className={`wizard-steps__item is-${stepState(index, step)}`}
                aria-current={index === step ? 'step' : undefined}
              >
                {invoice && invoice.editable && index !== step ? (
                  <Link to={wizardPath(invoice.id, index)} className="wizard-steps__link">
                    {content}
                  </Link>
                ) : (
                  content
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <h2 ref={heading} tabIndex={-1} className="wizard__step-title">
        <span className="visually-hidden">{t('wizard.stepOf', { number: step + 1, total: WIZARD_STEPS.length })} </span>
        {t(`wizard.steps.${WIZARD_STEPS[step]!}`)}
      </h2>
      {body}
    </div>
  );
}
