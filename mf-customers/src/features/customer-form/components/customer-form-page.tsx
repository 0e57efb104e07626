import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoadingIndicator } from '@frilo/ui/loading';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '@frilo/ui/icon';
import { useMessage } from '@frilo/ui/form/use-message';
import { failureCode } from '@frilo/ui/form/api-result';
import type { Customer } from '../../../lib/customer-types.ts';
import { formMessage } from '../../../lib/messages.ts';
import { notify } from '@frilo/openapi/shell-contract';
import { DeleteCustomerDialog } from '../../customer-delete/components/delete-customer-dialog.tsx';
import { VerificationPanel } from '../../customer-verification/components/verification-panel.tsx';
import { useCustomer } from '../hooks/use-customer.ts';
import { useCustomerProblems } from '../hooks/use-customer-problems.ts';
import { invoiceReturnPath } from '../state/return-to.ts';
import { CustomerForm } from './customer-form.tsx';
import { SendingProblems } from './sending-problems.tsx';
import { cardClass } from '@frilo/ui/card';
import { Button, buttonClass } from '@frilo/ui/button';
import { MessageCard } from '@frilo/ui/message-card';
import { PageHeader } from '@frilo/ui/page-header';
import * as icons from '@frilo/ui/icons';

const LIST_PATH = '/dashboard/customers';

/**
 * Create or edit a customer: from the customer list (`dashboard`: back to the list after creating;
 * an edit stays, with verification, what blocks sending and delete beside it) or from the invoice
 * flow (`invoice`: back to the invoice with the customer chosen).
 */
export function CustomerFormPage({ context }: { context: 'dashboard' | 'invoice' }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { uuid } = useParams();
  const { state, replace, reload } = useCustomer(uuid);
  const [dirty, setDirty] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const customer = uuid && state.status === 'ready' ? state.customer : null;
  const problems = useCustomerProblems(context === 'dashboard' ? customer : null);
  const backTo = context === 'invoice' ? invoiceReturnPath(search, uuid) : LIST_PATH;

  const onSaved = useCallback(
    (saved: Customer, leaving: boolean) => {
      notify('success', uuid ? t('form.saved', { name: saved.name }) : t('form.created', { name: saved.name }));
      // Saved on the way out (the unsaved-changes warning's "save and leave"): it goes where the user was going.
      if (leaving) return;
      if (context === 'invoice') navigate(invoiceReturnPath(search, saved.id));
      else if (uuid) replace(saved);
      else navigate(LIST_PATH);
    },
    [context, navigate, replace, search, t, uuid],
  );

  const header = (
    <PageHeader className="customer-form-page__header">
      <Link to={backTo} className="customers-back">
        <Icon icon={icons.arrowLeft} size={16} />
        {context === 'invoice' ? t('form.backToInvoice') : t('form.back')}
      </Link>
      {customer && <p className="customers-eyebrow">{t('form.editTitle')}</p>}
      <h1 id="customer-form-title">{customer ? customer.name : t('form.createTitle')}</h1>
      <p>{context === 'invoice' ? t('form.invoiceLead') : customer ? t('form.editLead') : t('form.createLead')}</p>
    </PageHeader>
  );

  if (uuid && state.status !== 'ready') {
    const notFound = state.status === 'failed' && state.failure.status === 404;
    return (
      <div className="customer-form-page">
        {state.status === 'loading' ? (
          <LoadingIndicator />
        ) : (
          <MessageCard
            role="alert"
            title={notFound ? t('form.notFound.title') : t('form.loadFailed.title')}
            actions={
              notFound ? (
                // Back without the customer: it is gone (to the invoice flow too).
                <Link
                  to={context === 'invoice' ? invoiceReturnPath(search) : LIST_PATH}
                  className={buttonClass({ variant: 'primary' })}
                >
                  {context === 'invoice' ? t('form.backToInvoice') : t('form.back')}
                </Link>
              ) : (
                <Button variant="primary" onClick={reload}>
                  {t('form.loadFailed.retry')}
                </Button>
              )
            }
          >
            <p>{notFound ? t('form.notFound.text') : message(formMessage('form', failureCode(state.failure)))}</p>
          </MessageCard>
        )}
      </div>
    );
  }

  const form = (
    <CustomerForm
      // A new version (saved, or loaded after a conflict) starts the form again from it.
      key={customer ? `${customer.id}:${customer.version}` : 'new'}
      customer={customer}
      onSaved={onSaved}
      onReloadLatest={reload}
      onDirtyChange={setDirty}
      cancelTo={backTo}
      // Opening the customer the user already has: in the invoice flow it becomes the invoice's customer.
      onOpenExisting={(existing) =>
        navigate(context === 'invoice' ? invoiceReturnPath(search, existing) : `${LIST_PATH}/edit/${existing}`)
      }
      submitLabel={
        context === 'invoice' ? t('form.saveAndReturn') : customer ? t('form.saveChanges') : t('form.create')
      }
    />
  );

  if (!customer || context === 'invoice') {
    return (
      <div className="customer-form-page">
        {header}
        {form}
      </div>
    );
  }

  return (
    <div className="customer-form-page customer-form-page--with-aside">
      {header}
      <aside className="customer-form-page__aside" aria-label={t('form.asideLabel')}>
        {problems && <SendingProblems problems={problems} formId="edit-customer" />}
        <VerificationPanel customer={customer} unsaved={dirty} />
      </aside>
      <div className="customer-form-page__main">{form}</div>
      <section
        className={cardClass({ className: 'customers-panel customer-form-page__danger' })}
        aria-labelledby="delete-section-title"
      >
        <h2 id="delete-section-title">{t('delete.sectionTitle')}</h2>
        <p className="customers-panel__text">{t('delete.sectionText')}</p>
        <button
          type="button"
          className={buttonClass({ block: true, variant: 'danger-quiet' })}
          onClick={() => setDeleting(true)}
        >
          <Icon icon={icons.trash} size={18} />
          {t('delete.open')}
        </button>
      </section>
      <DeleteCustomerDialog
        customer={deleting ? customer : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(LIST_PATH)}
      />
    </div>
  );
}
