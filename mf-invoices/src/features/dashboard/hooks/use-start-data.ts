import { useEffect, useState } from 'react';
import { countCustomers, countSentInvoices, fetchBankDetails, fetchProfile } from '../api/start-data.ts';
import type { StartFacts } from '../state/start-steps.ts';

export type StartData = { loading: boolean; facts: StartFacts };

/** Reads the facts once per visit of the dashboard, all at once. */
export function useStartData(): StartData {
  const [data, setData] = useState<StartData>({
    loading: true,
    facts: { profile: null, bankRegistered: null, customers: null, sentInvoices: null },
  });
  useEffect(() => {
    let cancelled = false;
    void Promise.all([fetchProfile(), fetchBankDetails(), countCustomers(), countSentInvoices()]).then(
      ([profile, bank, customers, invoices]) => {
        if (cancelled) return;
        setData({
          loading: false,
          facts: {
            profile: profile.ok ? profile.data : null,
            bankRegistered: bank.ok ? bank.data.registered : null,
            customers: customers.ok ? customers.data.page.total : null,
            sentInvoices: invoices.ok ? invoices.data.page.total : null,
          },
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return data;
}
