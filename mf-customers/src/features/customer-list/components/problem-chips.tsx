import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '../../../components/icon.tsx';
import { isWaitingCode, problemCodeKey } from '../../../lib/problem-codes.ts';

/**
 * What blocks sending invoices to a customer (docs/product/errors.md#problem-codes), one short chip each; "Ready
 * to invoice" when nothing does. Code 16 only makes invoices wait, so it is shown as information.
 */
export function ProblemChips({ codes }: { codes: readonly number[] }) {
  const { t } = useTranslation(NAMESPACE);
  if (!codes.length) {
    return (
      <span className="customers-ready">
        <Icon name="check" size={16} />
        {t('problems.ready')}
      </span>
    );
  }
  return (
    <ul className="customers-problems" aria-label={t('problems.label')}>
      {codes.map((code) => (
        <li key={code} className={isWaitingCode(code) ? 'customers-problem is-waiting' : 'customers-problem'}>
          <Icon name={isWaitingCode(code) ? 'clock' : 'alert'} size={14} />
          {t(problemCodeKey(code))}
        </li>
      ))}
    </ul>
  );
}
