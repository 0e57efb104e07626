// Warns before unsaved changes are lost: on in-app navigation (a link anywhere on the page, the
// shell's sidebar and header included, and the browser's back and forward buttons) with a dialog
// that offers to leave, to save and leave, or to keep editing; on closing or reloading the tab
// with the browser's own prompt (browsers allow nothing else there).
//
//   const { dialog, leaving } = useUnsavedChangesGuard({ dirty: form.dirty, save: form.submit });
//   return <>{dialog}<form …/></>;
//
// Links are caught in the capture phase on the document, before any router (the shell's or a
// remote's, each in its own React root) acts on them. Back and forward are caught through
// single-spa's before-routing event, which can cancel a navigation before any router hears it;
// the navigations the app makes itself (after a save, "leave") are never caught.
import { useCallback, useEffect, useRef, useState } from 'react';
import { navigateTo } from '@frilo/openapi/shell-contract';
import { Button } from '../button/button.tsx';
import { useUiText } from '../i18n/ui-text.tsx';
import { DialogActions, ModalDialog } from '../dialog/modal-dialog.tsx';
import { leaveTarget, pathOf } from './leave-target.ts';
import en from '../locales/en/unsaved.json' with { type: 'json' };
import sv from '../locales/sv/unsaved.json' with { type: 'json' };

const TEXTS = { sv, en };

/** What single-spa's `single-spa:before-routing-event` carries (single-spa 5+). */
type RoutingDetail = {
  newUrl: string;
  originalEvent?: Event & { singleSpa?: boolean };
  cancelNavigation?: (cancel?: boolean) => void;
};

export type UnsavedChangesGuardOptions = {
  /** Something would be lost by leaving now. */
  dirty: boolean;
  /** Saves; resolves true when saved (then the page is left), false when the form shows what to fix. */
  save?: () => Promise<boolean>;
  /**
   * A choice besides leaving and staying, offered before them (the invoice wizard's "continue":
   * save this step and go on to the next one instead of leaving). Chosen, the navigation is dropped.
   */
  alternative?: { label: string; run: () => void | Promise<unknown> } | undefined;
};

export function useUnsavedChangesGuard({ dirty, save, alternative }: UnsavedChangesGuardOptions) {
  const text = useUiText(TEXTS);
  const [pending, setPending] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const leavingRef = useRef(false);
  const stay = useRef<HTMLButtonElement>(null);

  // Closing or reloading the tab: only the browser's own prompt is allowed.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // A link to another screen, wherever it is on the page.
  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || leavingRef.current) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const target = leaveTarget(
        {
          button: event.button,
          modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
          href: anchor.href,
          target: anchor.target,
          download: anchor.hasAttribute('download'),
        },
        new URL(window.location.href),
      );
      if (target === null) return;
      // Before any router: nothing else sees this click.
      event.preventDefault();
      event.stopImmediatePropagation();
      setPending(target);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [dirty]);

  // The browser's back and forward buttons (a real popstate, not one single-spa makes for pushState).
  useEffect(() => {
    if (!dirty) return;
    const onRouting = (event: Event) => {
      const detail = (event as CustomEvent<RoutingDetail>).detail;
      const original = detail.originalEvent;
      if (leavingRef.current || !detail.cancelNavigation || original?.type !== 'popstate' || original.singleSpa) {
        return;
      }
      detail.cancelNavigation(true);
      setPending(pathOf(detail.newUrl, window.location.origin));
    };
    window.addEventListener('single-spa:before-routing-event', onRouting);
    return () => window.removeEventListener('single-spa:before-routing-event', onRouting);
  }, [dirty]);

  const go = useCallback((path: string) => {
    leavingRef.current = true;
    setPending(null);
    navigateTo(path);
  }, []);

  const saveAndLeave = async () => {
    if (!save || pending === null) return;
    const path = pending;
    // The dialog closes first: when the save fails, focus belongs to the field to fix.
    setPending(null);
    setSaving(true);
    leavingRef.current = true;
    const saved = await save();
    setSaving(false);
    if (saved) navigateTo(path);
    else leavingRef.current = false;
  };

  const dialog = (
    <ModalDialog
      open={pending !== null}
      onClose={() => setPending(null)}
      role="alertdialog"
      titleId="unsaved-changes-title"
      descriptionId="unsaved-changes-text"
      initialFocusRef={stay}
    >
      <h2 id="unsaved-changes-title">{text('unsaved.title')}</h2>
      <p id="unsaved-changes-text">{text('unsaved.text')}</p>
      <DialogActions>
        <Button ref={stay} onClick={() => setPending(null)}>
          {text('unsaved.stay')}
        </Button>
        {alternative && (
          <Button
            onClick={() => {
              setPending(null);
              void alternative.run();
            }}
          >
            {alternative.label}
          </Button>
        )}
        <Button onClick={() => pending !== null && go(pending)}>{text('unsaved.leave')}</Button>
        {save && (
          <Button variant="primary" onClick={() => void saveAndLeave()}>
            {text('unsaved.saveAndLeave')}
          </Button>
        )}
      </DialogActions>
    </ModalDialog>
  );

  return {
    dialog,
    /** A save-and-leave is under way: the page's own "after saving, go to…" should not navigate. */
    leaving: () => leavingRef.current,
    saving,
  };
}
