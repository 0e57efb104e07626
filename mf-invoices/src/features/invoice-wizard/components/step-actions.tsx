import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@frilo/ui/button';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { NAMESPACE } from '../../../app/namespace.ts';
import { wizardPath } from '../wizard-steps.ts';

/** The foot of a step: back to the previous step (a link, so the unsaved-changes guard asks), and next. */
export function StepActions({
  invoiceId,
  step,
  sending,
  children,
}: {
  invoiceId: string | null;
  step: number;
  sending: boolean;
  /** Replaces the "next" button (the review step's save and send). */
  children?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="wizard-actions">
      {invoiceId && step > 0 ? (
        <Link to={wizardPath(invoiceId, step - 1)} className={buttonClass({})}>
          <Icon icon={icons.arrowLeft} size={16} />
          {t('wizard.back')}
        </Link>
      ) : (
        <Link to="/dashboard/invoices" className={buttonClass({})}>
          {t('wizard.cancel')}
        </Link>
      )}
      <div className="wizard-actions__end">
        {children ?? <SubmitButton sending={sending}>{t('wizard.next')}</SubmitButton>}
      </div>
    </div>
  );
}
