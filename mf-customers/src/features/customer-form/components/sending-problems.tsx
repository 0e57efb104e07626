import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '@frilo/ui/icon';
import { useMessage } from '@frilo/ui/form/use-message';
import { isWaitingCode } from '../../../lib/problem-codes.ts';
import { fieldMessage } from '../../../lib/messages.ts';
import type { CustomerProblems } from '../api/customers.ts';
import { inputIdOf } from '../state/field-ids.ts';
import * as icons from '@frilo/ui/icons';

/** What blocks sending invoices to this customer, each with a way to the field that fixes it. */
export function SendingProblems({ problems, formId }: { problems: CustomerProblems['problems']; formId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  if (!problems.length) return null;
  const waitingOnly = problems.every((problem) => isWaitingCode(problem.problemCode));
  return (
    <section
      className={
        waitingOnly ? 'card customers-panel customers-panel--info' : 'card customers-panel customers-panel--warning'
      }
      aria-labelledby="sending-problems-title"
    >
      <h2 id="sending-problems-title">
        <Icon icon={waitingOnly ? icons.clock : icons.alert} size={18} />
        {waitingOnly ? t('problems.waitingTitle') : t('problems.title')}
      </h2>
      <ul className="customers-panel__list">
        {problems.map((problem) => {
          const id = inputIdOf(formId, problem.field);
          return (
            <li key={`${problem.field}:${problem.code}`}>
              <span>{message(fieldMessage(problem.field, { code: problem.code }))}</span>
              {id && !isWaitingCode(problem.problemCode) && (
                <button
                  type="button"
                  className="customers-link-button"
                  onClick={() => document.getElementById(id)?.focus()}
                >
                  {t('problems.goToField')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
