import { useTranslation } from 'react-i18next';
import { config } from '../../app/config.ts';
import { Icon } from '@frilo/ui/icon';
import { browserStorage as storage, dismiss, isDismissed, RENAME_NOTICE_KEY as RENAME_KEY } from './dismissals.ts';
import { iconButtonClass } from '@frilo/ui/button';
import * as icons from '@frilo/ui/icons';

/**
 * The brand-rename notice is for people who knew the old name: the accounts that came from the old
 * product (`legacy`). Everyone else signed up as Frilo and never sees it.
 */
export function renameNoticeDue(user: { legacy: boolean }): boolean {
  return user.legacy && !isDismissed(storage(), RENAME_KEY);
}

/** The brand-rename notice (docs/product/web-app.md#the-frame), until the user closes it. */
export function RenameNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="notice" role="note">
      <Icon icon={icons.info} />
      <p>
        <strong>{t('promo.rename.title', { brand: config.brand })}</strong>{' '}
        {t('promo.rename.text', { brand: config.brand })}
      </p>
      <button
        type="button"
        className={iconButtonClass('small')}
        aria-label={t('promo.dismiss')}
        onClick={() => {
          dismiss(storage(), RENAME_KEY);
          onDismiss();
        }}
      >
        <Icon icon={icons.close} size={16} />
      </button>
    </div>
  );
}
