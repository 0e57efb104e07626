import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { formatSek } from '@frilo/ui/money';
import { useUiLocale } from '@frilo/ui/ui-text';
import { NAMESPACE } from '../../../app/namespace.ts';
import { fetchProblems, type Invoice } from '../api/wizard-api.ts';

/**
 * The smallest invoice the platform sends, said on the rows step (not first at the review): the setting in force, and a
 * warning while the total is below it (as typed for a SEK invoice; as saved, compared in SEK, for another currency).
 */
export function MinimumAmount({ invoice, liveTotalExclVat }: { invoice: Invoice; liveTotalExclVat: number }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useUiLocale();
  const [minimum, setMinimum] = useState<{ amount: number; savedBelow: boolean } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void fetchProblems(invoice.id).then((result) => {
      if (cancelled || !result.ok) return;
      setMinimum({
        amount: result.data.minimumAmountExclVat,
        savedBelow: result.data.problems.some((p) => p.code === 'below_minimum_amount'),
      });
    });
    return () => {
      cancelled = true;
    };
  }, [invoice.id, invoice.version]);
  if (!minimum) return null;
  const amount = formatSek(minimum.amount, locale);
  const below =
    invoice.currency === 'SEK' ? liveTotalExclVat > 0 && liveTotalExclVat < minimum.amount : minimum.savedBelow;
  return below ? (
    <Alert kind="warning">{t('wizard.rows.belowMinimum', { amount })}</Alert>
  ) : (
    <p className="wizard-note">{t('wizard.rows.minimum', { amount })}</p>
  );
}
