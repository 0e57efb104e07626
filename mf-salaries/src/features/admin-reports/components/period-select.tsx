import { useTranslation } from 'react-i18next';
import { SelectField } from '@frilo/ui/form/select-field';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { swedishToday } from '../../../lib/format.ts';
import { recentMonths, recentQuarters } from '../api/reports.ts';
import { monthLabel } from './employer-declaration-page.tsx';

/** A VAT period: one of the last twelve months or four quarters. */
export function PeriodSelect({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const today = swedishToday();
  return (
    <SelectField
      id={id}
      label={t('admin.reports.period')}
      value={value}
      onChange={onChange}
      options={[
        ...recentMonths(today).map((m) => ({ value: m, label: monthLabel(m, locale) })),
        ...recentQuarters(today).map((q) => ({
          value: q,
          label: t('admin.reports.quarter', { quarter: q.slice(6), year: q.slice(0, 4) }),
        })),
      ]}
    />
  );
}
