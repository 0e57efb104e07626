/** This remote's i18next namespace: texts live in src/locales/{sv,en}/salaries.json. */
export const NAMESPACE = 'salaries';
export const REMOTE_NAME = 'mf-salaries';
