import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { useMessage } from '@frilo/ui/form/use-message';
import type { FormFailure } from '@frilo/ui/form/use-form';
import { NAMESPACE } from '../../../app/namespace.ts';
import { wizardFailureMessage } from '../state/messages.ts';

/** A failed save above the step; when the invoice changed elsewhere, the way to its latest version. */
export function StepFailure({
  failure,
  alertRef,
  onReload,
}: {
  failure: FormFailure | null;
  alertRef: RefObject<HTMLDivElement | null>;
  onReload?: (() => void) | undefined;
}) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  if (!failure) return null;
  return (
    <Alert alertRef={alertRef}>
      <p>{message(wizardFailureMessage(failure))}</p>
      {failure.code === 'version_conflict' && onReload && (
        <Button size="small" onClick={onReload}>
          {t('wizard.reloadLatest')}
        </Button>
      )}
    </Alert>
  );
}
