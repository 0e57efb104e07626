import { Navigate, Route, Routes } from 'react-router';
import { AdminPaymentsPage } from '../features/admin-payments/components/admin-payments-page.tsx';
import { AdminPayoutsPage } from '../features/admin-payouts/components/admin-payouts-page.tsx';
import { AdminRatesPage } from '../features/admin-rates/components/admin-rates-page.tsx';
import { BookkeepingPage } from '../features/admin-reports/components/bookkeeping-page.tsx';
import { EcSalesListPage } from '../features/admin-reports/components/ec-sales-list-page.tsx';
import { EmployerDeclarationPage } from '../features/admin-reports/components/employer-declaration-page.tsx';
import { VatReturnPage } from '../features/admin-reports/components/vat-return-page.tsx';
import { AccountChangeLinkPage } from '../features/bank-account/components/account-change-link-page.tsx';
import { BankReturn } from '../features/bank-registration/components/bank-return.tsx';
import { Estimate } from '../features/estimate/components/estimate.tsx';
import { Transactions } from '../features/transactions/components/transactions.tsx';

/** The URLs the shell hands to mf-salaries; anything else is another remote's (render nothing). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/salaries" element={<Navigate to="/dashboard/salaries/transactions" replace />} />
      <Route path="/dashboard/salaries/transactions" element={<Transactions />} />
      <Route path="/dashboard/salaries/estimate" element={<Estimate />} />
      <Route path="/dashboard/pinebucket-confirmation" element={<BankReturn />} />
      <Route path="/bank-account-change/confirm" element={<AccountChangeLinkPage kind="confirm" />} />
      <Route path="/bank-account-change/stop" element={<AccountChangeLinkPage kind="stop" />} />
      <Route path="/admin/payments" element={<AdminPaymentsPage />} />
      <Route path="/admin/payouts" element={<AdminPayoutsPage />} />
      <Route path="/admin/exchange-rates" element={<AdminRatesPage />} />
      <Route path="/admin/reports" element={<Navigate to="/admin/reports/employer-declaration" replace />} />
      <Route path="/admin/reports/employer-declaration" element={<EmployerDeclarationPage />} />
      <Route path="/admin/reports/vat-return" element={<VatReturnPage />} />
      <Route path="/admin/reports/ec-sales-list" element={<EcSalesListPage />} />
      <Route path="/admin/reports/bookkeeping" element={<BookkeepingPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
