import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './brand-logo.tsx';
import { LanguageSwitch } from './language-switch.tsx';

/** The frame for logged-out and public pages: brand, language switch, centred content. */
export function PlainLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <div className="plain-shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="plain-header">
        <BrandLogo to="/" />
        <LanguageSwitch />
      </header>
      <main id="main" className="plain-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="plain-footer">
        <p>{t('footer.tagline')}</p>
      </footer>
    </div>
  );
}
