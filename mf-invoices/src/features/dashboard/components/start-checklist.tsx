import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { cardClass } from '@frilo/ui/card';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { startBankRegistration } from '../api/start-data.ts';
import { allDone, startSteps, type Step, type StartFacts } from '../state/start-steps.ts';
import './start-checklist.css';

/**
 * "Kom igång": the first-day steps, ticked from real data, each linking to the exact place that
 * finishes it; gone once every step is done.
 */
export function StartChecklist({ facts }: { facts: StartFacts }) {
  const { t } = useTranslation(NAMESPACE);
  const steps = startSteps(facts);
  if (!steps.length || allDone(steps)) return null;
  const done = steps.filter((step) => step.done).length;
  return (
    <section className={cardClass({ className: 'start-checklist' })} aria-labelledby="start-checklist-title">
      <div className="start-checklist__head">
        <h2 id="start-checklist-title">{t('dashboard.start.title')}</h2>
        <p className="start-checklist__progress">{t('dashboard.start.progress', { done, total: steps.length })}</p>
      </div>
      <ol className="start-checklist__steps">
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'is-done' : undefined}>
            <Icon icon={step.done ? icons.check : icons.circle} size={20} />
            <StepLink step={step} />
            <span className="visually-hidden">
              {step.done ? t('dashboard.start.doneLabel') : t('dashboard.start.todoLabel')}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function StepLink({ step }: { step: Step }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [opening, setOpening] = useState(false);
  const label = t(`dashboard.start.steps.${step.id}`);
  if (step.done) return <span className="start-checklist__label">{label}</span>;
  if (step.to === 'bank-registration') {
    // Registering the salary account happens at the provider: the step opens it directly.
    return (
      <button
        type="button"
        className="start-checklist__link"
        disabled={opening}
        onClick={() => {
          setOpening(true);
          void startBankRegistration(locale).then((url) => {
            if (url) window.location.assign(url);
            else setOpening(false);
          });
        }}
      >
        {label}
      </button>
    );
  }
  return (
    <Link className="start-checklist__link" to={step.to}>
      {label}
    </Link>
  );
}
