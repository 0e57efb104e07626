// Shows `frilo:notify` notifications top right; each closes after 5000 ms or on its close button.
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_EVENTS } from '@frilo/openapi/shell-contract';
import { Icon } from '@frilo/ui/icon';
import { notificationsState } from './notifications-state.ts';
import { addNotification, isNotifyDetail, NOTIFICATION_TIMEOUT_MS, removeNotification } from './notifications.ts';
import { iconButtonClass } from '@frilo/ui/button';
import * as icons from '@frilo/ui/icons';

export function NotificationCenter() {
  const { t } = useTranslation('shell');
  const [list, setList] = useAtom(notificationsState);
  const nextId = useRef(1);

  useEffect(() => {
    const onNotify = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (!isNotifyDetail(detail)) return;
      const id = nextId.current++;
      setList((current) => addNotification(current, { id, kind: detail.kind, message: detail.message }));
      window.setTimeout(() => setList((current) => removeNotification(current, id)), NOTIFICATION_TIMEOUT_MS);
    };
    window.addEventListener(SHELL_EVENTS.notify, onNotify);
    return () => window.removeEventListener(SHELL_EVENTS.notify, onNotify);
  }, [setList]);

  return (
    <div className="notifications" aria-live="polite" aria-relevant="additions">
      {list.map((item) => (
        <div
          key={item.id}
          className={`notification notification--${item.kind}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
        >
          <Icon icon={item.kind === 'success' ? icons.check : item.kind === 'error' ? icons.alert : icons.info} />
          <p>{item.message}</p>
          <button
            type="button"
            className={iconButtonClass('tiny')}
            aria-label={t('notifications.close')}
            onClick={() => setList((current) => removeNotification(current, item.id))}
          >
            <Icon icon={icons.close} size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}

/** For the shell's own code: same path as a remote's notification. */
export function notify(kind: 'success' | 'error' | 'info', message: string): void {
  window.dispatchEvent(new CustomEvent(SHELL_EVENTS.notify, { detail: { kind, message } }));
}
