import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '../session/session-types.ts';
import { BrandLogo } from './brand-logo.tsx';
import { Icon } from '@frilo/ui/icon';
import { SettingsMenu } from './settings-menu.tsx';
import { buttonClass, iconButtonClass } from '@frilo/ui/button';
import * as icons from '@frilo/ui/icons';

export function Header({
  user,
  menuOpen,
  onOpenMenu,
  onLogout,
}: {
  user: SessionUser;
  menuOpen: boolean;
  onOpenMenu: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <header className="app-header">
      <button
        type="button"
        className={iconButtonClass('normal', 'app-header__menu')}
        aria-label={t('menu.open')}
        aria-expanded={menuOpen}
        onClick={onOpenMenu}
      >
        <Icon icon={icons.menu} />
      </button>
      <BrandLogo to="/dashboard/home" />
      <div className="app-header__actions">
        <Link to="/quotations/create" className={buttonClass({ variant: 'primary', className: 'app-header__new' })}>
          <Icon icon={icons.plus} size={18} />
          {t('header.newInvoice')}
        </Link>
        <SettingsMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  );
}
