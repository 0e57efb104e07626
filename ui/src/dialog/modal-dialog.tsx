// A modal dialog on the native <dialog> (showModal makes the page behind it inert and puts the
// dialog in the top layer), plus what the element leaves to us: focus kept inside while tabbing,
// Escape and the backdrop closing it (not while busy), and focus returned to where it was.
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Icon } from '../icon/icon.tsx';
import styles from './modal-dialog.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ModalDialog({
  open,
  onClose,
  titleId,
  descriptionId,
  role = 'dialog',
  busy = false,
  initialFocusRef,
  returnFocusTo,
  openerRemoved = false,
  size = 'normal',
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  descriptionId?: string;
  /** `alertdialog` for a confirmation that interrupts. */
  role?: 'dialog' | 'alertdialog';
  /** While an action runs, Escape and the backdrop do not close it. */
  busy?: boolean;
  /** What gets focus on opening; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing when the element that opened it is gone, or about to go. */
  returnFocusTo?: () => HTMLElement | null;
  /** The element that opened it is about to disappear (its row was deleted): use `returnFocusTo`. */
  openerRemoved?: boolean;
  /** `wide` for a dialog that shows a document (the send dialog's PDF): up to 960 px, the whole width on phones. */
  size?: 'normal' | 'wide';
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Read when the dialog closes, which may be in the same commit as the change that removes the
  // opener: kept current at render, before any effect cleanup runs.
  const returnFocus = useRef({ to: returnFocusTo, openerRemoved });
  returnFocus.current = { to: returnFocusTo, openerRemoved };

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    (initialFocusRef?.current ?? element.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (element.open) element.close();
      const { to, openerRemoved: removed } = returnFocus.current;
      const target = opener.current?.isConnected && !removed ? opener.current : to?.();
      target?.focus();
    };
  }, [open, initialFocusRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className={size === 'wide' ? `${styles.dialog} ${styles.wide}` : styles.dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: the dialog would close itself; closing goes through onClose so state stays in step.
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(event) => {
        // A click outside the panel closes it, but not the second click of a double click (detail 2 and up): a button
        // double-clicked in the dialog before it (Send) lets this one open between the two clicks, and the second one
        // would close it before it is read.
        if (event.target === dialog.current && !busy && event.detail < 2) onClose();
      }}
    >
      {open && <div className={styles.panel}>{children}</div>}
    </dialog>
  );
}

/** The dialog's buttons, at its bottom right (full width on phones). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** A round icon above the dialog's title. */
/** `icon`: one of @frilo/ui/icons. */
export function DialogIcon({ icon }: { icon: string }) {
  return (
    <span className={styles.icon} aria-hidden="true">
      <Icon icon={icon} size={26} />
    </span>
  );
}
