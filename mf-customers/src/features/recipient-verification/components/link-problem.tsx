import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { StatusIcon } from '../../../components/status-icon.tsx';
import type { LinkProblem as Problem } from '../state/link-state.ts';

/** Why this link shows nothing to confirm, and what to do instead; in the page's language (the API gives no other). */
export function LinkProblem({ problem, onRetry }: { problem: Problem; onRetry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="recipient-state" role={problem === 'unreachable' ? 'alert' : undefined}>
      <StatusIcon kind={problem === 'used' ? 'success' : problem === 'unreachable' ? 'error' : 'warning'} />
      <h2 tabIndex={-1}>{t(`verify.link.${problem}.title`)}</h2>
      <p>{t(`verify.link.${problem}.text`)}</p>
      {problem === 'unreachable' && (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('verify.retry')}
        </button>
      )}
    </div>
  );
}
