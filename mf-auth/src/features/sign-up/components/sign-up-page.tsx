import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AuthPlaceholder } from '../../../lib/auth-placeholder.tsx';

export function SignUpPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AuthPlaceholder titleKey="signUp.title" textKey="signUp.text">
      <p className="auth-card__footer">
        {t('signUp.haveAccount')} <Link to="/login">{t('signUp.login')}</Link>
      </p>
    </AuthPlaceholder>
  );
}
