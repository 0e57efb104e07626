/** This remote's i18next namespace: texts live in src/locales/{sv,en}/customers.json. */
export const NAMESPACE = 'customers';
export const REMOTE_NAME = 'mf-customers';
