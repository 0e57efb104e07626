import { useTranslation } from 'react-i18next';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { day } from '../../../lib/format.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { listYearlyStatements, statementUrl } from '../api/statements.ts';

/** The yearly salary statements (PDF) for the freelancer's records and tax return: each year from the January after. */
export function YearlyStatements({ version }: { version: number }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  // Read again when a payout was made on the screen: its year may be new.
  const years = useLoad((signal) => listYearlyStatements(signal), `statements-${version}`);
  const list = years.data?.years ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="statements-title" className="salary-statements">
      <h2 id="statements-title" className="salary-section-title">
        {t('statements.title')}
      </h2>
      <ul>
        {list.map((entry) => (
          <li key={entry.year}>
            {entry.available ? (
              <a href={statementUrl(entry.year)} download>
                {t('statements.link', { year: entry.year })}
              </a>
            ) : (
              <span className="salary-muted">
                {t('statements.notYet', { year: entry.year, date: day(entry.availableFrom, locale) })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
