// An area's sub-pages as a row of links (each a URL: back, reload and new tabs work), the current
// one marked for sight and for screen readers (aria-current).
import { Link } from 'react-router';
import styles from './tabs.module.css';

export type Tab = { id: string; to: string; label: string };

export function Tabs({ label, tabs, active }: { label: string; tabs: readonly Tab[]; active: string | null }) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.id} to={tab.to} aria-current={tab.id === active ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
