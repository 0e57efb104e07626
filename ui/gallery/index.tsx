// The kit's gallery page: every component, in the language of `?hl=` (Swedish by default). A
// development page: the BFF serves it only outside production.
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import '../src/styles/tokens.css';
import '../src/styles/base.css';
import { UiProvider } from '../src/i18n/ui-text.tsx';
import { Gallery } from './gallery.tsx';
import './gallery.css';
import { GALLERY_TEXTS } from './texts.ts';

const locale = new URLSearchParams(window.location.search).get('hl') === 'en' ? 'en' : 'sv';
document.documentElement.lang = locale;

void i18next
  .use(initReactI18next)
  .init({
    lng: locale,
    fallbackLng: 'en',
    ns: ['gallery'],
    defaultNS: 'gallery',
    resources: { sv: { gallery: GALLERY_TEXTS.sv }, en: { gallery: GALLERY_TEXTS.en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  .then(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('#root is missing');
    createRoot(root).render(
      <UiProvider namespace="gallery" locale={locale}>
        <BrowserRouter>
          <Gallery locale={locale} />
        </BrowserRouter>
      </UiProvider>,
    );
  });
