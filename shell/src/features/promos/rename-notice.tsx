import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../app/config.ts';
import { Icon } from '../layout/icons.tsx';
import { browserStorage as storage, dismiss, isDismissed, RENAME_NOTICE_KEY as RENAME_KEY } from './dismissals.ts';

/** The brand-rename notice (docs/product/web-app.md#the-frame), until the user closes it. */
export function RenameNotice() {
  const { t } = useTranslation('shell');
  const [hidden, setHidden] = useState(() => isDismissed(storage(), RENAME_KEY));
  if (hidden) return null;
  return (
    <div className="notice" role="note">
      <Icon name="info" />
      <p>
        <strong>{t('promo.rename.title', { brand: config.brand })}</strong>{' '}
        {t('promo.rename.text', { brand: config.brand })}
      </p>
      <button
        type="button"
        className="icon-button"
        aria-label={t('promo.dismiss')}
        onClick={() => {
          dismiss(storage(), RENAME_KEY);
          setHidden(true);
        }}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
