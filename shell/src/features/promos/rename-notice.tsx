import { useTranslation } from 'react-i18next';
import { config } from '../../app/config.ts';
import { Icon } from '@frilo/ui/icon';
import { iconButtonClass } from '@frilo/ui/button';
import * as icons from '@frilo/ui/icons';

/** The brand-rename notice (docs/product/web-app.md#the-frame); which accounts see it: dismissals.ts. */
export function RenameNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="notice" role="note">
      <Icon icon={icons.info} />
      <p>
        <strong>{t('promo.rename.title', { brand: config.brand })}</strong>{' '}
        {t('promo.rename.text', { brand: config.brand })}
      </p>
      <button type="button" className={iconButtonClass('small')} aria-label={t('promo.dismiss')} onClick={onDismiss}>
        <Icon icon={icons.close} size={16} />
      </button>
    </div>
  );
}
