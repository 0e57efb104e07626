import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { config } from '../../app/config.ts';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { activeAdminNavItem, activeNavItem, ADMIN_NAV_ITEMS, visibleNavItems } from './nav-items.ts';

/** The list of areas, shared by the sidebar and the slide-in menu. */
export function SidebarNav({ legacy, admin = false }: { legacy: boolean; admin?: boolean }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const active = activeNavItem(pathname);
  const activeAdmin = activeAdminNavItem(pathname);
  const main = (
    <ul className="nav-list">
      {visibleNavItems(legacy).map((item) => (
        <li key={item.id}>
          <Link
            to={item.to}
            className={item.id === active ? 'nav-link is-active' : 'nav-link'}
            aria-current={item.id === active ? 'page' : undefined}
          >
            <Icon icon={item.icon} />
            <span>{t(`nav.${item.id}`, { brand: config.brand })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
  if (!admin) return main;
  return (
    <>
      {main}
      <h2 className="nav-heading" id="nav-admin-heading">
        <Icon icon={icons.lock} size={16} />
        {t('admin.heading')}
      </h2>
      <ul className="nav-list" aria-labelledby="nav-admin-heading">
        {ADMIN_NAV_ITEMS.map((item) => (
          <li key={item.id}>
            <Link
              to={item.to}
              className={item.id === activeAdmin ? 'nav-link nav-link--admin is-active' : 'nav-link nav-link--admin'}
              aria-current={item.id === activeAdmin ? 'page' : undefined}
            >
              <span>{t(`admin.${item.id}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
