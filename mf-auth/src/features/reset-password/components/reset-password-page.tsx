import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AuthPlaceholder } from '../../../lib/auth-placeholder.tsx';

/** /reset-password/:token */
export function ResetPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AuthPlaceholder titleKey="reset.title" textKey="reset.text">
      <p className="auth-card__footer">
        <Link to="/login">{t('backToLogin')}</Link>
      </p>
    </AuthPlaceholder>
  );
}
