import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/login/components/login-page.tsx';
import { useShell } from '@frilo/ui/shell-context';

// Login, sign-up and the forgotten password are one click apart and part of the first screen.
// The rest loads on demand, so /login's first load stays small: the profile (logged in only, the
// biggest screen) and the pages people reach from a link in an email. A failed chunk reaches the
// remote's error boundary (RemoteCrash).
// Only the login screen is in the first download of /login (the bundle budget, docs/decisions/0014-ui-kit.md); the
// sign-up and forgotten-password screens come when they are opened.
const SignUpPage = lazy(() =>
  import('../features/sign-up/components/sign-up-page.tsx').then((module) => ({ default: module.SignUpPage })),
);
const ForgottenPasswordPage = lazy(() =>
  import('../features/forgotten-password/components/forgotten-password-page.tsx').then((module) => ({
    default: module.ForgottenPasswordPage,
  })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page.tsx').then((module) => ({ default: module.ProfilePage })),
);
const ConfirmEmailPage = lazy(() =>
  import('../features/confirm-email/components/confirm-email-page.tsx').then((module) => ({
    default: module.ConfirmEmailPage,
  })),
);
const PleaseConfirmPage = lazy(() =>
  import('../features/confirm-email/components/please-confirm-page.tsx').then((module) => ({
    default: module.PleaseConfirmPage,
  })),
);
const EmailChangeConfirmPage = lazy(() =>
  import('../features/email-change/components/email-change-confirm-page.tsx').then((module) => ({
    default: module.EmailChangeConfirmPage,
  })),
);
const EmailChangeCancelPage = lazy(() =>
  import('../features/email-change/components/email-change-cancel-page.tsx').then((module) => ({
    default: module.EmailChangeCancelPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/reset-password/components/reset-password-page.tsx').then((module) => ({
    default: module.ResetPasswordPage,
  })),
);

// The back office's account pages: admins only (the shell routes nobody else here), never on the first screen.
const UserListPage = lazy(() =>
  import('../features/admin-users/components/user-list-page.tsx').then((module) => ({ default: module.UserListPage })),
);
const UserDetailPage = lazy(() =>
  import('../features/admin-users/components/user-detail-page.tsx').then((module) => ({
    default: module.UserDetailPage,
  })),
);
const AuditPage = lazy(() =>
  import('../features/admin-audit/components/audit-page.tsx').then((module) => ({ default: module.AuditPage })),
);

/** The URLs the shell hands to mf-auth. While the email is unconfirmed every other URL asks for confirmation. */
export function AppRoutes() {
  const { session } = useShell();
  const unconfirmed = session !== null && !session.user.emailConfirmedAt;
  return (
    <Routes>
      <Route path="/confirm/:id/:token" element={<ConfirmEmailPage />} />
      <Route path="/email-change-cancel" element={<EmailChangeCancelPage />} />
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
          <Route path="/admin/users" element={<UserListPage />} />
          <Route path="/admin/users/:userId" element={<UserDetailPage />} />
          <Route path="/admin/audit" element={<AuditPage />} />
          <Route path="*" element={null} />
        </>
      )}
    </Routes>
  );
}
