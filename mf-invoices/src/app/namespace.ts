/** This remote's i18next namespace: texts live in src/locales/{sv,en}/invoices.json. */
export const NAMESPACE = 'invoices';
export const REMOTE_NAME = 'mf-invoices';
