import { Navigate, Route, Routes } from 'react-router';
import { LegacyImportPage } from '../features/admin-legacy-import/components/legacy-import-page.tsx';
import { LegacyInvoices } from '../features/legacy-invoices/components/legacy-invoices.tsx';
import { LegacyPayouts } from '../features/legacy-payouts/components/legacy-payouts.tsx';

/** The URLs the shell hands to mf-legacy (only users with the legacy flag get here; the import only admins). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/legacy" element={<Navigate to="/dashboard/legacy/invoices" replace />} />
      <Route path="/dashboard/legacy/invoices" element={<LegacyInvoices />} />
      <Route path="/dashboard/legacy/payouts" element={<LegacyPayouts />} />
      <Route path="/admin/legacy-import" element={<LegacyImportPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
