// The part of react-i18next that Frilo shares (see react-router.ts for why a subset): the hook,
// the provider and <Trans> for texts with markup. The context object must be a singleton.
export {
  I18nContext,
  I18nextProvider,
  Trans,
  getI18n,
  initReactI18next,
  useTranslation,
} from 'frilo-react-i18next-full';
