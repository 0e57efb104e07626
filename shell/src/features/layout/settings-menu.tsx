// The header's settings menu: My Profile, language, Logout, and the app's version and environment.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { config } from '../../app/config.ts';
import { initials } from '../session/display-name.ts';
import type { SessionUser } from '../session/session-types.ts';
import { Icon } from '@frilo/ui/icon';
import { LanguageSwitch } from './language-switch.tsx';
import * as icons from '@frilo/ui/icons';

export function SettingsMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = user.displayName;
  return (
    <div className="settings" ref={root}>
      <button
        ref={button}
        type="button"
        className="settings__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {initials(user)}
        </span>
        <span className="settings__name">{name}</span>
        <span className="visually-hidden">{t('settings.open')}</span>
        <Icon icon={icons.chevron} size={16} />
      </button>
      {open && (
        <div className="settings__panel" id={panelId}>
          <div className="settings__who">
            <strong>{name}</strong>
            <span>{user.email}</span>
          </div>
          <ul className="settings__list">
            <li>
              <Link to="/dashboard/profile" className="settings__item">
                <Icon icon={icons.user} size={18} />
                {t('settings.profile')}
              </Link>
            </li>
            <li className="settings__language">
              <Icon icon={icons.globe} size={18} />
              <LanguageSwitch />
            </li>
            <li>
              <button type="button" className="settings__item" onClick={onLogout}>
                <Icon icon={icons.logout} size={18} />
                {t('settings.logout')}
              </button>
            </li>
          </ul>
          <VersionLine />
        </div>
      )}
    </div>
  );
}

export function VersionLine() {
  const { t } = useTranslation('shell');
  return (
    <p className="version-line">
      {t('settings.version', { version: config.version })} · {config.environment}
    </p>
  );
}
