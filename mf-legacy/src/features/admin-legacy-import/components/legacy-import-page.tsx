import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@frilo/openapi/shell-contract';
import { Alert } from '@frilo/ui/alert';
import { Card } from '@frilo/ui/card';
import { failureCode, type ApiFailure } from '@frilo/ui/form/api-result';
import { RadioGroupField } from '@frilo/ui/form/radio-group-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { PageHeader } from '@frilo/ui/page-header';
import { PagerNav } from '@frilo/ui/pager';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';
import {
  importLegacyRecords,
  IMPORTS_PAGE_SIZE,
  listLegacyImports,
  type LegacyImport,
  type LegacyKind,
} from '../api/legacy-imports.ts';
import { lineErrors, type LineError } from '../line-errors.ts';

type Outcome =
  | { kind: 'imported'; result: LegacyImport; again: boolean }
  | { kind: 'rejected'; errors: LineError[] }
  | { kind: 'failed'; failure: ApiFailure };

/** /admin/legacy-import: an admin imports one CSV file of the old system's invoices or payouts. */
export function LegacyImportPage() {
  const { t } = useTranslation(NAMESPACE);
  const [kind, setKind] = useState<LegacyKind>('invoices');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [page, setPage] = useState(1);
  const fileInput = useRef<HTMLInputElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const imports = useApiData((signal) => listLegacyImports(page, signal), String(page));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('admin.import.fileRequired'));
      fileInput.current?.focus();
      return;
    }
    setSending(true);
    const result = await importLegacyRecords(kind, file);
    setSending(false);
    if (result.ok) {
      setOutcome({ kind: 'imported', result: result.data, again: result.status === 200 });
      notify('success', t('admin.import.done'));
      imports.reload();
    } else if (result.problem?.code === 'legacy_file_rejected') {
      setOutcome({ kind: 'rejected', errors: lineErrors(result.problem) });
    } else {
      setOutcome({ kind: 'failed', failure: result });
    }
    requestAnimationFrame(() => outcomeRef.current?.focus());
  };

  return (
    <div className="legacy-admin">
      <PageHeader>
        <h1>{t('admin.import.title')}</h1>
        <p>{t('admin.import.lead')}</p>
      </PageHeader>

      <Card labelledBy="legacy-import-form">
        <h2 id="legacy-import-form">{t('admin.import.formTitle')}</h2>
        <form onSubmit={(event) => void submit(event)} noValidate className="legacy-import-form">
          <RadioGroupField<LegacyKind>
            name="kind"
            legend={t('admin.import.kind')}
            inline
            options={[
              { value: 'invoices', label: t('admin.import.kinds.invoices') },
              { value: 'payouts', label: t('admin.import.kinds.payouts') },
            ]}
            value={kind}
            onChange={setKind}
          />
          <div className="legacy-file">
            <label htmlFor="legacy-file">{t('admin.import.file')}</label>
            <p id="legacy-file-hint" className="legacy-muted">
              {t('admin.import.fileHint')}
            </p>
            <input
              ref={fileInput}
              id="legacy-file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={fileError ? 'legacy-file-hint legacy-file-error' : 'legacy-file-hint'}
              aria-invalid={fileError ? true : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(undefined);
                setOutcome(null);
              }}
            />
            {fileError && (
              <p id="legacy-file-error" className="legacy-error">
                {fileError}
              </p>
            )}
          </div>
          <SubmitButton sending={sending}>{t('admin.import.submit')}</SubmitButton>
        </form>
      </Card>

      <div ref={outcomeRef} tabIndex={-1} className="legacy-outcome">
        {outcome?.kind === 'imported' && (
          <Alert kind={outcome.again ? 'info' : 'success'}>
            <p>
              <strong>{outcome.again ? t('admin.import.sameFile') : t('admin.import.imported')}</strong>
            </p>
            <p>
              {t('admin.import.counts', {
                rows: outcome.result.rows,
                created: outcome.result.created,
                alreadyPresent: outcome.result.alreadyPresent,
                accounts: outcome.result.accounts,
              })}
            </p>
          </Alert>
        )}
        {outcome?.kind === 'failed' && (
          <Alert>
            <p>{t(`admin.import.failure.${failureCode(outcome.failure) === 'network' ? 'network' : 'generic'}`)}</p>
          </Alert>
        )}
        {outcome?.kind === 'rejected' && (
          <Alert>
            <p>
              <strong>{t('admin.import.rejected', { count: outcome.errors.length })}</strong>
            </p>
            <ul className="legacy-line-errors">
              {outcome.errors.map((error, index) => (
                <li key={index}>
                  {error.line !== null && t('admin.import.line', { line: error.line })}
                  {error.column && <> · {t('admin.import.column', { column: error.column })}</>}
                  {': '}
                  {t(`admin.import.codes.${error.code}`, { defaultValue: error.code })}
                </li>
              ))}
            </ul>
          </Alert>
        )}
      </div>

      <section className="legacy-section" aria-labelledby="legacy-imports-heading">
        <h2 id="legacy-imports-heading">{t('admin.import.history')}</h2>
        {imports.data && imports.data.items.length > 0 ? (
          <>
            <ResponsiveTable
              caption={t('admin.import.history')}
              rows={imports.data.items}
              rowKey={(item) => item.id}
              columns={[
                { key: 'createdAt', header: t('admin.import.columns.createdAt'), cell: (item) => when(item.createdAt) },
                { key: 'kind', header: t('admin.import.kind'), cell: (item) => t(`admin.import.kinds.${item.kind}`) },
                { key: 'fileName', header: t('admin.import.columns.fileName'), cell: (item) => item.fileName },
                {
                  key: 'created',
                  header: t('admin.import.columns.created'),
                  className: 'legacy-number',
                  cell: (item) => `${item.created} / ${item.rows}`,
                },
                { key: 'by', header: t('admin.import.columns.by'), cell: (item) => item.importedBy.displayName },
              ]}
              card={(item) => (
                <>
                  <h3 className="legacy-card__title">{item.fileName}</h3>
                  <p className="legacy-muted">
                    {when(item.createdAt)} · {t(`admin.import.kinds.${item.kind}`)} · {item.importedBy.displayName}
                  </p>
                  <p>
                    {t('admin.import.columns.created')}: {item.created} / {item.rows}
                  </p>
                </>
              )}
            />
            <PagerNav page={page} pageSize={IMPORTS_PAGE_SIZE} total={imports.data.page.total} onPage={setPage} />
          </>
        ) : (
          <p className="legacy-muted">{imports.data ? t('admin.import.none') : t('loading')}</p>
        )}
      </section>
    </div>
  );
}

/** A timestamp as the day and minute it happened, in Swedish time (where the support team works). */
function when(iso: string): string {
  return new Date(iso).toLocaleString('sv-SE', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'short',
    timeStyle: 'short',
  });
}
