import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { config } from '../../app/config.ts';
import { Icon } from '@frilo/ui/icon';
import { activeNavItem, visibleNavItems } from './nav-items.ts';

/** The list of areas, shared by the sidebar and the slide-in menu. */
export function SidebarNav({ legacy }: { legacy: boolean }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const active = activeNavItem(pathname);
  return (
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
}
