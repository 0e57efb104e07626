import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@frilo/ui/button';
import { formatSek } from '@frilo/ui/money';
import { useUiLocale } from '@frilo/ui/ui-text';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { InvoiceProblem } from '../api/wizard-api.ts';
import { customerFormPath, WIZARD_STEPS, wizardPath } from '../wizard-steps.ts';

export const PROFILE_PATH = '/dashboard/profile';

/**
 * Every problem that blocks (or holds back) sending, each with the link that fixes it. A campaign code that no longer
 * applies is fixed where the list is shown (the review step): by removing it, then entering another if there is one.
 */
export function ProblemList({
  invoiceId,
  problems,
  onRegisterBank,
  onRemoveCampaignCode,
}: {
  invoiceId: string;
  problems: readonly InvoiceProblem[];
  onRegisterBank: () => void;
  onRemoveCampaignCode?: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useUiLocale();
  return (
    <ul className="wizard-problems">
      {problems.map((problem, index) => {
        // A problem's reason (a campaign code's `expired`, `used_up`…) words it more precisely where a text exists.
        const reason = typeof problem.params?.['reason'] === 'string' ? problem.params['reason'] : null;
        const text = t(
          [
            ...(reason ? [`wizard.problems.${problem.code}_${reason}`] : []),
            `wizard.problems.${problem.code}`,
            ...(problem.problemCode === null ? [] : [`sending.problems.${problem.problemCode}`]),
            'wizard.problems.unknown',
          ],
          {
            ...problem.params,
            field: problem.field,
            // An amount in the problem's params is in minor units: written the language's way.
            ...(typeof problem.params?.['minimum'] === 'number'
              ? { minimum: formatSek(problem.params['minimum'], locale) }
              : {}),
          },
        );
        const { fix } = problem;
        let action = null;
        if (problem.code === 'campaign_code_invalid' && onRemoveCampaignCode)
          action = (
            <Button size="small" onClick={onRemoveCampaignCode}>
              {t('wizard.problems.fixCampaignCode')}
            </Button>
          );
        else if (fix.screen === 'invoice' && fix.step !== null)
          action = (
            <Link to={wizardPath(invoiceId, fix.step)}>
              {t('wizard.problems.fixStep', { step: t(`wizard.steps.${WIZARD_STEPS[fix.step] ?? 'review'}`) })}
            </Link>
          );
        else if (fix.screen === 'customer' && fix.customerId)
          action = <Link to={customerFormPath(invoiceId, fix.customerId)}>{t('wizard.problems.fixCustomer')}</Link>;
        else if (fix.screen === 'profile') action = <Link to={PROFILE_PATH}>{t('wizard.problems.fixProfile')}</Link>;
        else if (fix.screen === 'bank_details')
          action = (
            <Button size="small" onClick={onRegisterBank}>
              {t('wizard.problems.fixBank')}
            </Button>
          );
        return (
          <li key={`${problem.code}:${problem.field}:${index}`}>
            <Icon icon={icons.alert} size={16} />
            <span>{text}</span>
            {action}
          </li>
        );
      })}
    </ul>
  );
}
