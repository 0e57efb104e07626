import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { CustomerListPage } from '../features/customer-list/components/customer-list-page.tsx';
import { useShell } from './shell-context.ts';

// The list is the first screen; the form and the public pages load on demand, so it stays small.
// A failed chunk reaches the remote's error boundary (RemoteCrash), which tells the shell.
const CustomerFormPage = lazy(() =>
  import('../features/customer-form/components/customer-form-page.tsx').then((m) => ({ default: m.CustomerFormPage })),
);
const RecipientVerificationPage = lazy(() =>
  import('../features/recipient-verification/components/recipient-verification-page.tsx').then((m) => ({
    default: m.RecipientVerificationPage,
  })),
);
const StopEmailsPage = lazy(() =>
  import('../features/recipient-opt-out/components/stop-emails-page.tsx').then((m) => ({ default: m.StopEmailsPage })),
);
const OpenLinkFromEmailPage = lazy(() =>
  import('../features/recipient-verification/components/open-link-from-email-page.tsx').then((m) => ({
    default: m.OpenLinkFromEmailPage,
  })),
);

/** The URLs the shell hands to mf-customers; anything else is another remote's (render nothing). */
export function AppRoutes() {
  const { session } = useShell();
  return (
    <Routes>
      <Route path="/dashboard/customers" element={<CustomerListPage />} />
      <Route path="/dashboard/customers/create" element={<CustomerFormPage context="dashboard" />} />
      <Route path="/dashboard/customers/edit/:uuid" element={<CustomerFormPage context="dashboard" />} />
      <Route path="/quotations/recipients/organization" element={<CustomerFormPage context="invoice" />} />
      {/* docs/product/web-app.md#routes lists this one among the public routes too: logged out, a customer's contact is sent to their email. */}
      <Route
        path="/quotations/recipients/organization/:uuid"
        element={session ? <CustomerFormPage context="invoice" /> : <OpenLinkFromEmailPage />}
      />
      <Route path="/recipients/:uuid/verify/:nonce" element={<RecipientVerificationPage />} />
      <Route path="/recipients/:uuid/stop/:nonce" element={<StopEmailsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
