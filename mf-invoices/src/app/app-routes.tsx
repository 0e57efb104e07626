import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { DashboardHome } from '../features/dashboard/components/dashboard-home.tsx';
import { InvoiceList } from '../features/invoice-list/components/invoice-list.tsx';

// The wizard loads on demand, so the dashboard and the list stay small (createRemote shows Loading... meanwhile).
const InvoiceWizard = lazy(() =>
  import('../features/invoice-wizard/components/invoice-wizard.tsx').then((m) => ({ default: m.InvoiceWizard })),
);

/** The URLs the shell hands to mf-invoices; anything else is another remote's (render nothing). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/home" element={<DashboardHome />} />
      <Route path="/dashboard/invoices" element={<InvoiceList />} />
      <Route path="/quotations/create" element={<InvoiceWizard />} />
      <Route path="/quotations/edit/:invoiceId" element={<InvoiceWizard />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
