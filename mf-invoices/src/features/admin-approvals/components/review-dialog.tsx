import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { TextAreaField } from '@frilo/ui/form/text-area-field';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { NAMESPACE } from '../../../app/namespace.ts';
import { approveInvoice, requestInvoiceChanges, type ApprovalInvoice } from '../api/approvals.ts';

export type Review = 'approve' | 'requestChanges';

const KNOWN = new Set(['illegal_transition', 'version_conflict', 'invoice_not_sendable', 'network']);

/**
 * Approve (the invoice is numbered and sent) or send it back with a comment the freelancer reads. Both at the version
 * the admin reviewed; a double click or a second admin finds it handled and nothing happens twice.
 */
export function ReviewDialog({
  invoice,
  review,
  onClose,
  onDone,
}: {
  invoice: ApprovalInvoice;
  review: Review | null;
  onClose: () => void;
  onDone: (review: Review) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(review);
  if (review !== shown) {
    setShown(review);
    setFailure(null);
    setCommentError(undefined);
  }

  const confirm = async () => {
    if (!review || busy) return;
    if (review === 'requestChanges' && !comment.trim()) {
      setCommentError(t('admin.review.commentRequired'));
      commentRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const result =
      review === 'approve'
        ? await approveInvoice(invoice.invoiceId, invoice.version)
        : await requestInvoiceChanges(invoice.invoiceId, invoice.version, comment);
    setBusy(false);
    if (result.ok) {
      onDone(review);
      return;
    }
    const code = failureCode(result);
    setFailure(KNOWN.has(code) ? code : 'generic');
    requestAnimationFrame(() => alert.current?.focus());
  };

  const key = review ?? 'approve';
  return (
    <ModalDialog
      open={review !== null}
      onClose={() => !busy && onClose()}
      titleId="review-title"
      descriptionId="review-text"
      busy={busy}
      initialFocusRef={review === 'requestChanges' ? commentRef : cancel}
    >
      <h2 id="review-title">{t(`admin.review.${key}.title`)}</h2>
      <p id="review-text">{t(`admin.review.${key}.text`, { name: invoice.freelancer.displayName })}</p>
      {review === 'requestChanges' && (
        <TextAreaField
          id="review-comment"
          label={t('admin.review.comment')}
          hint={t('admin.review.commentHint')}
          value={comment}
          onChange={(value) => {
            setComment(value);
            setCommentError(undefined);
          }}
          error={commentError}
          maxLength={500}
          inputRef={commentRef}
        />
      )}
      {failure && (
        <Alert alertRef={alert}>
          <p>{t(`admin.review.errors.${failure}`)}</p>
        </Alert>
      )}
      <DialogActions>
        <Button ref={cancel} onClick={onClose} disabled={busy}>
          {t('admin.review.cancel')}
        </Button>
        <Button variant="primary" onClick={() => void confirm()} disabled={busy} busy={busy}>
          {t(`admin.review.${key}.confirm`)}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
