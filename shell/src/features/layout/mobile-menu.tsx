// Up to the md breakpoint the sidebar becomes this slide-in menu, with New Invoice and settings.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SurveyPromo } from '../promos/survey-promo.tsx';
import type { SessionUser } from '../session/session-types.ts';
import { BrandLogo } from './brand-logo.tsx';
import { Icon } from '@frilo/ui/icon';
import { LanguageSwitch } from './language-switch.tsx';
import { VersionLine } from './settings-menu.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { buttonClass, iconButtonClass } from '@frilo/ui/button';
import * as icons from '@frilo/ui/icons';

export function MobileMenu({
  open,
  onClose,
  user,
  onLogout,
  promo,
  onClosePromo,
}: {
  open: boolean;
  onClose: () => void;
  user: SessionUser;
  onLogout: () => void;
  /** The survey promo, unless another notice is showing (one at a time). */
  promo: boolean;
  onClosePromo: () => void;
}) {
  const { t } = useTranslation('shell');
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Following a link closes the menu.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    onClose();
  }, [pathname, onClose]);

  return (
    <dialog
      ref={dialog}
      className="mobile-menu"
      aria-label={t('menu.label')}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      {open && (
        <div className="mobile-menu__panel">
          <div className="mobile-menu__top">
            <BrandLogo to="/dashboard/home" />
            <button type="button" className={iconButtonClass()} aria-label={t('menu.close')} onClick={onClose}>
              <Icon icon={icons.close} />
            </button>
          </div>
          <Link to="/quotations/create" className={buttonClass({ variant: 'primary', block: true })}>
            <Icon icon={icons.plus} size={18} />
            {t('header.newInvoice')}
          </Link>
          <nav aria-label={t('nav.label')}>
            <SidebarNav legacy={user.legacy} admin={user.isAdmin} />
          </nav>
          <div className="mobile-menu__settings">
            <p className="mobile-menu__heading">{t('menu.settings')}</p>
            <p className="mobile-menu__who">{user.displayName}</p>
            <Link to="/dashboard/profile" className="nav-link">
              <Icon icon={icons.user} />
              <span>{t('settings.profile')}</span>
            </Link>
            <button type="button" className="nav-link" onClick={onLogout}>
              <Icon icon={icons.logout} />
              <span>{t('settings.logout')}</span>
            </button>
            <div className="mobile-menu__language">
              <LanguageSwitch />
            </div>
          </div>
          {promo && <SurveyPromo onDismiss={onClosePromo} />}
          <VersionLine />
        </div>
      )}
    </dialog>
  );
}
