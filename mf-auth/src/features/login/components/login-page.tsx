import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { api } from '../../../lib/api.ts';
import { invalidateSession } from '../../../lib/shell-contract.ts';
import { loginFailure, validateLogin, type LoginFailure, type LoginFieldErrors } from '../login-errors.ts';

/** /login: a minimal working form; the auth team owns its final design. */
export function LoginPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const fieldErrors = validateLogin({ email, password });
    setErrors(fieldErrors);
    setFailure(null);
    if (Object.keys(fieldErrors).length) return;
    setBusy(true);
    try {
      const { data, error, response } = await api.POST('/api/auth/login', { body: { email: email.trim(), password } });
      if (data) {
        invalidateSession(params.get('redirect') ?? '/dashboard/home');
        return;
      }
      setFailure(loginFailure(response.status, error));
    } catch {
      setFailure('generic');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card card--narrow auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="auth-card__lead">{t('login.lead')}</p>
      {failure && (
        <p className="form-error" role="alert">
          {t(`login.errors.${failure}`)}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="login-email">
            {t('login.email')}
          </label>
          <input
            id="login-email"
            className="field__input"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
          />
          {errors.email && (
            <p className="field__error" id="login-email-error">
              {t(`login.errors.${errors.email}`)}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="login-password">
            {t('login.password')}
          </label>
          <input
            id="login-password"
            className="field__input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
          />
          {errors.password && (
            <p className="field__error" id="login-password-error">
              {t(`login.errors.${errors.password}`)}
            </p>
          )}
        </div>
        <p className="auth-card__aside">
          <Link to="/forgotten-password">{t('login.forgotten')}</Link>
        </p>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('loading') : t('login.submit')}
        </button>
      </form>
      <p className="auth-card__footer">
        {t('login.noAccount')} <Link to="/sign-up">{t('login.signUp')}</Link>
      </p>
    </section>
  );
}
