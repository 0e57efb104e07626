// The kit's gallery page: every component, in the language of `?hl=` (Swedish by default). A
// development page: the BFF serves it only outside production.
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import '../src/styles/tokens.css';
import '../src/styles/base.css';
import { UiProvider } from '../src/i18n/ui-text.tsx';
import { Gallery } from './gallery.tsx';
import { ListDemoPage } from './list-demo.tsx';
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
          <Routes>
            {/* The working list keeps its own state in the URL (the language stays what the page opened in). */}
            <Route path="/ui-gallery/list" element={<ListDemoPage />} />
            <Route path="*" element={<Gallery locale={locale} />} />
          </Routes>
        </BrowserRouter>
      </UiProvider>,
    );
  });
