import { useEffect, useState } from 'react';
import type { Customer } from '../../../lib/customer-types.ts';
import { fetchCustomerProblems, type CustomerProblems } from '../api/customers.ts';

/**
 * What blocks sending invoices to a stored customer, with the field to fix, read again after every
 * saved change (its `version`). Null until known, or when nothing blocks.
 */
export function useCustomerProblems(customer: Pick<Customer, 'id' | 'version' | 'problemCodes'> | null) {
  const [problems, setProblems] = useState<CustomerProblems['problems'] | null>(null);
  const id = customer?.id;
  const version = customer?.version;
  const blocked = (customer?.problemCodes.length ?? 0) > 0;

  useEffect(() => {
    setProblems(null);
    if (!id || !blocked) return;
    const controller = new AbortController();
    void fetchCustomerProblems(id, controller.signal).then((result) => {
      if (!controller.signal.aborted && result.ok) setProblems(result.data.problems);
    });
    return () => controller.abort();
  }, [id, version, blocked]);

  return problems;
}
