import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button, buttonClass } from '@frilo/ui/button';
import { TextAreaField } from '@frilo/ui/form/text-area-field';
import { useMessage } from '@frilo/ui/form/use-message';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { LoadingIndicator } from '@frilo/ui/loading';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { NAMESPACE } from '../../../app/namespace.ts';
import { newIdempotencyKey } from '../../invoice-wizard/state/send-outcome.ts';
import { wizardFailureMessage } from '../../invoice-wizard/state/messages.ts';
import {
  getDelivery,
  previewUrl,
  sendInvoice,
  type Invoice,
  type InvoiceDelivery,
  type InvoiceProblem,
} from '../api/send-api.ts';
import { destinationOf, MESSAGE_MAX_LENGTH, sendPlanOf } from '../state/destination.ts';

type Loaded = { status: 'loading' } | { status: 'ready'; delivery: InvoiceDelivery } | { status: 'failed' };

/**
 * The send dialog, from the wizard's review step and from a draft's page: the PDF exactly as it will go (the browser's
 * viewer draws the preview in a frame), where it goes and whether it will wait, an optional message to the customer
 * (plain text, no links: the BFF refuses them on the field), and Send. One idempotency key per version of the
 * invoice, so a double click or a retry sends once.
 */
export function SendDialog({
  invoice,
  open,
  onClose,
  onSent,
  onRefused,
}: {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
  /** The invoice after the send (on its way, waiting or in review). */
  onSent: (invoice: Invoice) => void;
  /** Something blocks the send after all (422): the problems, for the page to show where to fix them. */
  onRefused?: (problems: InvoiceProblem[]) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef<{ version: number; key: string } | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    setFailure(null);
    setFieldError(null);
    void getDelivery(invoice.id, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setLoaded(result.ok ? { status: 'ready', delivery: result.data } : { status: 'failed' });
    });
    return () => controller.abort();
  }, [open, invoice.id, invoice.version]);

  // Set at once, where `sending` only changes with the next render: the second click of a double click sends nothing.
  const inFlight = useRef(false);
  const send = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    if (key.current?.version !== invoice.version) key.current = { version: invoice.version, key: newIdempotencyKey() };
    setSending(true);
    setFailure(null);
    setFieldError(null);
    const result = await sendInvoice(invoice.id, invoice.version, key.current.key, text);
    inFlight.current = false;
    setSending(false);
    if (result.ok) {
      onSent(result.data);
      return;
    }
    const problem = result.problem as (typeof result.problem & { problems?: InvoiceProblem[] }) | null;
    const onMessage = problem?.errors?.find((error) => error.field === 'body.message');
    if (onMessage) {
      // The same send may go once the message is fixed: a new key, since the refused one is answered as refused.
      key.current = null;
      const links = (onMessage.params?.['links'] as string[] | undefined) ?? [];
      setFieldError(
        onMessage.code === 'message_link'
          ? t('send.message.errors.message_link', { links: links.join(', ') })
          : t('send.message.errors.invalid'),
      );
      messageRef.current?.focus();
      return;
    }
    if (result.status === 422 && problem?.problems) onRefused?.(problem.problems);
    setFailure(message(wizardFailureMessage(result)));
  };

  const delivery = loaded.status === 'ready' ? loaded.delivery : null;
  const destination = delivery ? destinationOf(delivery) : null;
  const plan = delivery ? sendPlanOf(delivery) : null;
  const viewer = typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      titleId="send-dialog-title"
      descriptionId="send-dialog-where"
      busy={sending}
      size="wide"
      initialFocusRef={sendRef}
    >
      <div className="send-dialog">
        <h2 id="send-dialog-title">{t('send.title')}</h2>
        <div className="send-dialog__layout">
          <div className="send-dialog__document">
            {viewer ? (
              <iframe
                className="send-dialog__pdf"
                // The page at the frame's width, without the viewer's page thumbnails (one-page invoices mostly).
                src={`${previewUrl(invoice.id)}#navpanes=0&view=FitH`}
                title={t('send.preview.title', { name: invoice.recipient.name })}
              />
            ) : (
              <p className="send-dialog__no-viewer">
                {t('send.preview.noViewer')}{' '}
                <a href={previewUrl(invoice.id)} target="_blank" rel="noopener" className={buttonClass({})}>
                  <Icon icon={icons.invoice} size={18} />
                  {t('send.preview.open')}
                </a>
              </p>
            )}
          </div>
          <div className="send-dialog__side">
            <section aria-labelledby="send-dialog-where-title" className="send-dialog__where">
              <h3 id="send-dialog-where-title">{t('send.where.title')}</h3>
              {loaded.status === 'loading' ? (
                <LoadingIndicator />
              ) : loaded.status === 'failed' || !destination || !delivery ? (
                <p id="send-dialog-where">{t('send.where.unknown')}</p>
              ) : (
                <div id="send-dialog-where">
                  <p className="send-dialog__channel">
                    <Icon icon={destination.kind === 'email' ? icons.mail : icons.invoice} size={18} />
                    <strong>
                      {destination.kind === 'email'
                        ? t('send.where.email', { email: destination.email ?? '' })
                        : t('send.where.eInvoice', { participantId: destination.participantId ?? '' })}
                    </strong>
                  </p>
                  {plan === 'wait_e_invoice' && (
                    <p className="send-dialog__wait">
                      {t('send.where.waitEInvoice', {
                        name: invoice.recipient.name,
                        count: delivery.waitLimitBankDays,
                      })}
                    </p>
                  )}
                  {plan === 'wait_bank_details' && <p className="send-dialog__wait">{t('send.where.waitBank')}</p>}
                  {plan === 'review' && <p className="send-dialog__wait">{t('send.where.review')}</p>}
                  {plan === 'now' && <p>{t(`send.where.now.${destination.kind}`)}</p>}
                </div>
              )}
            </section>
            {destination?.kind === 'e_invoice' ? (
              <p className="send-dialog__note">{t('send.message.eInvoice')}</p>
            ) : (
              <TextAreaField
                id="send-message"
                label={t('send.message.label')}
                hint={t('send.message.hint')}
                optional
                rows={4}
                maxLength={MESSAGE_MAX_LENGTH}
                value={text}
                onChange={(value) => {
                  setText(value);
                  setFieldError(null);
                }}
                error={fieldError ?? undefined}
                inputRef={messageRef}
              />
            )}
            {destination?.kind !== 'e_invoice' && (
              <p className="send-dialog__count" aria-live="polite">
                {t('send.message.count', { count: text.length, max: MESSAGE_MAX_LENGTH })}
              </p>
            )}
          </div>
        </div>
        {failure && <Alert>{failure}</Alert>}
        <DialogActions>
          <Button onClick={onClose} disabled={sending}>
            {t('send.cancel')}
          </Button>
          <Button
            variant="primary"
            ref={sendRef}
            busy={sending}
            disabled={sending || loaded.status === 'loading'}
            onClick={() => void send()}
          >
            {t('send.submit')}
          </Button>
        </DialogActions>
      </div>
    </ModalDialog>
  );
}
