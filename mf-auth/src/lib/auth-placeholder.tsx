import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../app/namespace.ts';

/** A screen whose form the auth team is still building: says what will be here. */
export function AuthPlaceholder({
  titleKey,
  textKey,
  children,
}: {
  titleKey: string;
  textKey: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="card card--narrow auth-card" aria-labelledby="auth-placeholder-title">
      <span className="badge">{t('comingSoon')}</span>
      <h1 id="auth-placeholder-title">{t(titleKey)}</h1>
      <p className="auth-card__lead">{t(textKey)}</p>
      {children}
    </section>
  );
}
