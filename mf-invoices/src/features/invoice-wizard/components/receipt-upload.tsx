import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureCode } from '@frilo/ui/form/api-result';
import { Button } from '@frilo/ui/button';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { NAMESPACE } from '../../../app/namespace.ts';
import { uploadReceipt, type Receipt } from '../api/wizard-api.ts';
import { RECEIPT_EXTENSIONS, RECEIPT_TYPES, receiptFileIssue } from '../state/expense-form.ts';

/**
 * A receipt's file: checked for type and size before it is sent (nothing is uploaded then), sent with
 * its progress shown, and the BFF's own verdict on the content (type by its bytes, the 4 MB limit) shown after.
 */
export function ReceiptUpload({
  index,
  fileName,
  receiptId,
  error,
  onUploaded,
  inputRef,
}: {
  index: number;
  fileName: string;
  receiptId: string;
  /** The form's error on this expense's receipt (e.g. missing when the invoice is sent). */
  error: string | undefined;
  onUploaded: (receipt: Receipt | null) => void;
  inputRef: (element: HTMLElement | null) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem
    ? t(`wizard.receipt.errors.${problem}`, { defaultValue: t('wizard.receipt.errors.generic') })
    : error;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const issue = receiptFileIssue(file);
    setProblem(issue);
    if (issue) return;
    setProgress(0);
    const result = await uploadReceipt(file, setProgress);
    setProgress(null);
    if (input.current) input.current.value = '';
    if (result.ok) onUploaded(result.data);
    else
      setProblem(
        result.status === 413
          ? 'file_too_large'
          : result.status === 415
            ? 'file_type_not_allowed'
            : failureCode(result),
      );
  };

  return (
    <div className="wizard-receipt">
      <span className="wizard-receipt__label" id={`${id}-label`}>
        {t('wizard.receipt.label')}
      </span>
      {receiptId ? (
        <p className="wizard-receipt__file">
          <Icon icon={icons.check} size={16} />
          <a href={`/api/receipts/${receiptId}`} target="_blank" rel="noreferrer">
            {fileName || t('wizard.receipt.file')}
          </a>
          <Button size="small" variant="danger-quiet" onClick={() => onUploaded(null)}>
            {t('wizard.receipt.remove', { name: fileName })}
          </Button>
        </p>
      ) : (
        <input
          id={`${id}-file`}
          data-testid={`receipt-file-${index}`}
          ref={(element) => {
            input.current = element;
            inputRef(element);
          }}
          type="file"
          accept={[...RECEIPT_TYPES, ...RECEIPT_EXTENSIONS].join(',')}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          aria-invalid={shown ? true : undefined}
          disabled={progress !== null}
          onChange={(event) => void choose(event.target.files?.[0])}
          className="wizard-receipt__input"
        />
      )}
      <p id={`${id}-hint`} className="wizard-receipt__hint">
        {t('wizard.receipt.hint')}
      </p>
      {progress !== null && (
        <progress max={1} value={progress} aria-label={t('wizard.receipt.uploading', { name: fileName })}>
          {Math.round(progress * 100)} %
        </progress>
      )}
      {shown && (
        <p id={`${id}-error`} className="wizard-receipt__error" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
