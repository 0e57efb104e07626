import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '@frilo/openapi/shell-contract';
import { Alert } from '@frilo/ui/alert';
import { Button, buttonClass } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
import { useForm } from '@frilo/ui/form/use-form';
import { useMessage } from '@frilo/ui/form/use-message';
import { formatRate } from '@frilo/ui/form/number-format';
import { LoadingIndicator } from '@frilo/ui/loading';
import { useUiLocale } from '@frilo/ui/ui-text';
import type { ApiResult } from '@frilo/ui/form/api-result';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatMoney } from '@frilo/ui/money';
import {
  checkCampaignCode,
  fetchProblems,
  fetchProfile,
  fetchSalaryEstimate,
  startBankRegistration,
  updateInvoice,
  type Invoice,
  type InvoiceProblem,
  type Profile,
  type SalaryEstimate,
} from '../api/wizard-api.ts';
import { useStepGuard } from '../hooks/use-step-guard.ts';
import { formatDate } from '../state/dates.ts';
import { wizardFailureMessage, wizardFieldMessage } from '../state/messages.ts';
import { blockingProblems } from '../state/send-outcome.ts';
import { CampaignCodeField, type CampaignUnusable, type CampaignValues } from './campaign-code.tsx';
import type { StepProps } from './invoice-wizard.tsx';
import { MoneyText } from './money-text.tsx';
import { PhonePrompt } from './phone-prompt.tsx';
import { PROFILE_PATH, ProblemList } from './problem-list.tsx';
import { SalaryBreakdown } from './salary-breakdown.tsx';
import { SendResultDialog } from './send-result-dialog.tsx';
import { SendDialog } from '../../send-dialog/components/send-dialog.tsx';
import { StepActions } from './step-actions.tsx';
import { VatTotals } from './vat-totals.tsx';

type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; result: ApiResult<T> };

function campaignFailure(result: Exclude<ApiResult<unknown>, { ok: true }>): ApiResult<Invoice> {
  // "Invalid campaign code" belongs on the field, also when the check answers without field errors; so does being
  // refused for trying too many codes (429), with the minutes to wait.
  if (result.problem?.code === 'rate_limited') {
    const minutes = Math.max(1, Math.ceil((result.retryAfter ?? 60) / 60));
    return {
      ...result,
      problem: {
        ...result.problem,
        errors: [
          {
            field: 'body.campaignCode',
            code: 'rate_limited',
            message: result.problem.detail ?? '',
            params: { minutes },
          },
        ],
      },
    };
  }
  if (result.problem?.code !== 'campaign_code_invalid') return result;
  return {
    ...result,
    problem: {
      ...result.problem,
      errors: [{ field: 'body.campaignCode', code: 'campaign_code_invalid', message: result.problem.detail ?? '' }],
    },
  };
}

/** Why the draft's code no longer applies, from its `campaign_code_invalid` problem; null while it applies. */
function campaignUnusable(problems: readonly InvoiceProblem[]): CampaignUnusable | null {
  const problem = problems.find((p) => p.code === 'campaign_code_invalid');
  if (!problem) return null;
  const reason = problem.params?.['reason'];
  return reason === 'expired' || reason === 'used_up' || reason === 'not_started' ? reason : 'expired';
}

/**
 * Step 4: everything the customer will get, the salary it gives, the campaign code, and every problem
 * that blocks sending with the link that fixes it; then send (once, whatever the clicks) or save the draft.
 */
export function StepReview({ invoice, step, onSaved }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const locale = useUiLocale();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<Loaded<InvoiceProblem[]>>({ status: 'loading' });
  const [estimate, setEstimate] = useState<Loaded<SalaryEstimate>>({ status: 'loading' });
  const [profile, setProfile] = useState<Profile | null>(null);
  const [sent, setSent] = useState<Invoice | null>(null);

  const version = invoice.version;
  const editable = invoice.editable;
  useEffect(() => {
    let cancelled = false;
    setEstimate({ status: 'loading' });
    void fetchSalaryEstimate(invoice.id).then((result) => {
      if (!cancelled) setEstimate(result.ok ? { status: 'ready', data: result.data } : { status: 'failed', result });
    });
    if (editable)
      void fetchProblems(invoice.id).then((result) => {
        if (!cancelled)
          setProblems(result.ok ? { status: 'ready', data: result.data.problems } : { status: 'failed', result });
      });
    return () => {
      cancelled = true;
    };
  }, [invoice.id, version, editable]);

  useEffect(() => {
    void fetchProfile().then((result) => result.ok && setProfile(result.data));
  }, []);

  const campaign = useForm<CampaignValues, Invoice>({
    initial: { campaignCode: '' },
    validate: (values) => (values.campaignCode.trim() ? {} : { campaignCode: { code: 'required' } }),
    send: async (values) => {
      const checked = await checkCampaignCode(values.campaignCode.trim());
      if (!checked.ok) return campaignFailure(checked);
      const saved = await updateInvoice(invoice.id, { version, campaignCode: checked.data.code });
      return saved.ok ? saved : campaignFailure(saved);
    },
    onSent: (saved) => {
      campaign.reset({ campaignCode: '' });
      onSaved(saved);
    },
    messageOf: wizardFieldMessage,
  });
  const guard = useStepGuard({ dirty: campaign.dirty, save: campaign.submit, step, next: async () => {} });

  const removeCode = async () => {
    const saved = await updateInvoice(invoice.id, { version, campaignCode: null });
    if (saved.ok) onSaved(saved.data);
    else notify('error', message(wizardFailureMessage(saved)));
  };

  const registerBank = useCallback(async () => {
    const url = await startBankRegistration(locale);
    if (url) window.location.assign(url);
    else notify('error', t('wizard.errors.generic'));
  }, [locale, t]);

  const [sendOpen, setSendOpen] = useState(false);
  const onSent = (invoice: Invoice) => {
    setSendOpen(false);
    setSent(invoice);
    onSaved(invoice);
  };

  const saveDraft = async () => {
    if (campaign.dirty && !(await campaign.submit())) return;
    notify('success', t('wizard.draftSaved'));
    navigate('/dashboard/invoices');
  };

  const problemList = problems.status === 'ready' ? problems.data : [];
  const unusable = editable ? campaignUnusable(problemList) : null;
  const blocking = blockingProblems(problemList);
  const governmentIdMissing = problemList.some((p) => p.code === 'owner_government_id_missing');
  const { totals } = invoice;

  return (
    <div className="wizard-step wizard-review">
      {guard.dialog}
      <SendResultDialog invoice={sent} onClose={() => setSent(null)} onRegisterBank={() => void registerBank()} />
      {editable && (
        <SendDialog
          invoice={invoice}
          open={sendOpen}
          onClose={() => setSendOpen(false)}
          onSent={onSent}
          onRefused={(refused) => {
            setSendOpen(false);
            setProblems({ status: 'ready', data: refused });
          }}
        />
      )}
      {!editable && !sent && <Alert kind="info">{t('wizard.review.notEditable')}</Alert>}
      {invoice.changesRequested && (
        <Alert kind="warning">
          {t('wizard.review.changesRequested', { comment: invoice.changesRequested.comment })}
        </Alert>
      )}
      {governmentIdMissing && (
        <Alert kind="warning">
          {t('sending.governmentIdMissing')} <a href={PROFILE_PATH}>{t('wizard.problems.fixProfile')}</a>
        </Alert>
      )}
      {profile && profile.phoneNumber === null && editable && <PhonePrompt onSaved={setProfile} />}

      <div className="wizard-review__grid">
        <section className={cardClass({ className: 'wizard-card' })} aria-labelledby="review-invoice-title">
          <h3 id="review-invoice-title">{t('wizard.review.invoice')}</h3>
          <dl className="wizard-facts">
            <div>
              <dt>{t('wizard.review.customer')}</dt>
              <dd>{invoice.recipient.name}</dd>
            </div>
            <div>
              <dt>{t('wizard.terms.invoiceDate')}</dt>
              <dd>{formatDate(invoice.invoiceDate, locale)}</dd>
            </div>
            <div>
              <dt>{t('wizard.terms.dueDate')}</dt>
              <dd>
                {formatDate(invoice.dueDate, locale)} ({t('wizard.terms.days', { count: invoice.paymentTermsDays })})
              </dd>
            </div>
            <div>
              <dt>{t('wizard.terms.currency')}</dt>
              <dd>{invoice.currency}</dd>
            </div>
            {invoice.reference && (
              <div>
                <dt>{t('wizard.terms.reference')}</dt>
                <dd>{invoice.reference}</dd>
              </div>
            )}
            <div>
              <dt>{t('wizard.terms.latePaymentInterest')}</dt>
              <dd>
                {!invoice.latePaymentInterestStatutory && invoice.latePaymentInterest !== null
                  ? `${formatRate(invoice.latePaymentInterest, locale)}\u00a0%`
                  : invoice.latePaymentInterest === null
                    ? t('detail.late.rateStatutory')
                    : t('detail.late.rateStatutoryNow', { rate: formatRate(invoice.latePaymentInterest, locale) })}
              </dd>
            </div>
            <div>
              <dt>{t('wizard.terms.reminders')}</dt>
              <dd>
                {invoice.reminderInterval === null
                  ? t('wizard.terms.remindersOff')
                  : t('detail.late.remindersOn', { count: invoice.reminderInterval })}
                {invoice.reminderFee !== null &&
                  `. ${t('detail.late.feeStated', { amount: formatMoney(invoice.reminderFee, 'SEK', locale) })}`}
              </dd>
            </div>
          </dl>
          <h4>{t('wizard.review.rows')}</h4>
          {invoice.rows.length === 0 ? (
            <p>{t('wizard.review.noRows')}</p>
          ) : (
            <ul className="wizard-lines">
              {invoice.rows.map((row, index) => (
                <li key={index}>
                  <span>
                    {row.description}
                    <small>
                      {formatRate(row.quantity, locale)} {t(`detail.units.${row.unit}`, { count: row.quantity })} ×{' '}
                      <MoneyText amount={row.unitPrice} currency={invoice.currency} />, {row.vatPercentage} %
                    </small>
                  </span>
                  <MoneyText amount={row.netAmount} currency={invoice.currency} />
                </li>
              ))}
              {invoice.expenses.map((expense, index) => (
                <li key={`e${index}`}>
                  <span>
                    {expense.description}
                    <small>
                      {expense.mileage
                        ? t('wizard.review.trip', {
                            from: expense.mileage.from,
                            to: expense.mileage.to,
                            km: formatRate(expense.mileage.km, locale),
                          })
                        : expense.receipt
                          ? t('wizard.review.receipt', { name: expense.receipt.fileName })
                          : t('wizard.review.receiptMissing')}
                    </small>
                  </span>
                  <MoneyText amount={expense.netAmount} currency={invoice.currency} />
                </li>
              ))}
            </ul>
          )}
          <VatTotals totals={totals} currency={invoice.currency} title={t('wizard.totals.title')} />
          {totals.reimbursements.total > 0 && (
            <p className="wizard-note">
              {t('wizard.review.reimbursements')}{' '}
              <MoneyText amount={totals.reimbursements.total} currency={invoice.currency} />
            </p>
          )}
        </section>

        <section className={cardClass({ className: 'wizard-card' })} aria-labelledby="review-salary-title">
          <h3 id="review-salary-title">{t('wizard.salary.title')}</h3>
          {estimate.status === 'loading' ? (
            <LoadingIndicator />
          ) : estimate.status === 'failed' ? (
            <p>{t('wizard.salary.unavailable')}</p>
          ) : (
            <SalaryBreakdown estimate={estimate.data} />
          )}
          <CampaignCodeField
            form={campaign}
            applied={invoice.campaignCode}
            effect={invoice.campaignCodeEffect}
            unusable={unusable}
            editable={editable}
            onRemove={() => void removeCode()}
          />
        </section>
      </div>

      {editable && (
        <section className={cardClass({ className: 'wizard-card' })} aria-labelledby="review-problems-title">
          <h3 id="review-problems-title">{t('wizard.review.beforeSending')}</h3>
          {problems.status === 'loading' ? (
            <LoadingIndicator />
          ) : problemList.length === 0 ? (
            <p className="wizard-ready">{t('wizard.review.ready')}</p>
          ) : (
            <>
              <p>{blocking.length ? t('wizard.review.blocked') : t('wizard.review.willWait')}</p>
              <ProblemList
                invoiceId={invoice.id}
                problems={problemList}
                onRegisterBank={() => void registerBank()}
                onRemoveCampaignCode={() => void removeCode()}
              />
            </>
          )}
        </section>
      )}

      {editable ? (
        <StepActions invoiceId={invoice.id} step={step} sending={false}>
          <Button onClick={() => void saveDraft()}>{t('wizard.saveDraft')}</Button>
          <Button
            variant="primary"
            disabled={problems.status !== 'ready' || blocking.length > 0}
            onClick={() => setSendOpen(true)}
          >
            {t('wizard.send')}
          </Button>
        </StepActions>
      ) : (
        // Sent: nothing to cancel or go back to; the way on is the invoice itself.
        <div className="wizard-actions">
          <Link to={`/dashboard/invoices/${invoice.id}`} className={buttonClass({ variant: 'primary' })}>
            {t('wizard.toInvoice')}
          </Link>
        </div>
      )}
    </div>
  );
}
