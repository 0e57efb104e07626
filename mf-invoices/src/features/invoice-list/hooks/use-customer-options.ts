import { useEffect, useState } from 'react';
import { listCustomerOptions, type CustomerOption } from '../api/list-invoices.ts';

/** The customers for the filter; an empty list when they cannot be read (the filter is then left out). */
export function useCustomerOptions(): CustomerOption[] {
  const [customers, setCustomers] = useState<CustomerOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void listCustomerOptions(controller.signal).then((result) => {
      if (!controller.signal.aborted && result.ok)
        setCustomers(result.data.items.map((customer) => ({ id: customer.id, name: customer.name })));
    });
    return () => controller.abort();
  }, []);
  return customers;
}
