import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';

/** /recipients/:uuid/verify/:nonce: the public page where a customer's contact checks their details. */
export function RecipientVerification() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="card card--narrow verify-card" aria-labelledby="verify-title">
      <span className="badge">{t('comingSoon')}</span>
      <h1 id="verify-title">{t('verify.title')}</h1>
      <p>{t('verify.text')}</p>
    </section>
  );
}
