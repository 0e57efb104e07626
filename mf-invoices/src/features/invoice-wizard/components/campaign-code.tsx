import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { TextField } from '@frilo/ui/form/text-field';
import { formatRate } from '@frilo/ui/form/number-format';
import { useUiLocale } from '@frilo/ui/ui-text';
import type { Form } from '@frilo/ui/form/use-form';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { Invoice } from '../api/wizard-api.ts';

export type CampaignValues = { campaignCode: string };

/** Why a draft's code no longer applies (the reason of its `campaign_code_invalid` problem). */
export type CampaignUnusable = 'expired' | 'used_up' | 'not_started';

/**
 * The campaign code field: checked (checkCampaignCode), then saved on the invoice; its effect on the fee is shown, or,
 * when the code of a draft expired or was used up, that it no longer applies (the problem list says how to fix it).
 */
export function CampaignCodeField({
  form,
  applied,
  effect,
  unusable,
  onRemove,
  editable,
}: {
  form: Form<CampaignValues>;
  applied: string | null;
  effect: Invoice['campaignCodeEffect'];
  unusable: CampaignUnusable | null;
  onRemove: () => void;
  editable: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useUiLocale();
  const [removing, setRemoving] = useState(false);
  if (applied) {
    return (
      <div className="wizard-campaign" role="status">
        {unusable ? (
          <p>{t(`wizard.campaign.notApplied.${unusable}`, { code: applied })}</p>
        ) : (
          <p>
            {t('wizard.campaign.applied', { code: applied })}
            {effect && ` ${t(`wizard.campaign.effect.${effect.type}`, { value: formatRate(effect.value, locale) })}`}
          </p>
        )}
        {editable && (
          <Button
            size="small"
            variant="danger-quiet"
            busy={removing}
            onClick={() => {
              setRemoving(true);
              onRemove();
            }}
          >
            {t('wizard.campaign.remove')}
          </Button>
        )}
      </div>
    );
  }
  if (!editable) return null;
  return (
    <form className="wizard-campaign" onSubmit={(event) => void form.submit(event)} noValidate>
      <TextField
        id="campaign-code"
        label={t('wizard.campaign.label')}
        optional
        maxLength={40}
        autoCapitalize="characters"
        spellCheck={false}
        {...form.bind('campaignCode')}
        action={
          <Button type="submit" busy={form.sending} disabled={form.sending}>
            {t('wizard.campaign.apply')}
          </Button>
        }
      />
    </form>
  );
}
