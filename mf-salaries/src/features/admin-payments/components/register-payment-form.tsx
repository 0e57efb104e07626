import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { DateField } from '@frilo/ui/form/date-field';
import { formMessage } from '@frilo/ui/form/messages';
import { MoneyField } from '@frilo/ui/form/money-field';
import { parseAmount } from '@frilo/ui/form/number-format';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { useMessage } from '@frilo/ui/form/use-message';
import { useShell } from '@frilo/ui/shell-context';
import { useUnsavedChangesGuard } from '@frilo/ui/unsaved-changes';
import { NAMESPACE } from '../../../app/namespace.ts';
import { idempotencyKey } from '../../../lib/api-result.ts';
import { swedishToday } from '../../../lib/format.ts';
import { formatMoney as money } from '@frilo/ui/money';
import { registerPayment, type IncomingPayment, type PayableInvoice } from '../api/payments.ts';
import { InvoiceLookup } from './invoice-lookup.tsx';

type Values = { amount: string; paymentDate: string; sekAmount: string; note: string };

const SHARED = new Set(['network', 'rate_limited', 'forbidden', 'csrf']);

/**
 * A payment that did not come in a BgMax file, registered by hand (registerPayment). One Idempotency-Key per payment
 * meant: a retry after a lost answer registers it once.
 */
export function RegisterPaymentForm({ onRegistered }: { onRegistered: (payment: IncomingPayment) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const { locale } = useShell();
  const [invoice, setInvoice] = useState<PayableInvoice | null>(null);
  const [done, setDone] = useState<IncomingPayment | null>(null);
  const key = useRef<string | null>(null);
  const today = swedishToday();
  const initial: Values = { amount: '', paymentDate: today, sekAmount: '', note: '' };
  const foreign = invoice !== null && invoice.currency !== 'SEK';

  const form = useForm<Values, IncomingPayment>({
    form: 'register',
    initial,
    validate: (values) => {
      const issues: Partial<Record<keyof Values, { code: string; params?: Record<string, unknown> }>> = {};
      const amount = parseAmount(values.amount, locale, { min: 1 });
      if (!values.amount.trim()) issues.amount = { code: 'required' };
      else if (!amount.ok) issues.amount = amount.issue;
      if (!values.paymentDate) issues.paymentDate = { code: 'required' };
      else if (values.paymentDate > today) issues.paymentDate = { code: 'in_future' };
      if (foreign) {
        const sekAmount = parseAmount(values.sekAmount, locale, { min: 1 });
        if (!values.sekAmount.trim()) issues.sekAmount = { code: 'required' };
        else if (!sekAmount.ok) issues.sekAmount = sekAmount.issue;
      }
      return issues;
    },
    send: (values) => {
      key.current ??= idempotencyKey();
      const amount = parseAmount(values.amount, locale);
      const sekAmount = parseAmount(values.sekAmount, locale);
      return registerPayment(
        {
          invoiceId: invoice!.id,
          amount: amount.ok ? amount.value : 0,
          currency: invoice!.currency,
          paymentDate: values.paymentDate,
          ...(foreign && sekAmount.ok ? { sekAmount: sekAmount.value } : {}),
          ...(values.note.trim() ? { note: values.note.trim() } : {}),
        },
        key.current,
      );
    },
    onSent: (payment) => {
      key.current = null;
      setDone(payment);
      setInvoice(null);
      form.reset(initial);
      onRegistered(payment);
    },
  });
  const guard = useUnsavedChangesGuard({ dirty: form.dirty, save: () => form.submit() });

  return (
    <>
      {guard.dialog}
      {done && (
        <Alert kind="success">
          <p>
            {t('register.done', {
              amount: money(done.amount.amount, done.amount.currency, locale),
              number: done.invoice?.number ?? '–',
            })}
          </p>
        </Alert>
      )}
      <InvoiceLookup
        id="register-reference"
        invoice={invoice}
        onInvoice={(found) => {
          setInvoice(found);
          setDone(null);
          key.current = null;
        }}
      />
      {invoice && (
        <form className="salary-register" onSubmit={(event) => void form.submit(event)} noValidate>
          {form.failure && (
            <Alert alertRef={form.alertRef}>
              <p>{message(formMessage('register', form.failure.code, SHARED))}</p>
            </Alert>
          )}
          <div className="salary-calculator__row">
            <MoneyField
              id="register-amount"
              label={t('register.amount', { currency: invoice.currency })}
              currency={invoice.currency === 'SEK' ? 'kr' : invoice.currency}
              min={1}
              {...form.bind('amount')}
            />
            <DateField id="register-date" label={t('register.paymentDate')} max={today} {...form.bind('paymentDate')} />
          </div>
          {foreign && (
            <MoneyField
              id="register-sek"
              label={t('register.sekAmount')}
              hint={t('register.sekAmountHint')}
              currency="kr"
              min={1}
              {...form.bind('sekAmount')}
            />
          )}
          <TextField id="register-note" label={t('register.note')} optional maxLength={500} {...form.bind('note')} />
          <SubmitButton sending={form.sending}>{t('register.submit')}</SubmitButton>
        </form>
      )}
    </>
  );
}
