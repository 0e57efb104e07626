import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '@frilo/ui/icon';
import { isWaitingCode, problemCodeKey } from '../../../lib/problem-codes.ts';
import * as icons from '@frilo/ui/icons';

/**
 * What blocks sending invoices to a customer (docs/product/errors.md#problem-codes), one short chip each; "Ready
 * to invoice" when nothing does. Code 16 only makes invoices wait, so it is shown as information.
 */
export function ProblemChips({ codes }: { codes: readonly number[] }) {
  const { t } = useTranslation(NAMESPACE);
  if (!codes.length) {
    return (
      <span className="customers-ready">
        <Icon icon={icons.check} size={16} />
        {t('problems.ready')}
      </span>
    );
  }
  return (
    <ul className="customers-problems" aria-label={t('problems.label')}>
      {codes.map((code) => (
        <li key={code} className={isWaitingCode(code) ? 'customers-problem is-waiting' : 'customers-problem'}>
          <Icon icon={isWaitingCode(code) ? icons.clock : icons.alert} size={14} />
          {t(problemCodeKey(code))}
        </li>
      ))}
    </ul>
  );
}
