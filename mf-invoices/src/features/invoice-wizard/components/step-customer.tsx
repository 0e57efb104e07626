import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@frilo/ui/alert';
import { buttonClass, Button } from '@frilo/ui/button';
import { EmptyState } from '@frilo/ui/empty-state';
import { useForm } from '@frilo/ui/form/use-form';
import { useMessage } from '@frilo/ui/form/use-message';
import { TextField } from '@frilo/ui/form/text-field';
import { RadioGroupField } from '@frilo/ui/form/radio-group-field';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { LoadingIndicator } from '@frilo/ui/loading';
import { StatusBadge } from '@frilo/ui/status-badge';
import { NAMESPACE } from '../../../app/namespace.ts';
import {
  createInvoice,
  fetchCustomer,
  listCustomers,
  updateInvoice,
  type Customer,
  type Invoice,
} from '../api/wizard-api.ts';
import { useStepGuard } from '../hooks/use-step-guard.ts';
import { wizardFailureMessage, wizardFieldMessage } from '../state/messages.ts';
import { customerFormPath } from '../wizard-steps.ts';
import { StepActions } from './step-actions.tsx';

type Values = { recipientId: string };

/** Step 0: the customer. Choosing one creates the draft (or moves an existing draft to it). */
export function StepCustomer({
  invoice,
  recipientParam,
  onCreated,
  onSaved,
  goTo,
}: {
  invoice: Invoice | null;
  /** `?recipient=`: the customer the customer form just saved, to select. */
  recipientParam: string | null;
  onCreated: (invoice: Invoice) => void;
  onSaved: (invoice: Invoice) => void;
  goTo: (step: number) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const [query, setQuery] = useState('');
  const [customers, setCustomers] = useState<Customer[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [paramUnavailable, setParamUnavailable] = useState(false);
  const [chosen, setChosen] = useState<Customer | null>(null);
  const invoiceRecipient = invoice?.recipient.available ? invoice.recipient.id : '';

  const form = useForm<Values, Invoice>({
    initial: { recipientId: invoiceRecipient },
    validate: (values) => (values.recipientId ? {} : { recipientId: { code: 'recipient_required' } }),
    send: (values) =>
      invoice
        ? updateInvoice(invoice.id, { version: invoice.version, recipientId: values.recipientId })
        : createInvoice(values.recipientId),
    onSent: (saved) => (invoice ? onSaved(saved) : onCreated(saved)),
    fieldOf: (path) => (path === 'recipientId' ? 'recipientId' : undefined),
    messageOf: wizardFieldMessage,
  });
  const { set } = form;

  // The customer the customer form returns with is selected (unless it is gone).
  useEffect(() => {
    if (!recipientParam) return;
    let cancelled = false;
    void fetchCustomer(recipientParam).then((result) => {
      if (cancelled) return;
      if (result.ok) {
        setChosen(result.data);
        set('recipientId', result.data.id);
      } else setParamUnavailable(true);
    });
    return () => {
      cancelled = true;
    };
  }, [recipientParam, set]);

  // The list, searched as the user types (a short pause first).
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(
      () =>
        void listCustomers(query.trim(), controller.signal).then((result) => {
          if (controller.signal.aborted) return;
          setLoadFailed(!result.ok);
          if (result.ok) setCustomers(result.data.items);
        }),
      query ? 250 : 0,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const save = async (): Promise<boolean> => {
    // Nothing changed on an existing draft: nothing to save.
    if (invoice && !form.dirty) return true;
    return form.submit();
  };
  const next = async () => {
    if (!(await save())) return;
    if (invoice) goTo(1);
  };
  const guard = useStepGuard({ dirty: form.dirty, save, step: 0, next });

  const options = useMemo(() => {
    const list = customers ?? [];
    const selected = form.values.recipientId;
    // The chosen customer stays visible while a search shows others.
    const extra = chosen && chosen.id === selected && !list.some((c) => c.id === selected) ? [chosen] : [];
    return [...extra, ...list].map((customer) => ({
      value: customer.id,
      label: customer.name,
      description: (
        <span className="wizard-customer__facts">
          {customer.address.city && <span>{customer.address.city}</span>}
          {customer.reverseVat && <StatusBadge tone="info">{t('wizard.customer.reverseVat')}</StatusBadge>}
          {customer.eInvoice && <StatusBadge tone="neutral">{t('wizard.customer.eInvoice')}</StatusBadge>}
          <Link to={customerFormPath(invoice?.id ?? null, customer.id)} className="wizard-customer__edit">
            <Icon icon={icons.edit} size={14} />
            {t('wizard.customer.edit', { name: customer.name })}
          </Link>
        </span>
      ),
    }));
  }, [customers, chosen, form.values.recipientId, invoice?.id, t]);

  const unavailable =
    paramUnavailable ||
    (invoice !== null && !invoice.recipient.available && form.values.recipientId === '') ||
    form.failure?.code === 'recipient_unavailable';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
      noValidate
      className="wizard-step"
    >
      {guard.dialog}
      {unavailable && <Alert kind="warning">{t('wizard.customer.unavailable')}</Alert>}
      {form.failure && form.failure.code !== 'recipient_unavailable' && (
        <Alert alertRef={form.alertRef}>{message(wizardFailureMessage(form.failure))}</Alert>
      )}
      <div className="wizard-customer__toolbar">
        <TextField
          id="customer-search"
          type="search"
          label={t('wizard.customer.search')}
          value={query}
          onChange={setQuery}
          icon={<Icon icon={icons.search} size={16} />}
          className="wizard-customer__search"
        />
        <Link to={customerFormPath(invoice?.id ?? null)} className={buttonClass({})}>
          <Icon icon={icons.plus} size={16} />
          {t('wizard.customer.create')}
        </Link>
      </div>
      {customers === null && !loadFailed ? (
        <LoadingIndicator />
      ) : loadFailed ? (
        <Alert>{t('wizard.customer.loadFailed')}</Alert>
      ) : options.length === 0 ? (
        <EmptyState
          variant="answer"
          title={query ? t('wizard.customer.noResults.title') : t('wizard.customer.none.title')}
          icon={query ? icons.search : icons.users}
          actions={
            query ? (
              <Button onClick={() => setQuery('')}>{t('wizard.customer.noResults.clear')}</Button>
            ) : (
              <Link to={customerFormPath(invoice?.id ?? null)} className={buttonClass({ variant: 'primary' })}>
                {t('wizard.customer.create')}
              </Link>
            )
          }
        >
          <p>{query ? t('wizard.customer.noResults.text', { q: query }) : t('wizard.customer.none.text')}</p>
        </EmptyState>
      ) : (
        <RadioGroupField
          name="recipient"
          legend={t('wizard.customer.legend')}
          options={options}
          {...form.bind('recipientId')}
          className="wizard-customer__list"
        />
      )}
      <StepActions invoiceId={invoice?.id ?? null} step={0} sending={form.sending} />
    </form>
  );
}
