import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@frilo/ui/button';
import { DialogActions, DialogIcon, ModalDialog } from '@frilo/ui/modal-dialog';
import * as icons from '@frilo/ui/icons';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { Invoice } from '../api/wizard-api.ts';
import { sendOutcome } from '../state/send-outcome.ts';
import { FeedbackPrompt } from './feedback-prompt.tsx';

/** The success dialog after sending: what happened to the invoice and what, if anything, is left to do. */
export function SendResultDialog({
  invoice,
  onClose,
  onRegisterBank,
}: {
  invoice: Invoice | null;
  onClose: () => void;
  onRegisterBank: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const primary = useRef<HTMLAnchorElement>(null);
  const outcome = invoice ? sendOutcome(invoice) : 'other';
  const email = invoice?.recipient.snapshot?.email ?? '';
  return (
    <ModalDialog
      open={invoice !== null}
      onClose={onClose}
      titleId="send-result-title"
      descriptionId="send-result-text"
      initialFocusRef={primary}
    >
      <DialogIcon icon={outcome === 'email' || outcome === 'e_invoice' ? icons.check : icons.clock} />
      <h2 id="send-result-title">{t(`wizard.sent.${outcome}.title`)}</h2>
      <p id="send-result-text">
        {t(`wizard.sent.${outcome}.text`, {
          email,
          name: invoice?.recipient.name ?? '',
          number: invoice?.number ?? '',
        })}
      </p>
      {outcome === 'bank_details' && (
        <p>
          <Button variant="primary" onClick={onRegisterBank}>
            {t('wizard.sent.registerBank')}
          </Button>
        </p>
      )}
      <FeedbackPrompt />
      <DialogActions>
        <Link ref={primary} to="/quotations/create" className={buttonClass({})} onClick={onClose}>
          {t('wizard.sent.another')}
        </Link>
        <Link to="/dashboard/invoices" className={buttonClass({ variant: 'primary' })} onClick={onClose}>
          {t('wizard.sent.toInvoices')}
        </Link>
      </DialogActions>
    </ModalDialog>
  );
}
