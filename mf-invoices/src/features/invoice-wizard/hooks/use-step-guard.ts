// One step's unsaved-changes guard: the kit's dialog with the wizard's four choices (spec §2): keep
// editing, continue (save this step and go on to the next one), save and leave, leave without saving.
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '@frilo/ui/unsaved-changes';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LAST_STEP } from '../wizard-steps.ts';

export function useStepGuard({
  dirty,
  save,
  step,
  next,
}: {
  dirty: boolean;
  save: () => Promise<boolean>;
  step: number;
  /** Saves and goes to the next step (the "continue" choice). */
  next: () => Promise<unknown>;
}) {
  const { t } = useTranslation(NAMESPACE);
  return useUnsavedChangesGuard({
    dirty,
    save,
    alternative: step < LAST_STEP ? { label: t('wizard.exit.continue'), run: next } : undefined,
  });
}
