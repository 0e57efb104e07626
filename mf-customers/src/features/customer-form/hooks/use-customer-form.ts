// The customer form's state: useForm over the form model, sending a new customer or a change, the
// API's answer mapped onto the fields, and the invoice language following the country until chosen.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useForm } from '@frilo/ui/form/use-form';
import { apiPathOf } from '../../../lib/field-paths.ts';
import { useShell } from '@frilo/ui/shell-context';
import { countryName, fieldMessage } from '../../../lib/messages.ts';
import type { ApiResult } from '@frilo/ui/form/api-result';
import type { Customer } from '../../../lib/customer-types.ts';
import { createCustomer, findDuplicateCustomers, updateCustomer, type CustomerDuplicate } from '../api/customers.ts';
import {
  customerBody,
  customerFieldOf,
  customerValues,
  FIELD_ORDER,
  newCustomerValues,
  sameValues,
  suggestedInvoiceLanguage,
  updateBody,
  validateCustomerForm,
  type CustomerFormValues,
} from '../state/customer-form-values.ts';

/** Fields whose rules depend on the type and the country: their old errors may no longer apply. */
const RULED_BY_TYPE_AND_COUNTRY = ['governmentId', 'vatNumber', 'reverseVat', 'postalCode', 'eInvoice'] as const;

/** The code of a create held back to ask about customers it would repeat; the form asks instead of alerting. */
export const DUPLICATE_FOUND = 'duplicate_found';

/** A locked government id answers 409 without field errors; it belongs on the field all the same. */
function lockedIdOnField(result: ApiResult<Customer>): ApiResult<Customer> {
  if (result.ok || result.problem?.code !== 'government_id_locked') return result;
  return {
    ...result,
    problem: {
      ...result.problem,
      errors: [{ field: 'body.governmentId', code: 'government_id_locked', message: result.problem.detail ?? '' }],
    },
  };
}

export function useCustomerForm({
  customer,
  onSaved,
}: {
  customer: Customer | null;
  onSaved: (saved: Customer) => void;
}) {
  const initial = useMemo(() => (customer ? customerValues(customer) : newCustomerValues()), [customer]);
  // A stored customer's language was chosen already; a new one's follows the country until chosen.
  const languageChosen = useRef(customer !== null);

  // Creating asks first when the user has a customer with the same number, or the same name and email.
  const [duplicates, setDuplicates] = useState<CustomerDuplicate[]>([]);
  const createAnyway = useRef(false);
  const send = useCallback(
    async (values: CustomerFormValues): Promise<ApiResult<Customer>> => {
      if (customer) return lockedIdOnField(await updateCustomer(customer.id, updateBody(values, customer)));
      if (!createAnyway.current) {
        const found = await findDuplicateCustomers(values);
        // The question is a courtesy: when it cannot be asked (offline, an error), creating goes on and says why.
        if (found.ok && found.data.items.length) {
          setDuplicates(found.data.items);
          return { ok: false, status: 409, problem: null, retryAfter: null };
        }
      }
      createAnyway.current = false;
      return lockedIdOnField(await createCustomer(customerBody(values)));
    },
    [customer],
  );

  const { locale } = useShell();
  // The VAT number is checked against the address's country: its messages name that country.
  const country = useRef(initial.country);
  const form = useForm<CustomerFormValues, Customer>({
    initial,
    order: FIELD_ORDER,
    validate: validateCustomerForm,
    send,
    onSent: (saved) => {
      form.reset(customerValues(saved));
      onSaved(saved);
    },
    fieldOf: customerFieldOf,
    codeOf: (failure) => (failure.status === 409 && failure.problem === null ? DUPLICATE_FOUND : undefined),
    messageOf: (name, issue) =>
      fieldMessage(
        apiPathOf(name),
        name === 'vatNumber'
          ? { ...issue, params: { ...issue.params, countryName: countryName(country.current, locale) } }
          : issue,
      ),
    same: sameValues,
  });
  country.current = form.values.country;

  const { set, clearErrors } = form;
  const setCountry = useCallback(
    (country: string) => {
      set('country', country);
      clearErrors(RULED_BY_TYPE_AND_COUNTRY);
      if (!languageChosen.current) set('invoiceLanguage', suggestedInvoiceLanguage(country));
    },
    [set, clearErrors],
  );
  const setType = useCallback(
    (type: CustomerFormValues['type']) => {
      set('type', type);
      clearErrors(RULED_BY_TYPE_AND_COUNTRY);
    },
    [set, clearErrors],
  );
  const setInvoiceLanguage = useCallback(
    (language: CustomerFormValues['invoiceLanguage']) => {
      languageChosen.current = true;
      set('invoiceLanguage', language);
    },
    [set],
  );

  const { submit } = form;
  const duplicate = {
    found: duplicates,
    /** Creates the customer though it repeats one (the user chose "create anyway"). */
    createAnyway: () => {
      setDuplicates([]);
      createAnyway.current = true;
      return submit();
    },
    dismiss: () => setDuplicates([]),
  };

  return { ...form, setType, setCountry, setInvoiceLanguage, duplicate };
}
