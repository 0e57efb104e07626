import { useTranslation } from 'react-i18next';
import { SurveyPromo } from '../promos/survey-promo.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

/** The desktop sidebar; hidden below md (the slide-in menu takes over), compact on short screens. */
export function Sidebar({
  legacy,
  admin,
  promo,
  onClosePromo,
}: {
  legacy: boolean;
  admin: boolean;
  /** The survey promo, unless another notice is showing (one at a time). */
  promo: boolean;
  onClosePromo: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <SidebarNav legacy={legacy} admin={admin} />
      <div className="sidebar__footer">{promo && <SurveyPromo onDismiss={onClosePromo} />}</div>
    </nav>
  );
}
