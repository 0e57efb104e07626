import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AuthPlaceholder } from '../../../lib/auth-placeholder.tsx';

export function ForgottenPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AuthPlaceholder titleKey="forgotten.title" textKey="forgotten.text">
      <p className="auth-card__footer">
        <Link to="/login">{t('backToLogin')}</Link>
      </p>
    </AuthPlaceholder>
  );
}
