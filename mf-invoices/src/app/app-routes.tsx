import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { DashboardHome } from '../features/dashboard/components/dashboard-home.tsx';
import { InvoiceDetailPage } from '../features/invoice-detail/components/invoice-detail-page.tsx';
import { InvoiceList } from '../features/invoice-list/components/invoice-list.tsx';

// The wizard loads on demand, so the dashboard and the list stay small (createRemote shows Loading... meanwhile).
const InvoiceWizard = lazy(() =>
  import('../features/invoice-wizard/components/invoice-wizard.tsx').then((m) => ({ default: m.InvoiceWizard })),
);

// The back office (admins only, the shell routes nobody else here): loaded on demand, never with the dashboard.
const ApprovalQueuePage = lazy(() =>
  import('../features/admin-approvals/components/approval-queue-page.tsx').then((m) => ({
    default: m.ApprovalQueuePage,
  })),
);
const ApprovalInvoicePage = lazy(() =>
  import('../features/admin-approvals/components/approval-invoice-page.tsx').then((m) => ({
    default: m.ApprovalInvoicePage,
  })),
);
const BlocklistPage = lazy(() =>
  import('../features/admin-blocklist/components/blocklist-page.tsx').then((m) => ({ default: m.BlocklistPage })),
);
const EInvoiceRecipientsPage = lazy(() =>
  import('../features/admin-einvoice/components/e-invoice-recipients-page.tsx').then((m) => ({
    default: m.EInvoiceRecipientsPage,
  })),
);
const CampaignCodesPage = lazy(() =>
  import('../features/admin-campaign-codes/components/campaign-codes-page.tsx').then((m) => ({
    default: m.CampaignCodesPage,
  })),
);
const SettingsPage = lazy(() =>
  import('../features/admin-settings/components/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);

/** The URLs the shell hands to mf-invoices; anything else is another remote's (render nothing). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/home" element={<DashboardHome />} />
      <Route path="/dashboard/invoices" element={<InvoiceList />} />
      <Route path="/dashboard/invoices/:invoiceId" element={<InvoiceDetailPage />} />
      <Route path="/quotations/create" element={<InvoiceWizard />} />
      <Route path="/quotations/edit/:invoiceId" element={<InvoiceWizard />} />
      <Route path="/admin/approvals" element={<ApprovalQueuePage />} />
      <Route path="/admin/approvals/:invoiceId" element={<ApprovalInvoicePage />} />
      <Route path="/admin/blocklist" element={<BlocklistPage />} />
      <Route path="/admin/e-invoice-recipients" element={<EInvoiceRecipientsPage />} />
      <Route path="/admin/campaign-codes" element={<CampaignCodesPage />} />
      <Route path="/admin/settings" element={<SettingsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
