import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { StatusIcon } from '@frilo/ui/status-icon';
import * as icons from '@frilo/ui/icons';
import type { LinkProblem as Problem } from '../state/link-state.ts';
import { buttonClass } from '@frilo/ui/button';

/** Each reason its own picture: done, out of time, replaced by a newer email, broken, gone, unreachable. */
const LOOKS: Record<Problem, { kind: 'success' | 'warning' | 'error'; icon: string }> = {
  used: { kind: 'success', icon: icons.check },
  expired: { kind: 'warning', icon: icons.clock },
  superseded: { kind: 'warning', icon: icons.mail },
  not_found: { kind: 'warning', icon: icons.link },
  unavailable: { kind: 'warning', icon: icons.info },
  unreachable: { kind: 'error', icon: icons.close },
};

/** Why this link shows nothing to confirm, and what to do instead; in the page's language (the API gives no other). */
export function LinkProblem({ problem, onRetry }: { problem: Problem; onRetry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="recipient-state" role={problem === 'unreachable' ? 'alert' : undefined}>
      <StatusIcon {...LOOKS[problem]} />
      <h2 tabIndex={-1}>{t(`verify.link.${problem}.title`)}</h2>
      <p>{t(`verify.link.${problem}.text`)}</p>
      {problem === 'unreachable' && (
        <button type="button" className={buttonClass({ variant: 'primary' })} onClick={onRetry}>
          {t('verify.retry')}
        </button>
      )}
    </div>
  );
}
