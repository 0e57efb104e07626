import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@frilo/openapi/shell-contract';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { EmptyState } from '@frilo/ui/empty-state';
import { failureCode } from '@frilo/ui/form/api-result';
import { DateField } from '@frilo/ui/form/date-field';
import { formatRate } from '@frilo/ui/form/number-format';
import { PercentageField } from '@frilo/ui/form/percentage-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { PageHeader } from '@frilo/ui/page-header';
import { PendingData } from '@frilo/ui/pending-data';
import { PagerNav } from '@frilo/ui/pager';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { StatusBadge } from '@frilo/ui/status-badge';
import { useUnsavedChangesGuard } from '@frilo/ui/unsaved-changes';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';

import {
  CODE_STATES,
  CODES_PAGE_SIZE,
  createCampaignCode,
  expireCampaignCode,
  listCampaignCodes,
  updateCampaignCodeLimit,
  type CampaignCode,
  type CampaignCodeState,
} from '../api.ts';
import { checkCode, EMPTY_CODE, toCreate, type CodeValues } from '../code-form.ts';
import { CodeUsesDialog } from './code-uses-dialog.tsx';

const TONES = { active: 'success', upcoming: 'info', expired: 'neutral', used_up: 'attention' } as const;
type Change = { code: CampaignCode; kind: 'expire' | 'limit' };

/** /admin/campaign-codes: create codes, expire them, change their limit of uses, see who used them. */
export function CampaignCodesPage() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [state, setState] = useState<CampaignCodeState | ''>('');
  const [page, setPage] = useState(1);
  const codes = useApiData((signal) => listCampaignCodes(state, page, signal), `${state}|${page}`);
  const [change, setChange] = useState<Change | null>(null);
  const [limit, setLimit] = useState('');
  const [changeBusy, setChangeBusy] = useState(false);
  const [changeFailure, setChangeFailure] = useState<string | null>(null);
  const [uses, setUses] = useState<CampaignCode | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  const form = useForm<CodeValues, CampaignCode>({
    form: 'admin.codes.form',
    initial: EMPTY_CODE,
    validate: (values) => checkCode(values, locale),
    send: (values) => createCampaignCode(toCreate(values, locale)),
    fieldOf: (path) =>
      path === 'effect.value'
        ? 'effectValue'
        : (['code', 'validFrom', 'validTo', 'maxUses', 'description'].find((f) => f === path) as
            | keyof CodeValues
            | undefined),
    onSent: (created) => {
      form.reset(EMPTY_CODE);
      notify('success', t('admin.codes.created', { code: created.code }));
      setPage(1);
      codes.reload();
    },
  });
  const guard = useUnsavedChangesGuard({ dirty: form.dirty, save: () => form.submit() });

  const openChange = (code: CampaignCode, kind: Change['kind']) => {
    setChange({ code, kind });
    setLimit(code.maxUses === null ? '' : String(code.maxUses));
    setChangeFailure(null);
  };
  const confirmChange = async () => {
    if (!change) return;
    const trimmed = limit.trim();
    if (change.kind === 'limit' && trimmed && !/^[1-9]\d{0,6}$/.test(trimmed)) {
      setChangeFailure('invalid');
      return;
    }
    setChangeBusy(true);
    const result =
      change.kind === 'expire'
        ? await expireCampaignCode(change.code.id)
        : await updateCampaignCodeLimit(change.code.id, trimmed ? Number(trimmed) : null);
    setChangeBusy(false);
    if (result.ok) {
      notify('success', t(`admin.codes.${change.kind}.done`, { code: change.code.code }));
      setChange(null);
      codes.reload();
      return;
    }
    const code = failureCode(result);
    const field = result.problem?.errors?.[0]?.code;
    setChangeFailure(field === 'below_uses' ? 'below_uses' : code === 'network' ? 'network' : 'generic');
  };

  const effect = (code: CampaignCode) =>
    t(`admin.codes.effects.${code.effect.type}`, { value: formatRate(code.effect.value, locale) });
  const period = (code: CampaignCode) => `${code.validFrom} → ${code.validTo ?? t('admin.codes.open')}`;
  const usesText = (code: CampaignCode) =>
    code.maxUses === null ? String(code.uses) : t('admin.codes.usesOf', { uses: code.uses, max: code.maxUses });
  const actions = (code: CampaignCode) => (
    <span className="invoices-admin__row-actions">
      <Button size="small" onClick={() => setUses(code)}>
        {t('admin.codes.seeUses')}
        <span className="visually-hidden"> {code.code}</span>
      </Button>
      <Button size="small" onClick={() => openChange(code, 'limit')}>
        {t('admin.codes.limit.button')}
        <span className="visually-hidden"> {code.code}</span>
      </Button>
      {code.state !== 'expired' && (
        <Button size="small" variant="danger-quiet" onClick={() => openChange(code, 'expire')}>
          {t('admin.codes.expire.button')}
          <span className="visually-hidden"> {code.code}</span>
        </Button>
      )}
    </span>
  );

  return (
    <div className="invoices-admin">
      {guard.dialog}
      <PageHeader>
        <h1>{t('admin.codes.title')}</h1>
        <p>{t('admin.codes.lead')}</p>
      </PageHeader>

      <Card labelledBy="codes-create">
        <h2 id="codes-create">{t('admin.codes.createTitle')}</h2>
        <form
          className="invoices-admin__form invoices-admin__form--grid"
          noValidate
          onSubmit={(event) => void form.submit(event)}
        >
          {form.failure && (
            <Alert alertRef={form.alertRef}>
              <p>
                {t(
                  `admin.codes.errors.${['campaign_code_taken', 'network'].includes(form.failure.code) ? form.failure.code : 'generic'}`,
                )}
              </p>
            </Alert>
          )}
          <TextField
            id="code-code"
            label={t('admin.codes.fields.code')}
            hint={t('admin.codes.fields.codeHint')}
            maxLength={40}
            autoCapitalize="characters"
            {...form.bind('code')}
          />
          <SelectField
            id="code-effect-type"
            label={t('admin.codes.fields.effectType')}
            value={form.values.effectType}
            onChange={(type) => form.set('effectType', type as CodeValues['effectType'])}
            options={[
              { value: 'fee_discount', label: t('admin.codes.fields.types.fee_discount') },
              { value: 'fee_rate', label: t('admin.codes.fields.types.fee_rate') },
            ]}
          />
          <PercentageField
            id="code-effect-value"
            label={t('admin.codes.fields.effectValue')}
            min={0}
            max={100}
            {...form.bind('effectValue')}
          />
          <DateField
            id="code-valid-from"
            label={t('admin.codes.fields.validFrom')}
            hint={t('admin.codes.fields.validFromHint')}
            optional
            {...form.bind('validFrom')}
          />
          <DateField id="code-valid-to" label={t('admin.codes.fields.validTo')} optional {...form.bind('validTo')} />
          <TextField
            id="code-max-uses"
            label={t('admin.codes.fields.maxUses')}
            inputMode="numeric"
            optional
            {...form.bind('maxUses')}
          />
          <TextField
            id="code-description"
            label={t('admin.codes.fields.description')}
            optional
            maxLength={200}
            {...form.bind('description')}
          />
          <div className="invoices-admin__submit">
            <SubmitButton sending={form.sending}>{t('admin.codes.create')}</SubmitButton>
          </div>
        </form>
      </Card>

      <section className="invoices-admin__section" aria-labelledby="codes-list">
        <h2 id="codes-list">{t('admin.codes.listTitle')}</h2>
        <div className="invoices-admin__filters">
          <SelectField
            id="codes-state"
            label={t('admin.codes.state')}
            value={state}
            onChange={(value) => {
              setState(value as CampaignCodeState | '');
              setPage(1);
            }}
            options={[
              { value: '', label: t('admin.codes.allStates') },
              ...CODE_STATES.map((value) => ({ value, label: t(`admin.codes.states.${value}`) })),
            ]}
          />
        </div>
        {!codes.data ? (
          <PendingData failure={codes.failure} onRetry={codes.reload} />
        ) : codes.data.items.length === 0 ? (
          <EmptyState variant="answer" title={t('admin.codes.empty')}>
            <p>{t('admin.codes.emptyText')}</p>
          </EmptyState>
        ) : (
          <div aria-busy={codes.loading}>
            <ResponsiveTable
              caption={t('admin.codes.listTitle')}
              rows={codes.data.items}
              rowKey={(code) => code.id}
              cardsBelow="xl"
              columns={[
                {
                  key: 'code',
                  header: t('admin.codes.fields.code'),
                  cell: (code) => (
                    <>
                      <strong>{code.code}</strong>
                      {code.description && <div className="invoices-admin__muted">{code.description}</div>}
                    </>
                  ),
                },
                { key: 'effect', header: t('admin.codes.effect'), cell: effect },
                { key: 'period', header: t('admin.codes.period'), cell: period },
                { key: 'uses', header: t('admin.codes.uses'), cell: usesText },
                {
                  key: 'state',
                  header: t('admin.codes.state'),
                  cell: (code) => (
                    <StatusBadge tone={TONES[code.state]}>{t(`admin.codes.states.${code.state}`)}</StatusBadge>
                  ),
                },
                { key: 'actions', header: t('admin.codes.actions'), headerHidden: true, actions: true, cell: actions },
              ]}
              card={(code) => (
                <>
                  <div className="invoices-admin__card-top">
                    <p className="invoices-admin__card-title">{code.code}</p>
                    <StatusBadge tone={TONES[code.state]}>{t(`admin.codes.states.${code.state}`)}</StatusBadge>
                  </div>
                  <p>{effect(code)}</p>
                  <p className="invoices-admin__muted">
                    {period(code)} · {t('admin.codes.uses')}: {usesText(code)}
                  </p>
                  {actions(code)}
                </>
              )}
            />
            <PagerNav page={page} pageSize={CODES_PAGE_SIZE} total={codes.data.page.total} onPage={setPage} />
          </div>
        )}
      </section>

      <ModalDialog
        open={change !== null}
        onClose={() => !changeBusy && setChange(null)}
        role={change?.kind === 'expire' ? 'alertdialog' : 'dialog'}
        titleId="code-change-title"
        busy={changeBusy}
        initialFocusRef={cancel}
      >
        <h2 id="code-change-title">
          {t(`admin.codes.${change?.kind ?? 'expire'}.title`, { code: change?.code.code ?? '' })}
        </h2>
        <p>{t(`admin.codes.${change?.kind ?? 'expire'}.text`, { uses: change?.code.uses ?? 0 })}</p>
        {change?.kind === 'limit' && (
          <TextField
            id="code-limit"
            label={t('admin.codes.fields.maxUses')}
            inputMode="numeric"
            optional
            value={limit}
            onChange={setLimit}
          />
        )}
        {changeFailure && (
          <Alert>
            <p>{t(`admin.codes.changeErrors.${changeFailure}`)}</p>
          </Alert>
        )}
        <DialogActions>
          <Button ref={cancel} onClick={() => setChange(null)} disabled={changeBusy}>
            {t('admin.cancel')}
          </Button>
          <Button
            variant={change?.kind === 'expire' ? 'danger' : 'primary'}
            onClick={() => void confirmChange()}
            busy={changeBusy}
            disabled={changeBusy}
          >
            {t(`admin.codes.${change?.kind ?? 'expire'}.confirm`)}
          </Button>
        </DialogActions>
      </ModalDialog>
      <CodeUsesDialog code={uses} onClose={() => setUses(null)} />
    </div>
  );
}
