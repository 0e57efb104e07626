import { Route, Routes } from 'react-router';
import { DashboardHome } from '../features/dashboard/components/dashboard-home.tsx';
import { InvoiceDetailPage } from '../features/invoice-detail/components/invoice-detail-page.tsx';
import { InvoiceList } from '../features/invoice-list/components/invoice-list.tsx';
import { InvoiceWizard } from '../features/invoice-wizard/components/invoice-wizard.tsx';

/** The URLs the shell hands to mf-invoices; anything else is another remote's (render nothing). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/home" element={<DashboardHome />} />
      <Route path="/dashboard/invoices" element={<InvoiceList />} />
      <Route path="/dashboard/invoices/:invoiceId" element={<InvoiceDetailPage />} />
      <Route path="/quotations/create" element={<InvoiceWizard />} />
      <Route path="/quotations/edit/:invoiceId" element={<InvoiceWizard />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
