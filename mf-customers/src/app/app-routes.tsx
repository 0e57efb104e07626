import { Route, Routes } from 'react-router';
import { CustomerForm } from '../features/customer-form/components/customer-form.tsx';
import { CustomerList } from '../features/customer-list/components/customer-list.tsx';
import { RecipientVerification } from '../features/recipient-verification/components/recipient-verification.tsx';

/** The URLs the shell hands to mf-customers; anything else is another remote's (render nothing). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/customers" element={<CustomerList />} />
      <Route path="/dashboard/customers/create" element={<CustomerForm />} />
      <Route path="/dashboard/customers/edit/:uuid" element={<CustomerForm />} />
      <Route path="/quotations/recipients/organization" element={<CustomerForm />} />
      <Route path="/quotations/recipients/organization/:uuid" element={<CustomerForm />} />
      <Route path="/recipients/:uuid/verify/:nonce" element={<RecipientVerification />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
