// Every component of the kit, each in the states a screen shows it in. Also the page the kit's
// component tests drive (ui/e2e): the demo form answers with a chosen problem body.
import { useRef, useState, type ReactNode } from 'react';
import { Alert } from '../src/alert/alert.tsx';
import { BREAKPOINTS } from '../src/breakpoints.ts';
import { Button, buttonClass, iconButtonClass } from '../src/button/button.tsx';
import { Card } from '../src/card/card.tsx';
import { DialogActions, DialogIcon, ModalDialog } from '../src/dialog/modal-dialog.tsx';
import { EmptyState } from '../src/empty-state/empty-state.tsx';
import type { ApiResult } from '../src/form/api-result.ts';
import { CheckboxField } from '../src/form/checkbox-field.tsx';
import { DateField } from '../src/form/date-field.tsx';
import { withoutEmpty, checkRequired } from '../src/form/issues.ts';
import { formMessage } from '../src/form/messages.ts';
import { MoneyField } from '../src/form/money-field.tsx';
import { parseAmount, parseRate } from '../src/form/number-format.ts';
import { PasswordField } from '../src/form/password-field.tsx';
import { PercentageField } from '../src/form/percentage-field.tsx';
import { RadioGroupField } from '../src/form/radio-group-field.tsx';
import { SelectField } from '../src/form/select-field.tsx';
import { SubmitButton } from '../src/form/submit-button.tsx';
import { SearchBox } from '../src/form/search-box.tsx';
import { TextField } from '../src/form/text-field.tsx';
import { useForm } from '../src/form/use-form.ts';
import { useMessage } from '../src/form/use-message.ts';
import { Icon } from '../src/icon/icon.tsx';
import { LoadingIndicator } from '../src/loading/loading-indicator.tsx';
import { Spinner } from '../src/loading/spinner.tsx';
import { MessageCard } from '../src/message-card/message-card.tsx';
import { PageHeader } from '../src/page-header/page-header.tsx';
import { StatusBadge } from '../src/status-badge/status-badge.tsx';
import { StatusIcon } from '../src/status-icon/status-icon.tsx';
import { ResponsiveTable } from '../src/table/responsive-table.tsx';
import { Tabs } from '../src/tabs/tabs.tsx';
import { useUnsavedChangesGuard } from '../src/unsaved-changes/use-unsaved-changes-guard.tsx';
import * as icons from '../src/icon/icons.ts';
import { ListStates } from './list-demo.tsx';

type Locale = 'sv' | 'en';

const COLOURS = [
  'bg',
  'surface',
  'surface-muted',
  'text',
  'text-muted',
  'border',
  'border-strong',
  'primary',
  'primary-soft',
  'primary-text',
  'focus',
  'danger',
  'danger-soft',
  'success',
  'success-soft',
  'info',
  'info-soft',
  'warning',
  'warning-soft',
  'attention-soft',
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="gallery-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export function Gallery({ locale }: { locale: Locale }) {
  return (
    <main className="gallery">
      <PageHeader
        actions={
          <p className="gallery-languages">
            <a href="?hl=sv" lang="sv" aria-current={locale === 'sv' ? 'page' : undefined}>
              Svenska
            </a>{' '}
            ·{' '}
            <a href="?hl=en" lang="en" aria-current={locale === 'en' ? 'page' : undefined}>
              English
            </a>
          </p>
        }
      >
        <h1>Frilo UI kit</h1>
        <p>@frilo/ui: every component, as the apps show it. Shown outside production only.</p>
      </PageHeader>

      <Section id="tokens" title="Design tokens">
        <ul className="gallery-swatches">
          {COLOURS.map((name) => (
            <li key={name}>
              <span className="gallery-swatch" style={{ background: `var(--frilo-${name})` }} />
              <code>--frilo-{name}</code>
            </li>
          ))}
        </ul>
        <p>
          Breakpoints:{' '}
          {Object.entries(BREAKPOINTS)
            .map(([name, px]) => `${name} ${px}`)
            .join(', ')}{' '}
          px (mobile is below md).
        </p>
      </Section>

      <Section id="icons" title="Icons">
        <ul className="gallery-icons">
          {Object.entries(icons).map(([name, path]) => (
            <li key={name}>
              <Icon icon={path} />
              <code>{name}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="buttons" title="Buttons">
        <div className="gallery-row">
          <Button>Default</Button>
          <Button variant="primary">Primary</Button>
          <Button variant="danger">Danger</Button>
          <Button variant="danger-quiet">Danger, quiet</Button>
          <Button variant="primary" busy disabled>
            Busy
          </Button>
          <Button size="small">Small</Button>
          <Button size="small" iconOnly>
            <Icon icon={icons.edit} size={16} />
            <span className="visually-hidden">Edit</span>
          </Button>
          <a href="#buttons-title" className={buttonClass({ variant: 'primary' })}>
            A link that looks like a button
          </a>
          <span className={buttonClass({ size: 'small', unavailable: true })} aria-disabled="true">
            Unavailable
          </span>
          <button type="button" className={iconButtonClass()} aria-label="Menu">
            <Icon icon={icons.menu} />
          </button>
        </div>
        <div className="gallery-row gallery-warning">
          <Button size="small" variant="on-warning">
            On warning
          </Button>
          <Button size="small" variant="on-warning-outline">
            On warning, outline
          </Button>
        </div>
      </Section>

      <Section id="alerts" title="Alerts">
        <Alert kind="error">
          <p>Error: announced at once.</p>
        </Alert>
        <Alert kind="warning">
          <p>Warning: announced at once.</p>
        </Alert>
        <Alert kind="success">
          <p>Success.</p>
        </Alert>
        <Alert kind="info">
          <p>Information.</p>
        </Alert>
      </Section>

      <Section id="status" title="Status badges and icons">
        <div className="gallery-row">
          <StatusBadge>Coming soon</StatusBadge>
          <StatusBadge tone="success" icon={icons.verified}>
            Verified
          </StatusBadge>
          <StatusBadge tone="attention" icon={icons.alert}>
            Overdue
          </StatusBadge>
          <StatusBadge tone="info" icon={icons.clock}>
            Waiting
          </StatusBadge>
          <StatusBadge tone="danger">Denied by bank</StatusBadge>
        </div>
        <div className="gallery-row">
          <StatusIcon kind="success" />
          <StatusIcon kind="warning" />
          <StatusIcon kind="error" />
          <StatusIcon kind="mail" />
          <StatusIcon kind="neutral" icon={icons.link} />
          <StatusIcon kind="pending" />
        </div>
      </Section>

      <Section id="surfaces" title="Cards, messages, empty states, loading">
        <Card labelledBy="gallery-card-title">
          <h3 id="gallery-card-title">A card</h3>
          <p>A form's section, a widget, a logged-out screen's box.</p>
        </Card>
        <MessageCard
          icon={icons.alert}
          headingLevel={2}
          title="This part could not be loaded"
          actions={<Button variant="primary">Try again</Button>}
          code="Code: mf-invoices RUNTIME-003"
        >
          <p>A whole area's message.</p>
        </MessageCard>
        <EmptyState
          icon={icons.users}
          title="No customers yet"
          actions={<Button variant="primary">Create your first customer</Button>}
        >
          <p>An invitation: what would be here and the way to the first one.</p>
        </EmptyState>
        <EmptyState variant="answer" icon={icons.search} iconSize={26} title="No customers match" badge={undefined}>
          <p>An answer: why a search found nothing.</p>
        </EmptyState>
        <EmptyState badge={<StatusBadge>Coming soon</StatusBadge>} title="Salary estimate">
          <p>A screen still to come.</p>
        </EmptyState>
        <LoadingIndicator />
        <p className="gallery-row">
          <Spinner /> <Spinner size="small" />
        </p>
        <Tabs
          label="Tabs"
          active="one"
          tabs={[
            { id: 'one', to: '/ui-gallery/', label: 'The current tab' },
            { id: 'two', to: '/ui-gallery/?tab=two', label: 'Another tab' },
          ]}
        />
      </Section>

      <Section id="table" title="Table (cards below lg)">
        <ResponsiveTable
          caption="Customers"
          rows={[
            { id: '1', name: 'Volvo Personvagnar AB', city: 'Göteborg' },
            { id: '2', name: 'Beispiel GmbH', city: 'Berlin' },
            { id: '3', name: 'Sven Svensson', city: 'Stockholm' },
          ]}
          rowKey={(row) => row.id}
          columns={[
            { key: 'name', header: 'Name', sort: 'ascending', cell: (row) => row.name },
            { key: 'city', header: 'City', cell: (row) => row.city },
            {
              key: 'actions',
              header: 'Actions',
              headerHidden: true,
              actions: true,
              cell: (row) => (
                <Button size="small" iconOnly title="Edit">
                  <Icon icon={icons.edit} size={16} />
                  <span className="visually-hidden">Edit {row.name}</span>
                </Button>
              ),
            },
          ]}
          card={(row) => (
            <>
              <strong>{row.name}</strong>
              <span>{row.city}</span>
            </>
          )}
        />
      </Section>

      <Section id="lists" title="Paged lists (@frilo/ui/list)">
        <ListStates />
      </Section>

      <SearchDemo />
      <DialogDemo />
      <FormDemo locale={locale} />
    </main>
  );
}

function SearchDemo() {
  const [q, setQ] = useState('');
  const [searches, setSearches] = useState(0);
  return (
    <Section id="search" title="Search box">
      <SearchBox
        id="demo-search"
        label="Search customers"
        placeholder="Name or number"
        value={q}
        maxLength={20}
        onSearch={(next) => {
          setQ(next);
          setSearches((n) => n + 1);
        }}
      />
      <p>
        Searching for “<span data-testid="search-q">{q}</span>” (searches:{' '}
        <span data-testid="search-count">{searches}</span>){' '}
        <Button size="small" onClick={() => setQ('')}>
          Clear from outside
        </Button>
      </p>
    </Section>
  );
}

function DialogDemo() {
  const [open, setOpen] = useState(false);
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <Section id="dialog" title="Modal dialog">
      <Button onClick={() => setOpen(true)}>Open the dialog</Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} titleId="gallery-dialog-title" initialFocusRef={ok}>
        <DialogIcon icon={icons.mail} />
        <h2 id="gallery-dialog-title">A dialog</h2>
        <p>Focus stays inside while tabbing; Escape and the backdrop close it; focus goes back.</p>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button ref={ok} variant="primary" onClick={() => setOpen(false)}>
            OK
          </Button>
        </DialogActions>
      </ModalDialog>
    </Section>
  );
}

type DemoValues = {
  name: string;
  password: string;
  amount: string;
  rate: string;
  date: string;
  city: string;
  country: string;
  delivery: 'pdf' | 'e-invoice';
  terms: boolean;
  answer: 'ok' | 'validation' | 'conflict';
};

const SHARED = new Set(['validation', 'version_conflict']);

/** What the demo "server" answers, as the BFF would: a problem body with field errors, or a conflict. */
function answer(values: DemoValues): Promise<ApiResult<DemoValues>> {
  if (values.answer === 'ok') return Promise.resolve({ ok: true, data: values, status: 200 });
  const problem =
    values.answer === 'validation'
      ? {
          type: 'https://frilo.se/problems/validation',
          title: 'Bad Request',
          status: 400,
          code: 'validation',
          errors: [
            { field: 'body.amount', code: 'too_large', message: '', params: { limit: '1 000,00' } },
            { field: 'body.city', code: 'required', message: '' },
            { field: 'body.reference', code: 'invalid', message: '' },
          ],
        }
      : { type: 'about:blank', title: 'Conflict', status: 409, code: 'version_conflict' };
  return Promise.resolve({ ok: false, status: problem.status, problem, retryAfter: null });
}

function FormDemo({ locale }: { locale: Locale }) {
  const message = useMessage();
  const [saved, setSaved] = useState<number | null>(null);
  const form = useForm<DemoValues, DemoValues>({
    initial: {
      name: '',
      password: '',
      amount: '',
      rate: '',
      date: '',
      city: '',
      country: 'SE',
      delivery: 'pdf',
      terms: false,
      answer: 'validation',
    },
    validate: (values) => {
      const amount = values.amount ? parseAmount(values.amount, locale) : null;
      const rate = values.rate ? parseRate(values.rate, locale, { max: 100 }) : null;
      return withoutEmpty({
        name: checkRequired(values.name),
        amount: amount && !amount.ok ? amount.issue : undefined,
        rate: rate && !rate.ok ? rate.issue : undefined,
      });
    },
    send: answer,
    onSent: (data) => {
      const amount = parseAmount(data.amount || '0', locale);
      setSaved(amount.ok ? amount.value : null);
    },
  });
  const guard = useUnsavedChangesGuard({ dirty: form.dirty, save: () => form.submit() });
  const [minor, setMinor] = useState<number | null>(null);
  const [hundredths, setHundredths] = useState<number | null>(null);
  const { bind } = form;

  return (
    <Section id="form" title="Form kit">
      {guard.dialog}
      <p>
        <a href="/ui-gallery/elsewhere">A link to another page</a> (with unsaved changes it asks first).
      </p>
      <form className="gallery-form" onSubmit={(event) => void form.submit(event)} noValidate aria-label="Demo form">
        {form.failure && (
          <Alert alertRef={form.alertRef}>
            <p>{message(formMessage('demo', form.failure.code, SHARED))}</p>
          </Alert>
        )}
        {form.status === 'sent' && (
          <Alert kind="success">
            <p>
              Saved: <output data-testid="saved-minor">{saved}</output> minor units.
            </p>
          </Alert>
        )}
        <TextField id="demo-name" label="Name" autoComplete="off" {...bind('name')} />
        <PasswordField id="demo-password" label="Password" optional autoComplete="off" {...bind('password')} />
        <MoneyField
          id="demo-amount"
          label="Amount"
          currency="kr"
          optional
          hint="1 234,50 · 1,234.50 · 1234.5"
          {...bind('amount')}
          onAmountChange={setMinor}
        />
        <p className="gallery-output">
          Minor units: <output data-testid="amount-minor">{minor === null ? '–' : minor}</output>
        </p>
        <PercentageField
          id="demo-rate"
          label="Rate"
          optional
          max={100}
          {...bind('rate')}
          onRateChange={(rate) => setHundredths(rate?.hundredths ?? null)}
        />
        <p className="gallery-output">
          Hundredths: <output data-testid="rate-hundredths">{hundredths === null ? '–' : hundredths}</output>
        </p>
        <DateField id="demo-date" label="Date" optional {...bind('date')} />
        <TextField id="demo-city" label="City" optional autoComplete="off" {...bind('city')} />
        <SelectField
          id="demo-country"
          label="Country"
          options={[
            { value: 'SE', label: 'Sverige' },
            { value: 'DE', label: 'Tyskland' },
          ]}
          {...bind('country')}
        />
        <RadioGroupField
          name="demo-delivery"
          legend="Delivery"
          inline
          options={[
            { value: 'pdf', label: 'PDF by email', description: 'Sent as a PDF attachment.' },
            { value: 'e-invoice', label: 'E-invoice', description: 'Through Peppol.' },
          ]}
          {...bind('delivery')}
        />
        <CheckboxField
          id="demo-terms"
          label="A checkbox with a description"
          description="The label reads as a title, this as its explanation."
          checked={form.values.terms}
          onChange={(checked) => form.set('terms', checked)}
          inputRef={form.register('terms')}
        />
        <RadioGroupField
          name="demo-answer"
          legend="The server answers"
          options={[
            { value: 'ok', label: 'Saved' },
            { value: 'validation', label: 'A problem body with field errors' },
            { value: 'conflict', label: 'A conflict (no field errors)' },
          ]}
          {...bind('answer')}
        />
        <SubmitButton sending={form.sending}>Save</SubmitButton>
      </form>
    </Section>
  );
}
