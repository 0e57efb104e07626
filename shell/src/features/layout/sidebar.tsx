import { useTranslation } from 'react-i18next';
import { SurveyPromo } from '../promos/survey-promo.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

/** The desktop sidebar; hidden below md (the slide-in menu takes over), compact on short screens. */
export function Sidebar({ legacy, admin, promo }: { legacy: boolean; admin: boolean; promo: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <SidebarNav legacy={legacy} admin={admin} />
      <div className="sidebar__footer">{promo && <SurveyPromo />}</div>
    </nav>
  );
}
