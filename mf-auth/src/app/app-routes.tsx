import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ConfirmEmailPage } from '../features/confirm-email/components/confirm-email-page.tsx';
import { PleaseConfirmPage } from '../features/confirm-email/components/please-confirm-page.tsx';
import { EmailChangeConfirmPage } from '../features/email-change/components/email-change-confirm-page.tsx';
import { ForgottenPasswordPage } from '../features/forgotten-password/components/forgotten-password-page.tsx';
import { LoginPage } from '../features/login/components/login-page.tsx';
import { ResetPasswordPage } from '../features/reset-password/components/reset-password-page.tsx';
import { SignUpPage } from '../features/sign-up/components/sign-up-page.tsx';
import { useShell } from '@frilo/ui/shell-context';

// Only logged-in people open the profile, its biggest screen: it loads on demand, so the first
// screen (/login) stays small. A failed chunk reaches the remote's error boundary (RemoteCrash).
const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page.tsx').then((module) => ({ default: module.ProfilePage })),
);

/** The URLs the shell hands to mf-auth. While the email is unconfirmed every other URL asks for confirmation. */
export function AppRoutes() {
  const { session } = useShell();
  const unconfirmed = session !== null && !session.user.emailConfirmedAt;
  return (
    <Routes>
      <Route path="/confirm/:id/:token" element={<ConfirmEmailPage />} />
      {unconfirmed ? (
        <Route path="*" element={<PleaseConfirmPage />} />
      ) : (
        <>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/sign-up" element={<SignUpPage />} />
          <Route path="/forgotten-password" element={<ForgottenPasswordPage />} />
          <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
          <Route path="/email-change-confirm" element={<EmailChangeConfirmPage />} />
          <Route path="/dashboard/profile" element={<ProfilePage />} />
          <Route path="*" element={null} />
        </>
      )}
    </Routes>
  );
}
